import Katana

/// DevTools' instrumentation for a store that has its own (KatanaTracing, signposts, the flight
/// recorder): records as ``DevToolsInstrumentation`` does, and hands every call to the wrapped
/// instrumentation with its own tokens, so a store keeps its tracing when DevTools is attached.
struct ChainedDevToolsInstrumentation<S: State>: DispatchInstrumentation {
  let recording: DevToolsRecording
  let slots: StateSlots<S>
  let inner: any DispatchInstrumentation
  /// `inner.observesStateChanges`, read once: the states go to it only when it asks for them.
  let innerObservesStates: Bool

  init(recording: DevToolsRecording, slots: StateSlots<S>, inner: any DispatchInstrumentation) {
    self.recording = recording
    self.slots = slots
    self.inner = inner
    innerObservesStates = inner.observesStateChanges
  }

  func dispatchWillBegin(_ event: DispatchEvent) -> (any Sendable)? {
    let own = DevToolsInstrumentation<S>.begin(event, recording: recording)
    // When the wrapped instrumentation keeps no token (the flight recorder alone), DevTools' own
    // token is the whole token: it fits in the existential, where the pair is boxed (a malloc);
    // and an untimed updater then has none at all.
    guard let inner = inner.dispatchWillBegin(innerEvent(event)) else { return own }
    return ChainedInstrumentationToken(own: own ?? .untimedUpdater, inner: inner)
  }

  func dispatchDidEnd(_ event: DispatchEvent, token: (any Sendable)?, outcome: DispatchOutcome) {
    let (own, innerToken) = split(token)
    inner.dispatchDidEnd(innerEvent(event), token: innerToken, outcome: outcome)
    guard let own else { return }
    recording.sideEffectEnded(event, id: own.id, start: own.start, outcome: outcome)
  }

  /// DevTools keeps the states around every updater (for diffs, the state tree, time travel).
  var observesStateChanges: Bool { true }

  func updaterDidEnd(
    _ event: DispatchEvent, token: (any Sendable)?, outcome: DispatchOutcome, change: (any AnyStateChange)?
  ) {
    let (own, innerToken) = split(updaterToken: token)
    inner.updaterDidEnd(innerEvent(event), token: innerToken, outcome: outcome, change: change)
    guard let own else { return }
    if let change = change as? StateChange<S> {
      DevToolsInstrumentation<S>.record(
        event, start: own.updaterStart, outcome: outcome, before: change.before, after: change.after,
        sequence: change.sequence, recording: recording, slots: slots)
    } else {
      recording.updaterHandled(event, start: own.updaterStart, outcome: outcome)
    }
  }

  func updaterDidEnd<Value: State>(
    _ event: DispatchEvent, token: (any Sendable)?, outcome: DispatchOutcome, before: consuming Value,
    after: consuming Value, sequence: UInt64
  ) {
    let (own, innerToken) = split(updaterToken: token)
    if innerObservesStates {
      // The wrapped instrumentation gets its own copies; DevTools keeps the originals.
      inner.updaterDidEnd(
        innerEvent(event), token: innerToken, outcome: outcome, before: copy before, after: copy after,
        sequence: sequence)
    } else {
      inner.updaterDidEnd(innerEvent(event), token: innerToken, outcome: outcome, change: nil)
    }
    guard let own else { return }
    DevToolsInstrumentation<S>.record(
      event, start: own.updaterStart, outcome: outcome, before: before, after: after, sequence: sequence,
      recording: recording, slots: slots)
  }

  func stateInitializerDidFail(_ error: any Error) {
    inner.stateInitializerDidFail(error)
  }

  func withScope(
    of token: (any Sendable)?, _ operation: () async throws -> any Sendable
  ) async throws -> any Sendable {
    try await inner.withScope(of: split(token).inner, operation)
  }

  func withSynchronousScope(of token: (any Sendable)?, _ operation: () throws -> Void) rethrows {
    try inner.withSynchronousScope(of: split(token).inner, operation)
  }

  /// ``split(_:)`` for an updater's token: none means an untimed updater.
  private func split(updaterToken token: (any Sendable)?) -> (own: InstrumentationToken?, inner: (any Sendable)?) {
    guard token.isSome else { return (.untimedUpdater, nil) }
    return split(token)
  }

  /// DevTools' part and the wrapped instrumentation's part of a token this instrumentation made.
  private func split(_ token: (any Sendable)?) -> (own: InstrumentationToken?, inner: (any Sendable)?) {
    if let own = InstrumentationToken.own(token) { return (own, nil) }
    guard let chained = token as? ChainedInstrumentationToken else { return (nil, nil) }
    return (chained.own, chained.inner)
  }

  /// The event as the wrapped instrumentation must see it: with its own token as the parent.
  private func innerEvent(_ event: DispatchEvent) -> DispatchEvent {
    guard let parent = event.parent, InstrumentationToken.own(parent) != nil || parent is ChainedInstrumentationToken
    else { return event }
    return DispatchEvent(
      item: event.item, kind: event.kind, queueWait: event.queueWait, parent: split(parent).inner,
      callSite: event.callSite)
  }
}
