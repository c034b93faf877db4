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
  }

  struct End: Sendable {
    let name: String
    let token: Int?
    let error: (any Error)?
  }

  let begins = Recorder<Begin>()
  /// What ``observesStateUpdaters`` answers.
  let observesStateUpdaters: Bool
  let ends = Recorder<End>()
  let initializerFailures = Recorder<any Error>()
  private let tokens = Counter()

  init(observesStateUpdaters: Bool = true) {
    self.observesStateUpdaters = observesStateUpdaters
  }

  func dispatchWillBegin(_ event: DispatchEvent) -> (any Sendable)? {
    let token = tokens.increment()
    begins.append(
      Begin(name: event.name, kind: event.kind, token: token, parent: event.parent as? Int, hasParent: event.parent != nil))
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

  func stateInitializerDidFail(_ error: any Error) {
    initializerFailures.append(error)
  }

  func begins(of type: any Dispatchable.Type) -> [Begin] {
    let name = String(reflecting: type)
    return begins.values.filter { $0.name == name }
  }
}
