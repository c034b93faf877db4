import Katana

/// The instrumentation hook DevTools installs: it times side effects, gives them their ids (the
/// parents of what their bodies dispatch) and hands each finished one to the recording. Updaters
/// are recorded by DevTools' interceptor instead, which costs far less than the hook. It wraps the store's own instrumentation, if
/// any (KatanaTracing, signposts), which sees every call with its own tokens, so a store keeps
/// its tracing when DevTools is attached.
struct DevToolsInstrumentation: DispatchInstrumentation {
  let recording: DevToolsRecording
  let inner: (any DispatchInstrumentation)?

  /// Updaters are recorded by DevTools' interceptor, so the store need not report them here
  /// (and skips the hook for them) unless the wrapped instrumentation wants them.
  var observesStateUpdaters: Bool { inner?.observesStateUpdaters ?? false }

  func dispatchWillBegin(_ event: DispatchEvent) -> (any Sendable)? {
    // An updater reaches this only for the wrapped instrumentation.
    let own =
      event.kind == .stateUpdater
      ? InstrumentationToken(id: 0, start: 0) : InstrumentationToken(id: recording.sideEffectBegins(), start: MonotonicTime.now())
    guard let inner else { return own }
    return ChainedInstrumentationToken(own: own, inner: inner.dispatchWillBegin(innerEvent(event)))
  }

  func dispatchDidEnd(_ event: DispatchEvent, token: (any Sendable)?, outcome: DispatchOutcome) {
    let own: InstrumentationToken?
    if let inner {
      let chained = token as? ChainedInstrumentationToken
      inner.dispatchDidEnd(innerEvent(event), token: chained?.inner, outcome: outcome)
      own = chained?.own
    } else {
      own = token as? InstrumentationToken
    }
    guard event.kind != .stateUpdater, let own else { return }
    recording.sideEffectEnded(event, id: own.id, start: own.start, outcome: outcome)
  }

  func stateInitializerDidFail(_ error: any Error) {
    inner?.stateInitializerDidFail(error)
  }

  func withScope(
    of token: (any Sendable)?, _ operation: () async throws -> any Sendable
  ) async throws -> any Sendable {
    guard let inner else { return try await operation() }
    return try await inner.withScope(of: (token as? ChainedInstrumentationToken)?.inner, operation)
  }

  func withSynchronousScope(of token: (any Sendable)?, _ operation: () throws -> Void) rethrows {
    guard let inner else { return try operation() }
    try inner.withSynchronousScope(of: (token as? ChainedInstrumentationToken)?.inner, operation)
  }

  /// The event as the wrapped instrumentation must see it: with its own token as the parent.
  private func innerEvent(_ event: DispatchEvent) -> DispatchEvent {
    guard let parent = event.parent as? ChainedInstrumentationToken else { return event }
    return DispatchEvent(item: event.item, kind: event.kind, queueWait: event.queueWait, parent: parent.inner)
  }
}
