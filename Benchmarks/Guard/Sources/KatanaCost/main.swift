import Dispatch
import Foundation
import Katana
import KatanaDevTools
import Synchronization

// Runs one core workload `count` times with no harness around it, for the cost guard
// (`Benchmarks/Guard/guard.sh`): the guard runs it twice with different counts and divides the
// difference in instructions and mallocs by the difference in counts, so start-up costs cancel.
// Usage: KatanaCost <W1|W2|W3|W6|W7|W10> <count>
//
// The main code is synchronous, not top-level `await`: an async main parks the main thread in
// libdispatch's `dispatch_main`, whose signal handling valgrind 3.19 cannot run (it dies with an
// internal SIGSEGV), while a thread blocked on a semaphore is fine. W7 needs the main actor: its
// jobs run on the main queue, which Foundation's run loop drains (`RunLoop.main.run()`), and
// valgrind runs that loop, so W7 is counted too.

struct Counter: State {
  var counter = 0
}

struct Increment: StateUpdater {
  func updateState(_ state: inout Counter) { state.counter += 1 }
}

/// An observer's trigger that W6 never dispatches (the observer still looks at every item).
struct NeverDispatched: StateUpdater {
  func updateState(_ state: inout Counter) {}
}

struct Reaction: StateUpdater, DispatchObserverDispatchable {
  init?(dispatchedItem: any Dispatchable, prevState: any State, currentState: any State) { nil }
  func updateState(_ state: inout Counter) {}
}

typealias CounterStore = Store<Counter, EmptySideEffectDependencyContainer>

/// What W2's listeners last heard: a relaxed atomic store, so the listeners add as little as
/// possible to the count (a lock here would add ten lock round trips per dispatch).
final class HeardCount: Sendable {
  private let value = Atomic<Int>(0)
  var last: Int { value.load(ordering: .relaxed) }
  func hear(_ counter: Int) { value.store(counter, ordering: .relaxed) }
}

/// W3's state: 10,000 structs, each updater bumps one.
struct Catalog: State {
  static let size = 10_000
  struct Item: Sendable {
    var id: Int
    var value: Int
    var name: String
  }
  var items: [Item] = []
  static func filled() -> Catalog {
    Catalog(items: (0..<size).map { Item(id: $0, value: 0, name: "item \($0)") })
  }
}

struct BumpItem: StateUpdater {
  let index: Int
  func updateState(_ state: inout Catalog) { state.items[index].value += 1 }
}

/// W10's state: Codable, as DevTools needs, and larger than an existential's inline buffer, like
/// most app states (as in the benchmarks' W10).
struct Tally: State, Codable {
  var count = 0
  var label = "tally"
  var history: [Int] = []
}

struct AddOne: StateUpdater {
  func updateState(_ state: inout Tally) { state.count += 1 }
}

let arguments = CommandLine.arguments
guard arguments.count == 3, let count = Int(arguments[2]), count > 0 else {
  fatalError("usage: KatanaCost <W1|W2|W3|W6|W7|W10> <count>")
}
let workload = arguments[1]

if workload == "W7" {
  Task { @MainActor in
    await awaitEach(count)
    exit(0)
  }
  RunLoop.main.run()
  fatalError("the main run loop returned before W7 ended")
}
let done = DispatchSemaphore(value: 0)
Task.detached {
  do {
    try await run(workload, count: count)
  } catch {
    fatalError("\(workload) failed: \(error)")
  }
  done.signal()
}
done.wait()

func run(_ workload: String, count: Int) async throws {
  switch workload {
  case "W1":
    // Fire-and-forget increments, no listener, no interceptor.
    let store = CounterStore()
    await store.waitUntilReady()
    for _ in 1..<count { store.dispatch(Increment()) }
    try await store.dispatch(Increment()).value
    precondition(store.state.counter == count)
  case "W2":
    // W1 with ten listeners: every update is delivered by the thread that applied it.
    let store = CounterStore()
    await store.waitUntilReady()
    let heard = HeardCount()
    for _ in 0..<10 { store.addListener { _, new in heard.hear(new.counter) } }
    for _ in 1..<count { store.dispatch(Increment()) }
    try await store.dispatch(Increment()).value
    precondition(store.state.counter == count && heard.last == count)
  case "W3":
    let store = Store<Catalog, EmptySideEffectDependencyContainer>(
      interceptors: [], stateInitializer: { Catalog.filled() })
    await store.waitUntilReady()
    for index in 1..<count { store.dispatch(BumpItem(index: index % Catalog.size)) }
    try await store.dispatch(BumpItem(index: 0)).value
  case "W6":
    // As a real app configures it: a logger (discarding its lines) and an observer.
    let store = CounterStore(interceptors: [
      DispatchableLogger.interceptor(sink: { _ in }),
      ObserverInterceptor.observe([.onDispatch(NeverDispatched.self, [Reaction.self])]),
    ])
    await store.waitUntilReady()
    for _ in 1..<count { store.dispatch(Increment()) }
    try await store.dispatch(Increment()).value
    precondition(store.state.counter == count)
  case "W10":
    // DevTools attached, no page connected: what an app pays for keeping DevTools in its build.
    let store = Store<Tally, EmptySideEffectDependencyContainer>(devTools: DevTools<Tally>())
    await store.waitUntilReady()
    for _ in 1..<count { store.dispatch(AddOne()) }
    try await store.dispatch(AddOne()).value
    precondition(store.state.count == count)
  default:
    fatalError("unknown workload \(workload)")
  }
}

/// W7: main-actor code awaiting each dispatch.
@MainActor
func awaitEach(_ count: Int) async {
  let store = CounterStore()
  await store.waitUntilReady()
  for _ in 0..<count { try? await store.dispatch(Increment()).value }
  precondition(store.state.counter == count)
}
