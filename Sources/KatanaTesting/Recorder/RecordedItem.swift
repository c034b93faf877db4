import Katana

/// One item the store handled while a ``TestStore`` watched it.
struct RecordedItem<S: State>: Sendable {
  /// Who dispatched the item.
  enum Origin: Sendable, Equatable {
    /// The test, through ``TestStore``'s `dispatch`; the claim it made before dispatching.
    case test(claim: Int)
    /// A side effect, an interceptor or anything else but the test: the item must be received.
    case received
  }

  let id: Int
  let item: any Dispatchable
  let kind: DispatchKind
  /// The recorded item (a side effect) whose body dispatched this one, if any.
  let parentID: Int?
  let origin: Origin
  /// Where the item was dispatched, when the dispatch recorded it; failure messages name it.
  let callSite: DispatchCallSite?
  /// For updaters: the state right before and right after the store applied it.
  var before: S?
  var after: S?
  /// `nil` while the store is still handling the item.
  var outcome: DispatchOutcome?

  var name: String { item.debugDescription }
  var isRunning: Bool { outcome == nil }

  /// Whether a `receive` can assert it now: side effects as soon as they start, updaters once
  /// their new state is known.
  var isReadyToAssert: Bool { kind != .stateUpdater || !isRunning }

  var failure: (any Error)? {
    if case .failed(let error)? = outcome { return error }
    return nil
  }

  /// A failure the test must account for: ending with `CancellationError` is being cancelled
  /// (by a newer side effect with the same cancellation id, `cancel(id:)` or the test), which a
  /// test need not assert, as in TCA.
  var unexpectedFailure: (any Error)? {
    guard let failure, !(failure is CancellationError) else { return nil }
    return failure
  }
}

/// What the recorder returns from `dispatchWillBegin`: the item's id, so that the core hands it
/// back as the parent of whatever the item's side effect dispatches.
struct RecorderToken: Sendable {
  let id: Int
}
