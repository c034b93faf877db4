import Katana

extension RecorderState {
  /// Whether the item `id` is part of what the test skipped with `skipInFlightSideEffects()`: a
  /// skipped side effect itself (when `includingSkippedItself`), or an item one of them dispatched,
  /// directly or through other side effects, after the skip.
  ///
  /// - Parameter skipping: skipped side effect id → first item id that counts as skipped.
  func isSkipped(_ id: Int, skipping: [Int: Int], includingSkippedItself: Bool) -> Bool {
    guard !skipping.isEmpty else { return false }
    if includingSkippedItself, skipping[id] != nil { return true }
    var parent = items[id]?.parentID
    while let ancestor = parent {
      if let from = skipping[ancestor], id >= from { return true }
      parent = items[ancestor]?.parentID
    }
    return false
  }

  /// Removes from the items to receive those that skipped side effects dispatched.
  mutating func dropSkippedReceived(skipping: [Int: Int]) {
    guard !skipping.isEmpty else { return }
    let kept = received.filter { !isSkipped($0, skipping: skipping, includingSkippedItself: false) }
    received = kept
  }

  /// The running items the test still waits for: all but the skipped ones.
  func awaitedRunningItems(skipping: [Int: Int]) -> [RecordedItem<S>] {
    runningItems.filter { !isSkipped($0.id, skipping: skipping, includingSkippedItself: true) }
  }
}
