import Katana
import Testing

/// Guarantee 13, first half: a selecting listener hears exactly the updates that changed its
/// selection, as (old, new) pairs in order, under the ordinary listener rules.
@Suite("Selecting listeners")
struct SelectionTests {
  static func interceptors(_ path: StorePath) -> [StoreInterceptor] {
    path == .direct ? [] : [passThroughInterceptor]
  }

  @Test("a selecting listener hears only the updates that changed its selection, in order", arguments: StorePath.allCases)
  func hearsOnlyChanges(path: StorePath) async throws {
    let store = await makeReadySelectionStore(interceptors: Self.interceptors(path))
    let changes = Recorder<Change<Int>>()
    store.addListener(select: \.counter) { old, new in changes.append(Change(old, new)) }

    try await store.dispatch(AddToCounter()).value
    try await store.dispatch(SetLabel(label: "unrelated")).value
    try await store.dispatch(SetCounter(value: 1)).value
    try await store.dispatch(AddToCounter(amount: 4)).value
    try await store.dispatch(SetLabel(label: "again")).value

    #expect(changes.values == [Change(0, 1), Change(1, 5)])
  }

  @Test("an updater's value returns after the selecting listeners ran for it", arguments: StorePath.allCases)
  func valueReturnsAfterSelectingListeners(path: StorePath) async throws {
    let store = await makeReadySelectionStore(interceptors: Self.interceptors(path))
    let changes = Recorder<Change<Int>>()
    store.addListener(select: \.counter) { old, new in changes.append(Change(old, new)) }

    for expected in 1...20 {
      try await store.dispatch(AddToCounter()).value
      #expect(changes.values.last == Change(expected - 1, expected))
    }
  }

  @Test("a closure selection is compared by value: an update that leaves it equal is not heard")
  func closureSelection() async throws {
    let store = await makeReadySelectionStore()
    let parities = Recorder<Change<Bool>>()
    store.addListener(select: { $0.counter.isMultiple(of: 2) }) { old, new in parities.append(Change(old, new)) }

    try await store.dispatch(AddToCounter(amount: 2)).value  // still even
    try await store.dispatch(AddToCounter()).value  // odd
    try await store.dispatch(AddToCounter(amount: 2)).value  // still odd
    try await store.dispatch(AddToCounter()).value  // even

    #expect(parities.values == [Change(true, false), Change(false, true)])
  }

  @Test("an update that changes the selection and changes it back within one updater is not heard")
  func changedBackWithinOneUpdate() async throws {
    let store = await makeReadySelectionStore()
    let calls = Counter()
    store.addListener(select: \.counter) { _, _ in calls.increment() }

    try await store.dispatch(AddToCounter(amount: 0)).value

    #expect(calls.value == 0)
  }

  @Test("after unsubscribing, a selecting listener hears nothing; unsubscribing twice is harmless")
  func unsubscribe() async throws {
    let store = await makeReadySelectionStore()
    let changes = Recorder<Change<Int>>()
    let unsubscribe = store.addListener(select: \.counter) { old, new in changes.append(Change(old, new)) }

    try await store.dispatch(AddToCounter()).value
    unsubscribe()
    unsubscribe()
    try await store.dispatch(AddToCounter()).value

    #expect(changes.values == [Change(0, 1)])
  }

  @Test("pairs chain without gaps when many tasks dispatch at once", arguments: StorePath.allCases)
  func pairsChainUnderConcurrentDispatch(path: StorePath) async throws {
    let store = await makeReadySelectionStore(interceptors: Self.interceptors(path))
    let changes = Recorder<Change<Int>>()
    store.addListener(select: \.counter) { old, new in changes.append(Change(old, new)) }

    try await withThrowingTaskGroup(of: Void.self) { group in
      for _ in 0..<8 {
        group.addTask {
          for _ in 0..<250 { try await store.dispatch(AddToCounter()).value }
        }
      }
      try await group.waitForAll()
    }

    let heard = changes.values
    #expect(heard.count == 2_000)
    #expect(heard.first?.old == 0)
    #expect(heard.last?.new == 2_000)
    #expect(zip(heard, heard.dropFirst()).allSatisfy { $0.new == $1.old && $1.new == $1.old + 1 })
  }

  @Test("a type-erased store takes selecting listeners too")
  func typeErased() async throws {
    let store = await makeReadySelectionStore()
    let erased: any AnyStore = store
    let changes = Recorder<Change<Int>>()
    erased.addAnyListener(select: { ($0 as? SelectionState)?.counter ?? -1 }) { old, new in
      changes.append(Change(old, new))
    }

    try await store.dispatch(SetLabel(label: "unrelated")).value
    try await store.dispatch(AddToCounter()).value

    #expect(changes.values == [Change(0, 1)])
  }

  @Test("a PartialStore takes selecting listeners")
  func partialStore() async throws {
    let store = await makeReadySelectionStore()
    let partial: any PartialStore<SelectionState> = store
    let changes = Recorder<Change<String>>()
    partial.addListener(select: \.label) { old, new in changes.append(Change(old, new)) }

    try await store.dispatch(AddToCounter()).value
    try await store.dispatch(SetLabel(label: "hello")).value

    #expect(changes.values == [Change("", "hello")])
  }

  @Test("select runs once per update, not twice (plus once for the first update's old state)")
  func selectRunsOncePerUpdate() async throws {
    let store = await makeReadySelectionStore()
    let selections = Counter()
    store.addListener(select: { state -> Int in
      selections.increment()
      return state.counter
    }) { _, _ in }

    for _ in 0..<10 { try await store.dispatch(AddToCounter()).value }

    #expect(selections.value == 11)
  }

  @Test("selecting the counter of a state holding 10,000 elements copies nothing")
  func selectingCopiesNoState() async throws {
    let copies = Counter()
    var initial = SelectionState()
    initial.items = CopyCountingList(count: 10_000, copies: copies)
    let store = await makeReadySelectionStore(initial)
    let changes = Counter()
    for _ in 0..<3 {
      store.addListener(select: \.counter) { _, _ in changes.increment() }
    }
    store.addListener(select: \.items.count) { _, _ in changes.increment() }

    for _ in 0..<100 { try await store.dispatch(AddToCounter()).value }
    #expect(changes.value == 300)
    #expect(copies.value == 0, "a selection copied the 10,000-element state")

    // The count works: a state value held across an update of the list forces one copy.
    let held = store.state
    try await store.dispatch(SetItem(index: 0, value: 1)).value
    #expect(copies.value == 1)
    #expect(held.items[0] == 0)
  }
}
