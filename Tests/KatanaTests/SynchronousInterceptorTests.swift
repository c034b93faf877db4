import Foundation
import Katana
import KatanaSupport
import Testing

/// Revision 2: interceptors are synchronous, so installing them never changes when state becomes
/// visible, and items dispatched while a chain runs wait for it instead of recursing.
@Suite("Synchronous interceptors")
struct SynchronousInterceptorTests {
  @Test("with a logger and an observer installed, a dispatched updater is applied before dispatch returns")
  func dispatchThenReadWithLogger() async throws {
    let lines = Recorder<String>()
    let store = await makeReadyStore(interceptors: [
      DispatchableLogger.interceptor(sink: { lines.append($0) }),
      ObserverInterceptor.observe([.onDispatch(AddUser.self, [StateChangeAddUser.self])]),
    ])

    store.dispatch(AddTodo())
    #expect(store.state.todo.todos.count == 1, "the updater was not applied inside dispatch")
    #expect(lines.values == ["[Dispatchable]: KatanaTests.AddTodo"], "the logger wrote its line inside dispatch")

    for _ in 0..<3 { store.dispatch(AddTodo()) }
    #expect(store.state.todo.todos.count == 4)
  }

  @Test("an observer's reaction runs after the item that caused it, not inside its chain")
  func observerReactionRunsAfterItsCause() async throws {
    let order = Recorder<String>()
    let witness: StoreInterceptor = { context in
      { next in
        { item in
          order.append("begin \(item.debugDescription.split(separator: ".").last!)")
          try next(item)
          order.append("end \(item.debugDescription.split(separator: ".").last!)")
        }
      }
    }
    let store = await makeReadyStore(interceptors: [
      ObserverInterceptor.observe([.onDispatch(AddTodo.self, [DispatchedAddUser.self])]),
      witness,
    ])

    store.dispatch(AddTodo())

    // Both were handled inside `dispatch` (the reaction right after its cause).
    #expect(store.state.user.users.count == 1)
    #expect(order.values == ["begin AddTodo", "end AddTodo", "begin DispatchedAddUser", "end DispatchedAddUser"])
  }

  @Test("a listener that dispatches with interceptors installed: its item runs after the current one")
  func listenerDispatchesWithInterceptors() async throws {
    let store = await makeReadyStore(interceptors: [passThroughInterceptor])
    let seen = Recorder<(Int, Int)>()
    store.addListener { old, new in
      seen.append((new.todo.todos.count, new.user.users.count))
      if new.todo.todos.count > old.todo.todos.count {
        store.dispatch(AddUser())  // queued behind the running chain: never recursive
      }
    }

    try await store.dispatch(AddTodo()).value

    #expect(store.state.user.users.count == 1, "the listener's updater was not run before dispatch returned")
    #expect(seen.values.map(\.0) == [1, 1])
    #expect(seen.values.map(\.1) == [0, 1])
  }

  @Test("4 threads dispatching through interceptors lose nothing and keep each producer's order")
  func fourThreadsKeepOrder() async throws {
    let perThread = 2_000
    let store = await makeReadyStore(interceptors: [passThroughInterceptor, passThroughInterceptor])
    let done = Gate()
    let finished = Locked(0)
    for producer in 0..<4 {
      runOnNewThread {
        for index in 0..<perThread {
          store.dispatch(AddTodo(Todo(title: "\(producer)", id: "\(index)")))
        }
        if finished.withLock({ $0 += 1; return $0 }) == 4 { done.open() }
      }
    }
    await done.wait()
    // Whatever was still queued was run by the chain's thread before its dispatch returned.
    let todos = store.state.todo.todos
    #expect(todos.count == 4 * perThread)
    for producer in 0..<4 {
      let ids = todos.filter { $0.title == "\(producer)" }.map { Int($0.id)! }
      #expect(ids == Array(0..<perThread), "producer \(producer)'s updaters were reordered or lost")
    }
  }

  @Test("a producer faster than the chain waits once the backlog is full, and nothing is lost")
  func backlogIsBounded() async throws {
    let gate = ThreadGate()
    let holdFirst: StoreInterceptor = { _ in
      { next in
        { item in
          if let add = item as? AddTodo, add.todo.id == "hold" { gate.block() }
          try next(item)
        }
      }
    }
    let store = await makeReadyStore(interceptors: [holdFirst])
    runOnNewThread { store.dispatch(AddTodo(Todo(title: "held", id: "hold"))) }
    await gate.waitForArrival()

    let returned = Locked(0)
    // Whether the held item had been applied when the first dispatch past the limit returned.
    let heldAppliedWhenPastLimitReturned = Locked<Bool?>(nil)
    let backlogFull = Gate()
    let producerDone = Gate()
    let total = 2_000
    runOnNewThread {
      for index in 0..<total {
        store.dispatch(AddTodo(Todo(title: "p", id: "\(index)")))
        switch returned.withLock({ $0 += 1; return $0 }) {
        case 1_024: backlogFull.open()
        case 1_025: heldAppliedWhenPastLimitReturned.set(store.state.todo.todos.contains { $0.id == "hold" })
        default: break
        }
      }
      producerDone.open()
    }
    await backlogFull.wait()
    #expect(returned.current == 1_024, "the queue grew past its limit while the chain was busy")

    gate.open()
    await producerDone.wait()
    // The next dispatch had to wait for the busy chain: it came back only after the chain, freed,
    // had applied the item it was held on. (Checked after the fact, from what the producer saw,
    // instead of giving the producer time to go on wrongly.)
    #expect(
      heldAppliedWhenPastLimitReturned.current == true,
      "a dispatch past the backlog limit returned while the chain was still busy")
    try await store.dispatch(Touch()).value
    let ids = store.state.todo.todos.filter { $0.title == "p" }.map { Int($0.id)! }
    #expect(ids == Array(0..<total))
  }

  @Test("an item dispatched by an interceptor while a chain runs is not run recursively")
  func noRecursion() async throws {
    let depth = Locked(0)
    let maxDepth = Locked(0)
    let recursing: StoreInterceptor = { context in
      { next in
        { item in
          depth.withLock { $0 += 1 }
          maxDepth.withLock { $0 = max($0, depth.current) }
          if item is AddTodo { context.dispatch(AddUser()) }
          try next(item)
          depth.withLock { $0 -= 1 }
        }
      }
    }
    let store = await makeReadyStore(interceptors: [recursing])

    try await store.dispatch(AddTodo()).value

    #expect(maxDepth.current == 1)
    #expect(store.state.user.users.count == 1)
  }
}

/// Dispatched by the observer when an `AddTodo` was handled.
struct DispatchedAddUser: StateUpdater, DispatchObserverDispatchable {
  init?(dispatchedItem: any Dispatchable, prevState: any State, currentState: any State) {}

  func updateState(_ state: inout AppState) {
    state.user.users.append(User(username: "reaction"))
  }
}
