import Katana
import Synchronization

// MARK: States and items shared by the Katana runs and the baselines.

struct Counter: State {
  var counter = 0
}

struct Increment: StateUpdater {
  func updateState(_ state: inout Counter) {
    state.counter += 1
  }
}

/// W4: a side effect that awaits one nested updater.
struct IncrementLater: SideEffect {
  func sideEffect(_ context: SideEffectContext<Counter, EmptySideEffectDependencyContainer>) async throws {
    try await context.dispatch(Increment()).value
  }
}

/// W3: a state holding many elements; an update must not copy them all.
struct Catalog: State {
  static let size = 10_000

  struct Item: Sendable {
    var id: Int
    var value: Int
    var name: String
  }

  var items: [Item] = []

  static func filled() -> Catalog {
    var catalog = Catalog()
    catalog.items = (0..<size).map { Item(id: $0, value: 0, name: "item number \($0)") }
    return catalog
  }
}

struct BumpItem: StateUpdater {
  let index: Int

  func updateState(_ state: inout Catalog) {
    state.items[index].value += 1
  }
}

// MARK: The baseline store.

/// The baseline: the state in a `Mutex`, mutated in place; listeners are called after unlock,
/// with the (old, new) pair, only when there are any (as Katana does).
final class MutexStore<S: Sendable>: Sendable {
  typealias Listener = @Sendable (S, S) -> Void

  private struct Guarded {
    var state: S
    var listeners: [Listener] = []
  }

  private let guarded: Mutex<Guarded>

  init(_ state: S) {
    guarded = Mutex(Guarded(state: state))
  }

  var state: S { guarded.withLock { $0.state } }

  func addListener(_ listener: @escaping Listener) {
    guarded.withLock { $0.listeners.append(listener) }
  }

  @inline(__always)
  func update(_ mutate: (inout S) -> Void) {
    let change = guarded.withLock { guarded -> (S, S, [Listener])? in
      if guarded.listeners.isEmpty {
        mutate(&guarded.state)
        return nil
      }
      let old = guarded.state
      mutate(&guarded.state)
      return (old, guarded.state, guarded.listeners)
    }
    guard let (old, new, listeners) = change else { return }
    for listener in listeners { listener(old, new) }
  }
}

/// Counts calls (listener calls, logged lines) so the work cannot be optimised away and the
/// benchmark can check that every call happened.
final class ListenerTally: Sendable {
  private let calls = Atomic<Int>(0)

  var total: Int { calls.load(ordering: .relaxed) }

  func count() {
    calls.add(1, ordering: .relaxed)
  }

  var listener: @Sendable (Counter, Counter) -> Void {
    { [self] _, new in
      if new.counter > 0 { count() }
    }
  }
}
