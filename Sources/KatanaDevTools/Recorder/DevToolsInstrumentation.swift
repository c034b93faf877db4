import Katana

/// The instrumentation DevTools installs, its one attachment to a store: it times every item,
/// gives side effects their ids (the parents of what their bodies dispatch) and hands each
/// finished item to the recording, an updater with the states around it. It wraps the store's
/// own instrumentation, if any (KatanaTracing, signposts), which sees every call with its own
/// tokens, so a store keeps its tracing when DevTools is attached.
struct DevToolsInstrumentation: DispatchInstrumentation {
  let recording: DevToolsRecording
  let inner: (any DispatchInstrumentation)?

  func dispatchWillBegin(_ event: DispatchEvent) -> (any Sendable)? {
    // An updater gets its id when it ends, under the lock its record takes anyway: nothing can
    // name it as a parent before then that DevTools shows.
    let own = InstrumentationToken(
      id: event.kind == .stateUpdater ? 0 : recording.sideEffectBegins(), start: MonotonicTime.now())
    guard let inner else { return own }
    return ChainedInstrumentationToken(own: own, inner: inner.dispatchWillBegin(innerEvent(event)))
  }

  func dispatchDidEnd(_ event: DispatchEvent, token: (any Sendable)?, outcome: DispatchOutcome) {
    guard let own = ownToken(token, event: event, forwarding: { inner, innerToken in
      inner.dispatchDidEnd(innerEvent(event), token: innerToken, outcome: outcome)
    }) else { return }
    recording.sideEffectEnded(event, id: own.id, start: own.start, outcome: outcome)
  }

  /// DevTools keeps the states around every updater (for diffs, the state tree, time travel).
  var observesStateChanges: Bool { true }

  func updaterDidEnd(
    _ event: DispatchEvent, token: (any Sendable)?, outcome: DispatchOutcome, change: (any AnyStateChange)?
  ) {
    guard let own = ownToken(token, event: event, forwarding: { inner, innerToken in
      inner.updaterDidEnd(innerEvent(event), token: innerToken, outcome: outcome, change: change)
    }) else { return }
    recording.updaterHandled(event, start: own.start, outcome: outcome, change: change)
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

  /// DevTools' part of `token`, after handing the wrapped instrumentation its own part.
  private func ownToken(
    _ token: (any Sendable)?, event: DispatchEvent,
    forwarding: (any DispatchInstrumentation, (any Sendable)?) -> Void
  ) -> InstrumentationToken? {
    guard let inner else { return token as? InstrumentationToken }
    let chained = token as? ChainedInstrumentationToken
    forwarding(inner, chained?.inner)
    return chained?.own
  }

  /// The event as the wrapped instrumentation must see it: with its own token as the parent.
  private func innerEvent(_ event: DispatchEvent) -> DispatchEvent {
    guard let parent = event.parent as? ChainedInstrumentationToken else { return event }
    return DispatchEvent(
      item: event.item, kind: event.kind, queueWait: event.queueWait, parent: parent.inner,
      callSite: event.callSite)
  }
}
