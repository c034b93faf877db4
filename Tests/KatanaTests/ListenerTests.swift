import Katana
import KatanaSupport
import Testing

/// Guarantees 3 and 5: what listeners hear, when, and how they may be added and removed.
@Suite("Listeners")
struct ListenerTests {
  typealias Pair = (old: Int, new: Int)

  @Test("listeners see the old and new state of each update, in order", arguments: StorePath.allCases)
  func listenersSeeEachPairInOrder(path: StorePath) async throws {
    let store = await path.makeCounterStore()
    let pairs = Recorder<Pair>()
    store.addListener { old, new in pairs.append((old.count, new.count)) }

    var last = DispatchTask<Void>?.none
    for _ in 0..<500 { last = store.dispatch(Increment()) }
    try await last?.value

    let received = pairs.values
    try #require(received.count == 500)
    for (index, pair) in received.enumerated() {
      #expect(pair.old == index && pair.new == index + 1, "update \(index) was heard as \(pair)")
    }
  }

  @Test("listeners see every update's exact pair in order when several tasks dispatch", arguments: StorePath.allCases)
  func listenersSeePairsInOrderUnderConcurrency(path: StorePath) async throws {
    let store = await path.makeCounterStore()
    let pairs = Recorder<Pair>()
    store.addListener { old, new in pairs.append((old.count, new.count)) }
    let perTask = 1_000

    try await withThrowingTaskGroup(of: Void.self) { group in
      for _ in 0..<8 {
        group.addTask {
          var tasks: [DispatchTask<Void>] = []
          for _ in 0..<perTask { tasks.append(store.dispatch(Increment())) }
          for task in tasks { try await task.value }
        }
      }
      try await group.waitForAll()
    }

    let received = pairs.values
    try #require(received.count == 8 * perTask)
    let mismatches = received.enumerated().filter { index, pair in pair.old != index || pair.new != index + 1 }
    let mismatchCount = mismatches.count
    #expect(mismatchCount == 0, "first out-of-order pairs: \(mismatches.prefix(5).map { $0.element })")
  }

  @Test("an updater's value returns only after listeners have heard that update", arguments: StorePath.allCases)
  func valueReturnsAfterListenersRan(path: StorePath) async throws {
    let store = await path.makeCounterStore()
    let heard = Locked<Set<Int>>([])
    store.addListener { _, new in heard.withLock { _ = $0.insert(new.lastTag) } }
    let missing = Locked<[Int]>([])

    try await withThrowingTaskGroup(of: Void.self) { group in
      for lane in 0..<4 {
        group.addTask {
          for index in 0..<500 {
            let tag = lane * 1_000 + index
            try await store.dispatch(Tagged(tag: tag)).value
            if !heard.withLock({ $0.contains(tag) }) { missing.withLock { $0.append(tag) } }
          }
        }
      }
      try await group.waitForAll()
    }

    let missed = missing.current
    let missedCount = missed.count
    #expect(missedCount == 0, "value returned before listeners heard updates, e.g. \(missed.prefix(10))")
  }

  @Test("every listener registered before an update hears it before value returns")
  func everyListenerHeardBeforeValueReturns() async throws {
    let store = await makeReadyStore()
    let first = Counter()
    let second = Counter()
    store.addListener { _, _ in first.increment() }
    store.addAnyListener { _, _ in second.increment() }

    try await store.dispatch(AddTodo()).value

    #expect(first.value == 1)
    #expect(second.value == 1)
  }

  @Test("a type-erased listener receives the typed states")
  func anyListenerReceivesStates() async throws {
    let store = await makeReadyStore()
    let pairs = Recorder<(old: AppState?, new: AppState?)>()
    store.addAnyListener { old, new in pairs.append((old as? AppState, new as? AppState)) }
    let todo = Todo(title: "one", id: "1")

    try await store.dispatch(AddTodo(todo)).value

    try #require(pairs.count == 1)
    #expect(pairs.values[0].old == AppState())
    #expect(pairs.values[0].new?.todo.todos == [todo])
  }

  @Test("listeners are called even when an update changes nothing")
  func listenersHearUpdatesThatChangeNothing() async throws {
    let store = await makeReadyStore()
    let pairs = Recorder<(old: AppState, new: AppState)>()
    store.addListener { old, new in pairs.append((old, new)) }

    try await store.dispatch(Touch()).value

    try #require(pairs.count == 1)
    #expect(pairs.values[0].old == pairs.values[0].new)
  }

  @Test("listeners are not called for side effects, failures or initialisation")
  func listenersIgnoreSideEffectsFailuresAndInitialisation() async throws {
    let initializerGate = Gate()
    var initial = AppState()
    initial.todo.todos = [Todo(title: "loaded", id: "0")]
    let loaded = initial
    let rejectUsers: StoreInterceptor = { _ in
      { next in
        { item in
          if item is AddUser { throw TestError.boom }
          try next(item)
        }
      }
    }
    let store = AppStore(
      interceptors: [rejectUsers],
      stateInitializer: {
        await initializerGate.wait()
        return loaded
      })
    let pairs = Recorder<(old: AppState, new: AppState)>()
    store.addListener { old, new in pairs.append((old, new)) }

    initializerGate.open()
    await store.waitUntilReady()
    try await store.dispatch(ClosureSideEffect()).value
    _ = try? await store.dispatch(ClosureSideEffect { _ in throw TestError.boom }).value
    _ = try? await store.dispatch(AddUser()).value
    _ = try? await store.dispatch(Multiply(a: 2, b: 3)).value
    #expect(pairs.count == 0)

    // An applied update is heard, and its old state is the initialised one.
    try await store.dispatch(Touch()).value
    try #require(pairs.count == 1)
    #expect(pairs.values[0].old == loaded)
  }

  @Test("a listener added after an update does not hear it")
  func lateListenerMissesEarlierUpdates() async throws {
    let store = await makeCounterStore()
    try await store.dispatch(Increment()).value
    let pairs = Recorder<Pair>()
    store.addListener { old, new in pairs.append((old.count, new.count)) }

    try await store.dispatch(Increment()).value

    try #require(pairs.count == 1)
    #expect(pairs.values[0].old == 1 && pairs.values[0].new == 2)
  }

  @Test("calls to one listener never overlap, even when several threads dispatch", arguments: StorePath.allCases)
  func listenerCallsNeverOverlap(path: StorePath) async throws {
    let store = await path.makeCounterStore()
    let checksum = Locked(0)
    let overlaps = Counter()
    let activity = Locked(0)
    store.addListener { _, _ in
      let concurrent = activity.withLock { active -> Int in
        active += 1
        return active
      }
      if concurrent > 1 { overlaps.increment() }
      // Some work inside the call, so overlapping calls would be caught in the act.
      var sum = 0
      for value in 0..<200 { sum &+= value }
      checksum.withLock { $0 &+= sum }
      activity.withLock { $0 -= 1 }
    }

    try await withThrowingTaskGroup(of: Void.self) { group in
      for _ in 0..<8 {
        group.addTask {
          var last: DispatchTask<Void>?
          for _ in 0..<500 { last = store.dispatch(Increment()) }
          try await last?.value
        }
      }
      try await group.waitForAll()
    }

    #expect(overlaps.value == 0)
    #expect(store.state.count == 4_000)
  }

  @Test("a listener that dispatches does not deadlock", arguments: StorePath.allCases)
  func dispatchingListenerDoesNotDeadlock(path: StorePath) async throws {
    let store = await path.makeAppStore()
    store.addListener { [weak store] old, new in
      // React once to the todo being added.
      if old.todo.todos.isEmpty, new.todo.todos.count == 1 {
        store?.dispatch(AddUser())
        _ = store?.state
      }
    }

    _ = try await withDeadline("dispatching from inside a listener") {
      try await store.dispatch(AddTodo()).value
    }

    await waitUntil("the listener's update is applied") { store.state.user.users.count == 1 }
    #expect(store.state.todo.todos.count == 1)
  }

  @Test("a listener can add and remove listeners from inside its call", arguments: StorePath.allCases)
  func listenerManagesListeners(path: StorePath) async throws {
    let store = await path.makeCounterStore()
    let outerCalls = Recorder<Int>()
    let innerCalls = Recorder<Int>()
    let unsubscribeOuter = Locked<StoreUnsubscribe?>(nil)
    let unsubscribe = store.addListener { [weak store] _, new in
      outerCalls.append(new.count)
      store?.addListener { _, new in innerCalls.append(new.count) }
      unsubscribeOuter.current?()
    }
    unsubscribeOuter.set(unsubscribe)

    _ = try await withDeadline("adding and removing listeners inside a listener") {
      try await store.dispatch(Increment()).value
      try await store.dispatch(Increment()).value
      try await store.dispatch(Increment()).value
    }

    // The outer listener removed itself during the first update.
    #expect(outerCalls.values == [1])
    // The inner one (added during update 1) may or may not hear update 1, but hears 2 and 3.
    #expect(innerCalls.values.filter { $0 >= 2 } == [2, 3])
  }

  @Test("unsubscribing twice is harmless and leaves other listeners in place")
  func unsubscribingTwiceIsHarmless() async throws {
    let store = await makeCounterStore()
    let removed = Counter()
    let kept = Counter()
    let unsubscribe = store.addListener { _, _ in removed.increment() }
    store.addListener { _, _ in kept.increment() }

    unsubscribe()
    unsubscribe()
    let later = Counter()
    store.addListener { _, _ in later.increment() }
    unsubscribe()
    try await store.dispatch(Increment()).value

    #expect(removed.value == 0)
    #expect(kept.value == 1)
    #expect(later.value == 1)
  }

  @Test("listeners can be added and removed from many tasks while updates flow")
  func concurrentSubscriptionsAreSafe() async throws {
    let store = await makeCounterStore()
    let steady = Recorder<Pair>()
    store.addListener { old, new in steady.append((old.count, new.count)) }

    try await withThrowingTaskGroup(of: Void.self) { group in
      for _ in 0..<4 {
        group.addTask {
          for _ in 0..<200 {
            let unsubscribe = store.addListener { _, _ in }
            store.dispatch(Increment())
            unsubscribe()
            unsubscribe()
          }
        }
      }
      group.addTask {
        for _ in 0..<200 { try await store.dispatch(Increment()).value }
      }
      try await group.waitForAll()
    }
    try await store.dispatch(Increment()).value

    #expect(store.state.count == 1_001)
    let received = steady.values
    #expect(received.count == 1_001)
    #expect(received.enumerated().allSatisfy { index, pair in pair.old == index && pair.new == index + 1 })
  }
}
