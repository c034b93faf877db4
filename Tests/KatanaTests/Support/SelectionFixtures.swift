import Katana

/// A list of integers with copy-on-write storage that counts the copies it makes, so a test can
/// see whether anything forced a copy of a large state.
struct CopyCountingList: Sendable, Equatable {
  /// The elements. Safety of `@unchecked Sendable`: the buffer is mutated only by a list that
  /// holds the one reference to it (`isKnownUniquelyReferenced`), so no other thread can be
  /// reading it meanwhile; shared buffers are only read.
  private final class Buffer: @unchecked Sendable {
    var elements: [Int]

    init(_ elements: [Int]) {
      self.elements = elements
    }
  }

  private var buffer: Buffer
  /// Shared by every copy of the list: counts the buffer copies any of them made.
  let copies: Counter

  init(count: Int, copies: Counter) {
    buffer = Buffer(Array(repeating: 0, count: count))
    self.copies = copies
  }

  var count: Int { buffer.elements.count }

  subscript(index: Int) -> Int {
    get { buffer.elements[index] }
    set {
      if !isKnownUniquelyReferenced(&buffer) {
        copies.increment()
        buffer = Buffer(buffer.elements)
      }
      buffer.elements[index] = newValue
    }
  }

  static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.buffer === rhs.buffer || lhs.buffer.elements == rhs.buffer.elements
  }
}

/// A state with a small counter, an unrelated label, and a large list.
struct SelectionState: State, Equatable {
  var counter = 0
  var label = ""
  var items = CopyCountingList(count: 0, copies: Counter())
}

typealias SelectionStore = Store<SelectionState, EmptySideEffectDependencyContainer>

/// Adds `amount` to the counter.
struct AddToCounter: StateUpdater {
  var amount = 1

  func updateState(_ state: inout SelectionState) {
    state.counter += amount
  }
}

/// Sets the counter.
struct SetCounter: StateUpdater {
  var value: Int

  func updateState(_ state: inout SelectionState) {
    state.counter = value
  }
}

/// Changes the label only.
struct SetLabel: StateUpdater {
  var label: String

  func updateState(_ state: inout SelectionState) {
    state.label = label
  }
}

/// Changes one element of the large list.
struct SetItem: StateUpdater {
  var index: Int
  var value: Int

  func updateState(_ state: inout SelectionState) {
    state.items[index] = value
  }
}

/// A selection store once it is ready, on `initial`.
func makeReadySelectionStore(
  _ initial: SelectionState = SelectionState(), interceptors: [StoreInterceptor] = []
) async -> SelectionStore {
  let store = SelectionStore(interceptors: interceptors, stateInitializer: { initial })
  await store.waitUntilReady()
  return store
}

/// A pair of selected values a selecting listener was called with.
struct Change<Value: Equatable & Sendable>: Equatable, Sendable {
  var old: Value
  var new: Value

  init(_ old: Value, _ new: Value) {
    self.old = old
    self.new = new
  }
}
