/// The recording's items, oldest first: at most `capacity` of them, the newest replacing the
/// oldest in place once it is full.
///
/// Replaces a `Deque`, whose `append` borrows its argument and copies it in, and whose
/// `removeFirst` moves the oldest out to be destroyed: a ``RecordedItem`` is copied and destroyed
/// through run-time value witnesses, so each of those cost a hundred or more instructions per
/// recorded item. Here the new item is moved into its slot.
struct RecordRing: RandomAccessCollection, Sendable {
  /// Physical storage; full once it holds `capacity` items.
  private var slots: [RecordedItem] = []
  /// The physical index of the oldest item.
  private var oldest = 0
  let capacity: Int

  init(capacity: Int) {
    self.capacity = Swift.max(1, capacity)
  }

  var startIndex: Int { 0 }
  var endIndex: Int { slots.count }

  subscript(position: Int) -> RecordedItem {
    precondition(position >= 0 && position < slots.count, "RecordRing index out of range")
    let physical = oldest + position
    return slots[physical < slots.count ? physical : physical - slots.count]
  }

  /// The physical slot of the item at `position` (the index ``StateSlots`` uses).
  func slot(at position: Int) -> Int {
    let physical = oldest + position
    return physical < slots.count ? physical : physical - slots.count
  }

  /// The physical slot the next ``append(_:)`` writes into.
  var nextSlot: Int { slots.count < capacity ? slots.count : oldest }

  /// Whether the next ``append(_:)`` replaces an item with states (read in place: a copy of a
  /// record goes through its value witnesses).
  var nextEvictedHasStates: Bool { slots.count == capacity && slots[oldest].hasStates }

  /// Appends `item` as the newest; when the ring is full it replaces the oldest.
  ///
  /// - Returns: whether an item was dropped to make room.
  mutating func append(_ item: consuming RecordedItem) -> Bool {
    guard slots.count == capacity else {
      slots.append(item)
      return false
    }
    slots[oldest] = item
    oldest = oldest + 1 == capacity ? 0 : oldest + 1
    return true
  }

  /// Empties the ring (its capacity stays).
  mutating func removeAll() {
    slots.removeAll()
    oldest = 0
  }
}
