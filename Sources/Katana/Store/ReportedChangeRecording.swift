/// A recording the instrumented route reports an updater's end with.
@usableFromInline
protocol ReportedChangeRecording<S>: ChangeRecording {
  /// Reports the end now, handing over what was kept (nothing stays kept).
  mutating func report(
    to instrumentation: any DispatchInstrumentation, event: DispatchEvent, token: (any Sendable)?,
    outcome: DispatchOutcome)
  /// Moves what was kept out, for a report made when the update settles.
  mutating func take() -> AppliedChange<S>?
}

/// Copies the states around the update into memory the caller owns (and then hands over to the
/// instrumentation): an optional of the state, or of a struct holding it, is copied and destroyed
/// through run-time value witnesses even in specialised code.
@usableFromInline
struct StatesRecording<S: State>: ChangeRecording {
  /// Uninitialised until ``willApply(_:sequence:)``; `after` follows it.
  @usableFromInline let before: UnsafeMutablePointer<S>
  /// The change's sequence once applied; 0 while nothing is initialised.
  @usableFromInline private(set) var sequence: UInt64 = 0

  /// - Parameter states: room for two states, uninitialised.
  @inlinable
  init(into states: UnsafeMutablePointer<S>) {
    before = states
  }

  @inlinable var after: UnsafeMutablePointer<S> { before + 1 }
  @inlinable static var countsChange: Bool { true }

  @inlinable
  func willApply(_ before: S, sequence: UInt64) {
    self.before.initialize(to: before)
  }

  @inlinable
  mutating func didApply(_ after: S, sequence: UInt64) {
    self.after.initialize(to: after)
    self.sequence = sequence
  }

  /// Moves the states out, for a report made later (nothing stays initialised).
  @inlinable
  mutating func take() -> AppliedChange<S>? {
    guard sequence != 0 else { return nil }
    defer { sequence = 0 }
    return AppliedChange(before: before.move(), after: after.move(), sequence: sequence)
  }
}

/// Keeps the change in a box, read when an update that waited in line is reported.
@usableFromInline
struct BoxRecording<S: State>: ChangeRecording {
  /// `nil`: keeps nothing (a store without instrumentation).
  @usableFromInline let box: ChangeBox<S>?
  @usableFromInline var before: S?

  @inlinable
  init(_ box: ChangeBox<S>?) {
    self.box = box
  }

  @inlinable static var countsChange: Bool { true }

  @inlinable
  mutating func willApply(_ before: S, sequence: UInt64) {
    if box != nil { self.before = before }
  }

  @inlinable
  mutating func didApply(_ after: S, sequence: UInt64) {
    guard let box, let before = before.take() else { return }
    box.set(AppliedChange(before: before, after: after, sequence: sequence))
  }
}

extension NoChangeRecording: ReportedChangeRecording {
  @inlinable
  func report(
    to instrumentation: any DispatchInstrumentation, event: DispatchEvent, token: (any Sendable)?,
    outcome: DispatchOutcome
  ) {
    instrumentation.updaterEnded(event, token: token, outcome: outcome, states: UnsafeMutablePointer<S>?.none, sequence: 0)
  }

  @inlinable
  func take() -> AppliedChange<S>? { nil }
}

extension StatesRecording: ReportedChangeRecording {
  @inlinable
  mutating func report(
    to instrumentation: any DispatchInstrumentation, event: DispatchEvent, token: (any Sendable)?,
    outcome: DispatchOutcome
  ) {
    guard sequence != 0 else {
      instrumentation.updaterEnded(
        event, token: token, outcome: outcome, states: UnsafeMutablePointer<S>?.none, sequence: 0)
      return
    }
    // Handed over: the instrumentation owns (and destroys) them.
    instrumentation.updaterEnded(event, token: token, outcome: outcome, states: before, sequence: sequence)
    sequence = 0
  }
}
