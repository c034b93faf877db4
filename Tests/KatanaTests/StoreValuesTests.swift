import Katana
import Testing

/// Guarantee 13, second half: `values(of:)` yields the ready state's selection first, then
/// changes in order, skipping repeats, conflating under a slow consumer, and finishes when the
/// store goes away or the iterating task is cancelled.
@Suite("Store values", .timeLimit(.minutes(1)))
struct StoreValuesTests {
  @Test("the first value is the current selection of a ready store, then each change in order")
  func firstValueThenChanges() async throws {
    var initial = SelectionState()
    initial.counter = 7
    let store = await makeReadySelectionStore(initial)
    var iterator = store.values(of: \.counter).makeAsyncIterator()

    #expect(await iterator.next() == 7)
    try await store.dispatch(AddToCounter()).value
    #expect(await iterator.next() == 8)
    try await store.dispatch(SetCounter(value: 3)).value
    #expect(await iterator.next() == 3)
  }

  @Test("a consumer that falls behind gets the newest value, never a backlog")
  func slowConsumerGetsLatest() async throws {
    let store = await makeReadySelectionStore()
    var iterator = store.values(of: \.counter).makeAsyncIterator()
    #expect(await iterator.next() == 0)

    for _ in 0..<1_000 { try await store.dispatch(AddToCounter()).value }

    #expect(await iterator.next() == 1_000)
    try await store.dispatch(AddToCounter()).value
    #expect(await iterator.next() == 1_001)
  }

  @Test("repeats are skipped: a newest value equal to the last one returned is not returned again")
  @MainActor
  func repeatsSkipped() async throws {
    let store = await makeReadySelectionStore()
    var iterator = store.values(of: \.counter).makeAsyncIterator()
    #expect(await iterator.next() == 0)
    try await store.dispatch(SetCounter(value: 1)).value
    #expect(await iterator.next() == 1)

    // Away and back while the consumer is not asking, and an unrelated change.
    try await store.dispatch(SetCounter(value: 2)).value
    try await store.dispatch(SetCounter(value: 1)).value
    try await store.dispatch(SetLabel(label: "unrelated")).value
    // The consumer asks on the main actor; `next()` parks it before anything else runs there, so
    // once the test is back on the main actor after the arrival, the consumer is waiting.
    let asking = Counter()
    let next = Task { @MainActor in
      asking.increment()
      return await iterator.next()
    }
    await asking.wait(forValue: 1, "the consumer asks for a value")
    try await store.dispatch(SetLabel(label: "unrelated too")).value
    try await store.dispatch(SetCounter(value: 3)).value

    #expect(await next.value == 3)
  }

  @Test("a waiting consumer is resumed by the update that changes the selection")
  func waitingConsumerResumed() async throws {
    let store = await makeReadySelectionStore()
    let received = Recorder<Int>()
    let consumer = Task {
      for await value in store.values(of: \.counter) {
        received.append(value)
        if value == 3 { return }
      }
    }
    await received.wait(forCount: 1, "the first value arrived")

    for value in 1...3 {
      try await store.dispatch(SetCounter(value: value)).value
      await received.wait("value \(value) arrived") { $0.last == value }
    }
    await consumer.value

    #expect(received.values == [0, 1, 2, 3])
  }

  @Test("values seen under concurrent dispatch only ever grow, and end on the final state")
  func inOrderUnderConcurrentDispatch() async throws {
    let store = await makeReadySelectionStore()
    let received = Recorder<Int>()
    let consumer = Task {
      for await value in store.values(of: \.counter) {
        received.append(value)
        if value == 2_000 { return }
      }
    }

    try await withThrowingTaskGroup(of: Void.self) { group in
      for _ in 0..<8 {
        group.addTask {
          for _ in 0..<250 { try await store.dispatch(AddToCounter()).value }
        }
      }
      try await group.waitForAll()
    }
    await consumer.value

    let values = received.values
    #expect(values.last == 2_000)
    #expect(zip(values, values.dropFirst()).allSatisfy { $0 < $1 })
  }

  @Test("a sequence made before the store is ready starts with the loaded state, not the placeholder")
  @MainActor
  func startsWithLoadedState() async throws {
    let gate = Gate()
    let store = SelectionStore(
      interceptors: [],
      stateInitializer: {
        await gate.wait()
        var loaded = SelectionState()
        loaded.counter = 42
        return loaded
      })
    // Asks on the main actor: `next()` parks the consumer before anything else runs there.
    let asking = Counter()
    let first = Task { @MainActor in
      var iterator = store.values(of: \.counter).makeAsyncIterator()
      asking.increment()
      return await iterator.next()
    }
    await gate.waitForArrivals(1, "the state initializer is running")
    await asking.wait(forValue: 1, "the consumer asks for its first value")

    gate.open()

    #expect(await first.value == 42)
  }

  @Test("updates dispatched before readiness are in the first value")
  func heldUpdatesInFirstValue() async throws {
    let gate = Gate()
    let store = SelectionStore(interceptors: [], stateInitializer: {
      await gate.wait()
      return SelectionState()
    })
    var iterator = store.values(of: \.counter).makeAsyncIterator()
    let first = Task { await iterator.next() }
    await gate.waitForArrivals(1, "the state initializer is running")
    let held = store.dispatch(AddToCounter(amount: 5))

    gate.open()
    try await held.value

    #expect(await first.value == 5)
  }

  @Test("cancelling the iterating task ends the iteration and removes the subscription")
  func cancellationRemovesSubscription() async throws {
    let store = await makeReadySelectionStore()
    let selections = Counter()
    let received = Recorder<Int>()
    let consumer = Task {
      for await value in store.values(of: { state -> Int in
        selections.increment()
        return state.counter
      }) {
        received.append(value)
      }
      return "ended"
    }
    await received.wait(forCount: 1, "the first value arrived")

    consumer.cancel()
    #expect(await consumer.value == "ended")
    let selectionsAtEnd = selections.value
    for _ in 0..<5 { try await store.dispatch(AddToCounter()).value }

    #expect(selections.value == selectionsAtEnd, "the store still calls the cancelled subscription")
    #expect(received.values == [0])
  }

  @Test("a task cancelled before it asks gets nil at once")
  func cancelledBeforeAsking() async {
    let store = await makeReadySelectionStore()
    let consumer = Task {
      withUnsafeCurrentTask { $0?.cancel() }
      var iterator = store.values(of: \.counter).makeAsyncIterator()
      return await iterator.next()
    }

    #expect(await consumer.value == nil)
  }

  @Test("leaving the loop early releases the iterator and removes the subscription")
  func breakRemovesSubscription() async throws {
    let store = await makeReadySelectionStore()
    let selections = Counter()
    for await value in store.values(of: { state -> Int in
      selections.increment()
      return state.counter
    }) {
      #expect(value == 0)
      break
    }
    let selectionsAtEnd = selections.value

    for _ in 0..<5 { try await store.dispatch(AddToCounter()).value }

    #expect(selections.value == selectionsAtEnd)
  }

  @Test("the sequence does not keep the store alive, and ends when the store is released mid-iteration")
  func storeReleasedMidIteration() async throws {
    var store: SelectionStore? = await makeReadySelectionStore()
    weak let weakStore = store
    let values = store!.values(of: \.counter)
    let received = Recorder<Int>()
    let consumer = Task {
      for await value in values { received.append(value) }
      return "ended"
    }
    await received.wait(forCount: 1, "the first value arrived")
    try await store!.dispatch(AddToCounter()).value
    await received.wait(forCount: 2, "the second value arrived")

    store = nil

    #expect(weakStore == nil, "the sequence or its iterator kept the store alive")
    #expect(await consumer.value == "ended")
    #expect(received.values == [0, 1])
  }

  @Test("a store released before it got ready ends the iteration without a value")
  @MainActor
  func storeReleasedBeforeReady() async {
    let gate = Gate()
    var store: SelectionStore? = SelectionStore(interceptors: [], stateInitializer: {
      await gate.wait()
      return SelectionState()
    })
    weak let weakStore = store
    let values = store!.values(of: \.counter)
    // Asks on the main actor: `next()` parks the consumer before anything else runs there.
    let asking = Counter()
    let consumer = Task { @MainActor in
      var iterator = values.makeAsyncIterator()
      asking.increment()
      return await iterator.next()
    }
    await gate.waitForArrivals(1, "the state initializer is running")
    await asking.wait(forValue: 1, "the consumer asks for its first value")

    store = nil

    #expect(weakStore == nil)
    #expect(await consumer.value == nil)
    gate.open()
  }

  @Test("a sequence of a store already gone is empty")
  func storeAlreadyGone() async {
    var store: SelectionStore? = await makeReadySelectionStore()
    let values = store!.values(of: \.counter)
    store = nil

    var iterator = values.makeAsyncIterator()
    #expect(await iterator.next() == nil)
    #expect(await iterator.next() == nil)
  }

  @Test("each iterator is its own subscription")
  func independentIterators() async throws {
    let store = await makeReadySelectionStore()
    let values = store.values(of: \.counter)
    var first = values.makeAsyncIterator()
    var second = values.makeAsyncIterator()

    #expect(await first.next() == 0)
    try await store.dispatch(AddToCounter()).value
    #expect(await first.next() == 1)
    #expect(await second.next() == 1)
    try await store.dispatch(AddToCounter()).value
    #expect(await second.next() == 2)
    #expect(await first.next() == 2)
  }

  @Test("iterating a selection of a 10,000-element state copies nothing")
  func iteratingCopiesNoState() async throws {
    let copies = Counter()
    var initial = SelectionState()
    initial.items = CopyCountingList(count: 10_000, copies: copies)
    let store = await makeReadySelectionStore(initial)
    var iterator = store.values(of: \.counter).makeAsyncIterator()
    #expect(await iterator.next() == 0)

    for value in 1...50 {
      try await store.dispatch(AddToCounter()).value
      #expect(await iterator.next() == value)
    }

    #expect(copies.value == 0)
  }
}
