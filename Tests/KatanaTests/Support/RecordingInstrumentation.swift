import Katana

/// Instrumentation that records every call, handing out increasing integer tokens.
final class RecordingInstrumentation: DispatchInstrumentation {
  struct Begin: Sendable {
    let name: String
    let kind: DispatchKind
    let token: Int
    /// The parent token, if the store passed one.
    let parent: Int?
    let hasParent: Bool
    let callSite: DispatchCallSite?
  }

  struct End: Sendable {
    let name: String
    let token: Int?
    let error: (any Error)?
  }

  /// An updater's end as ``updaterDidEnd(_:token:outcome:change:)`` reported it.
  struct Change: Sendable {
    let name: String
    let token: Int?
    let before: any State
    let after: any State
    let sequence: UInt64
    let queueWait: Duration
  }

  let begins = Recorder<Begin>()
  let ends = Recorder<End>()
  /// Updaters' ends that came with a state change (also recorded in ``ends``).
  let changes = Recorder<Change>()
  let initializerFailures = Recorder<any Error>()
  private let tokens = Counter()

  func dispatchWillBegin(_ event: DispatchEvent) -> (any Sendable)? {
    let token = tokens.increment()
    begins.append(
      Begin(
        name: event.name, kind: event.kind, token: token, parent: event.parent as? Int,
        hasParent: event.parent != nil, callSite: event.callSite))
    return token
  }

  func dispatchDidEnd(_ event: DispatchEvent, token: (any Sendable)?, outcome: DispatchOutcome) {
    let error: (any Error)?
    switch outcome {
    case .completed: error = nil
    case .failed(let failure): error = failure
    }
    ends.append(End(name: event.name, token: token as? Int, error: error))
  }

  /// What ``observesStateChanges`` answers.
  let observesStateChanges: Bool

  init(observesStateChanges: Bool = true) {
    self.observesStateChanges = observesStateChanges
  }

  func updaterDidEnd(
    _ event: DispatchEvent, token: (any Sendable)?, outcome: DispatchOutcome, change: (any AnyStateChange)?
  ) {
    if let change {
      changes.append(
        Change(
          name: event.name, token: token as? Int, before: change.anyBefore, after: change.anyAfter,
          sequence: change.sequence, queueWait: event.queueWait))
    }
    dispatchDidEnd(event, token: token, outcome: outcome)
  }

  func stateInitializerDidFail(_ error: any Error) {
    initializerFailures.append(error)
  }

  func begins(of type: any Dispatchable.Type) -> [Begin] {
    let name = String(reflecting: type)
    return begins.values.filter { $0.name == name }
  }
}
