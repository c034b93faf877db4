import Katana

/// DevTools' instrumentation for a store that has its own (KatanaTracing, signposts): records as
/// ``DevToolsInstrumentation`` does, and hands every call to the wrapped instrumentation with
/// its own tokens, so a store keeps its tracing when DevTools is attached.
struct ChainedDevToolsInstrumentation: DispatchInstrumentation {
  let recording: DevToolsRecording
  let inner: any DispatchInstrumentation

  func dispatchWillBegin(_ event: DispatchEvent) -> (any Sendable)? {
    let own = DevToolsInstrumentation.begin(event, recording: recording)
    return ChainedInstrumentationToken(own: own, inner: inner.dispatchWillBegin(innerEvent(event)))
  }

  func dispatchDidEnd(_ event: DispatchEvent, token: (any Sendable)?, outcome: DispatchOutcome) {
    let chained = token as? ChainedInstrumentationToken
    inner.dispatchDidEnd(innerEvent(event), token: chained?.inner, outcome: outcome)
    guard let own = chained?.own else { return }
    recording.sideEffectEnded(event, id: own.id, start: own.start, outcome: outcome)
  }

  /// DevTools keeps the states around every updater (for diffs, the state tree, time travel).
  var observesStateChanges: Bool { true }

  func updaterDidEnd(
    _ event: DispatchEvent, token: (any Sendable)?, outcome: DispatchOutcome, change: (any AnyStateChange)?
  ) {
    let chained = token as? ChainedInstrumentationToken
    inner.updaterDidEnd(innerEvent(event), token: chained?.inner, outcome: outcome, change: change)
    guard let own = chained?.own else { return }
    recording.updaterHandled(event, start: own.start, outcome: outcome, change: change)
  }

  func stateInitializerDidFail(_ error: any Error) {
    inner.stateInitializerDidFail(error)
  }

  func withScope(
    of token: (any Sendable)?, _ operation: () async throws -> any Sendable
  ) async throws -> any Sendable {
    try await inner.withScope(of: (token as? ChainedInstrumentationToken)?.inner, operation)
  }

  func withSynchronousScope(of token: (any Sendable)?, _ operation: () throws -> Void) rethrows {
    try inner.withSynchronousScope(of: (token as? ChainedInstrumentationToken)?.inner, operation)
  }

  /// The event as the wrapped instrumentation must see it: with its own token as the parent.
  private func innerEvent(_ event: DispatchEvent) -> DispatchEvent {
    guard let parent = event.parent as? ChainedInstrumentationToken else { return event }
    return DispatchEvent(
      item: event.item, kind: event.kind, queueWait: event.queueWait, parent: parent.inner,
      callSite: event.callSite)
  }
}
