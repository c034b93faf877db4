import Katana

/// The instrumentation DevTools installs, its one attachment to a store: it times every item,
/// gives side effects their ids (the parents of what their bodies dispatch) and hands each
/// finished item to the recording, an updater with the states around it.
///
/// This is the shape for a store without other instrumentation; ``ChainedDevToolsInstrumentation``
/// wraps the store's own (KatanaTracing, signposts). Two types rather than an optional inner one:
/// every copy of an optional existential, and every dynamic cast of a token, costs a call
/// through run-time type metadata on each item.
struct DevToolsInstrumentation: DispatchInstrumentation {
  let recording: DevToolsRecording

  func dispatchWillBegin(_ event: DispatchEvent) -> (any Sendable)? {
    Self.begin(event, recording: recording)
  }

  func dispatchDidEnd(_ event: DispatchEvent, token: (any Sendable)?, outcome: DispatchOutcome) {
    guard let own = InstrumentationToken.own(token) else { return }
    recording.sideEffectEnded(event, id: own.id, start: own.start, outcome: outcome)
  }

  /// DevTools keeps the states around every updater (for diffs, the state tree, time travel).
  var observesStateChanges: Bool { true }

  func updaterDidEnd(
    _ event: DispatchEvent, token: (any Sendable)?, outcome: DispatchOutcome, change: (any AnyStateChange)?
  ) {
    guard let own = InstrumentationToken.own(token) else { return }
    recording.updaterHandled(event, start: own.start, outcome: outcome, change: change)
  }

  /// DevTools' token for an item that begins.
  static func begin(_ event: DispatchEvent, recording: DevToolsRecording) -> InstrumentationToken {
    // An updater gets its id when it ends, under the lock its record takes anyway: nothing can
    // name it as a parent before then that DevTools shows.
    InstrumentationToken(
      id: event.kind == .stateUpdater ? 0 : recording.sideEffectBegins(), start: MonotonicTime.now())
  }
}
