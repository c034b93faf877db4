import Katana

/// The instrumentation hook DevTools installs: it times every item, gives side effects their ids
/// and hands each finished item to the recorder. It wraps the store's own instrumentation, if
/// any (KatanaTracing, signposts), which sees every call with its own tokens, so a store keeps
/// its tracing when DevTools is attached.
struct DevToolsInstrumentation<S: State & Codable>: DispatchInstrumentation {
  let recorder: DevToolsRecorder<S>
  let inner: (any DispatchInstrumentation)?

  func dispatchWillBegin(_ event: DispatchEvent) -> (any Sendable)? {
    let own = InstrumentationToken(
      id: event.kind == .stateUpdater ? 0 : recorder.sideEffectBegins(), start: .now)
    guard let inner else { return own }
    return ChainedInstrumentationToken(own: own, inner: inner.dispatchWillBegin(innerEvent(event)))
  }

  func dispatchDidEnd(_ event: DispatchEvent, token: (any Sendable)?, outcome: DispatchOutcome) {
    if let inner {
      inner.dispatchDidEnd(innerEvent(event), token: (token as? ChainedInstrumentationToken)?.inner, outcome: outcome)
    }
    guard let own = InstrumentationToken.from(token) else { return }
    recorder.itemEnded(event, id: own.id, start: own.start, outcome: outcome)
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
