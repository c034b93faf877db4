import Katana

/// Everything the recorder knows, mutated only under the recorder's lock.
///
/// Items get increasing ids in the order the store starts handling them. Updaters are handled one
/// at a time; side effects may run concurrently.
struct RecorderState<S: State> {
  /// A test dispatch waiting for the store to start handling it.
  struct Claim {
    let id: Int
    let type: ObjectIdentifier
  }

  /// How a `receive` can go on, decided under the lock.
  enum Reception {
    /// The item to assert, and the items skipped to reach it (non-exhaustive mode only).
    case found(RecordedItem<S>, skipped: [RecordedItem<S>])
    /// Exhaustive mode: the next received item is not the expected one; it has been consumed.
    case mismatch(RecordedItem<S>)
    /// The matching item exists but its state change is not known yet.
    case pending
    /// Nothing matches yet; `running` items may still dispatch more.
    case nothing(running: [RecordedItem<S>])
  }

  var items: [Int: RecordedItem<S>] = [:]
  var nextItemID = 0
  /// Received items not asserted yet, in the order the store started them.
  var received: [Int] = []
  var claims: [Claim] = []
  var nextClaimID = 0
  /// Claim id → recorded item id, once the store started the test's item.
  var claimed: [Int: Int] = [:]
  /// Claims whose failure the test looked at through ``TestStoreTask/value``.
  var observedClaims: Set<Int> = []
  /// Items started and not finished.
  var running: Set<Int> = []
  /// Bumped on every change, so waiters know whether something happened.
  var version: UInt64 = 0

  /// Records that the store started `event`'s item; returns the item's id.
  mutating func begin(_ event: DispatchEvent) -> Int {
    let id = nextItemID
    nextItemID += 1
    let parentID = (event.parent as? RecorderToken)?.id
    var origin = RecordedItem<S>.Origin.received
    // The test's own items are dispatched from the test's task, never from inside a side effect.
    if parentID == nil {
      let type = ObjectIdentifier(Swift.type(of: event.item))
      if let index = claims.firstIndex(where: { $0.type == type }) {
        let claim = claims.remove(at: index)
        claimed[claim.id] = id
        origin = .test(claim: claim.id)
      }
    }
    items[id] = RecordedItem(
      id: id, item: event.item, kind: event.kind, parentID: parentID, origin: origin, callSite: event.callSite,
      before: nil, after: nil, outcome: nil)
    if origin == .received { received.append(id) }
    running.insert(id)
    version &+= 1
    return id
  }

  mutating func end(_ id: Int, outcome: DispatchOutcome) {
    items[id]?.outcome = outcome
    running.remove(id)
    version &+= 1
  }

  /// Takes the next received item for a `receive` that expects an item matching `matches`.
  mutating func takeReceived(matching matches: (any Dispatchable) -> Bool, exhaustivity: Exhaustivity)
    -> Reception
  {
    switch exhaustivity {
    case .on:
      guard let first = received.first, let record = items[first] else { return .nothing(running: runningItems) }
      guard matches(record.item) else {
        received.removeFirst()
        return .mismatch(record)
      }
      guard record.isReadyToAssert else { return .pending }
      received.removeFirst()
      return .found(record, skipped: [])
    case .off:
      guard let index = received.firstIndex(where: { items[$0].map { matches($0.item) } ?? false }),
        let record = items[received[index]]
      else { return .nothing(running: runningItems) }
      guard record.isReadyToAssert else { return .pending }
      let skipped = received[..<index].compactMap { items[$0] }
      received.removeFirst(index + 1)
      return .found(record, skipped: skipped)
    }
  }

  var runningItems: [RecordedItem<S>] {
    running.sorted().compactMap { items[$0] }
  }

  var unassertedItems: [RecordedItem<S>] {
    received.compactMap { items[$0] }
  }

  /// Side effects the test dispatched that failed while the test never awaited their value.
  var unobservedTestFailures: [RecordedItem<S>] {
    claimed.filter { !observedClaims.contains($0.key) }
      .compactMap { items[$0.value] }
      .filter { $0.kind != .stateUpdater && $0.unexpectedFailure != nil }
      .sorted { $0.id < $1.id }
  }
}
