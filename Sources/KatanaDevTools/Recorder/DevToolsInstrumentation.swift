import Katana

/// The instrumentation hook DevTools installs: it times every item, gives side effects their ids
/// and hands each finished item to the recorder. It wraps the store's own instrumentation, if
/// any (KatanaTracing, signposts), which sees every call with its own tokens, so a store keeps
/// its tracing when DevTools is attached.
struct DevToolsInstrumentation: DispatchInstrumentation {
  let recording: DevToolsRecording
  let inner: (any DispatchInstrumentation)?

  func dispatchWillBegin(_ event: DispatchEvent) -> (any Sendable)? {
    guard let inner else {
      // An updater is never a parent here, so it gets no token (the store then skips binding it
      // as the parent of what its chain dispatches, the costliest step of the hook); its start
      // waits in the recording, where updaters' begins and ends strictly alternate.
      guard event.kind != .stateUpdater else {
        recording.updaterBegins()
        return nil
      }
      return InstrumentationToken(id: recording.sideEffectBegins(), start: MonotonicTime.now())
    }
    let own = InstrumentationToken(
      id: event.kind == .stateUpdater ? 0 : recording.sideEffectBegins(), start: MonotonicTime.now())
    return ChainedInstrumentationToken(own: own, inner: inner.dispatchWillBegin(innerEvent(event)))
  }

  func dispatchDidEnd(_ event: DispatchEvent, token: (any Sendable)?, outcome: DispatchOutcome) {
    guard let inner else {
      if let own = token as? InstrumentationToken {
        recording.itemEnded(event, id: own.id, start: own.start, outcome: outcome)
      } else {
        recording.itemEnded(event, id: 0, start: nil, outcome: outcome)
      }
      return
    }
    inner.dispatchDidEnd(innerEvent(event), token: (token as? ChainedInstrumentationToken)?.inner, outcome: outcome)
    guard let own = (token as? ChainedInstrumentationToken)?.own else { return }
    recording.itemEnded(event, id: own.id, start: own.start, outcome: outcome)
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
