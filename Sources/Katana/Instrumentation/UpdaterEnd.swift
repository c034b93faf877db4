extension DispatchInstrumentation {
  /// Reports the end of an updater's handling: the one way the store does.
  ///
  /// With `states`, two initialised states of the store (before, then after; moved out here, so
  /// the instrumentation owns them) and the change's `sequence`, it calls
  /// ``updaterDidEnd(_:token:outcome:before:after:sequence:)``; without (the store had no states
  /// to give, or the instrumentation does not observe them), ``updaterDidEnd(_:token:outcome:change:)``
  /// with `nil`, whose default calls ``dispatchDidEnd(_:token:outcome:)``.
  ///
  /// The states come in memory the caller owns, not in an optional: an optional of the state is
  /// copied and destroyed through run-time value witnesses even in specialised code.
  @inlinable
  func updaterEnded<S: State>(
    _ event: DispatchEvent, token: (any Sendable)?, outcome: DispatchOutcome, states: UnsafeMutablePointer<S>?,
    sequence: UInt64
  ) {
    guard let states else {
      updaterDidEnd(event, token: token, outcome: outcome, change: nil)
      return
    }
    updaterDidEnd(
      event, token: token, outcome: outcome, before: states.move(), after: (states + 1).move(), sequence: sequence)
  }

  /// ``updaterEnded(_:token:outcome:states:sequence:)`` with the change the machine recorded, if
  /// any.
  @inlinable
  func updaterEnded<S: State>(
    _ event: DispatchEvent, token: (any Sendable)?, outcome: DispatchOutcome, applied: AppliedChange<S>?
  ) {
    guard let applied else {
      updaterEnded(event, token: token, outcome: outcome, states: UnsafeMutablePointer<S>?.none, sequence: 0)
      return
    }
    withUnsafeTemporaryAllocation(of: S.self, capacity: 2) { states in
      let before = states.baseAddress!
      before.initialize(to: applied.before)
      (before + 1).initialize(to: applied.after)
      updaterEnded(event, token: token, outcome: outcome, states: before, sequence: applied.sequence)
    }
  }
}
