/// A first-in, first-out queue with amortised O(1) append and removal and no per-element
/// allocation once it has grown.
///
/// The core keeps no package dependencies, so this small queue stands in for
/// swift-collections' `Deque` on the store's internal queues.
@usableFromInline
struct FIFO<Element> {
  @usableFromInline var storage: [Element?] = []
  @usableFromInline var head = 0

  @inlinable init() {}

  /// How many elements wait.
  @inlinable var count: Int { storage.count - head }

  /// Whether nothing waits.
  @inlinable var isEmpty: Bool { head >= storage.count }

  @inlinable mutating func append(_ element: Element) {
    storage.append(element)
  }

  @inlinable mutating func popFirst() -> Element? {
    guard head < storage.count else { return nil }
    // Clear the slot so a popped element (for example an old state) is not kept alive.
    let element = storage[head]
    storage[head] = nil
    head += 1
    if head == storage.count {
      // Drained: reuse the buffer from the start, keeping its capacity.
      storage.removeAll(keepingCapacity: true)
      head = 0
    } else if head >= 1024, head * 2 >= storage.count {
      storage.removeFirst(head)
      head = 0
    }
    return element
  }
}

extension FIFO: Sendable where Element: Sendable {}
