public import Katana
public import Synchronization

// Shared by the benchmarks and by KatanaProfile (the callgrind driver). Public and inlinable so
// that both specialise them exactly as code in their own module would be.

// MARK: States and items shared by the Katana runs and the baselines.

public struct Counter: State {
  public var counter = 0
  public init() {}
}

public struct Increment: StateUpdater {
  public init() {}
  @inlinable
  public func updateState(_ state: inout Counter) {
    state.counter += 1
  }
}

/// W4: a side effect that awaits one nested updater.
public struct IncrementLater: SideEffect {
  public init() {}
  public func sideEffect(_ context: SideEffectContext<Counter, EmptySideEffectDependencyContainer>) async throws {
    try await context.dispatch(Increment()).value
  }
}

/// W3: a state holding many elements; an update must not copy them all.
public struct Catalog: State {
  public static let size = 10_000

  public struct Item: Sendable {
    public var id: Int
    public var value: Int
    public var name: String
  }

  public var items: [Item] = []

  public init() {}

  public static func filled() -> Catalog {
    var catalog = Catalog()
    catalog.items = (0..<size).map { Item(id: $0, value: 0, name: "item number \($0)") }
    return catalog
  }
}

public struct BumpItem: StateUpdater {
  public let index: Int

  public init(index: Int) {
    self.index = index
  }

  @inlinable
  public func updateState(_ state: inout Catalog) {
    state.items[index].value += 1
  }
}

// MARK: The floor.

/// The floor every ratio is taken against (issue 20): `count` increments of a bare
/// `Mutex<Int>`, in a loop the optimiser cannot drop. Not inlined, so that every workload's
/// floor is the same machine code whatever benchmark calls it.
@inline(never)
public func bareLockIncrements(_ count: Int) -> Int {
  let lock = Mutex(0)
  for _ in 0..<count { lock.withLock { $0 += 1 } }
  return lock.withLock { $0 }
}

// MARK: The baseline store.

/// The baseline: the state in a `Mutex`, mutated in place; listeners are called after unlock,
/// with the (old, new) pair, only when there are any (as Katana does).
public final class MutexStore<S: Sendable>: Sendable {
  public typealias Listener = @Sendable (S, S) -> Void

  @usableFromInline
  struct Guarded {
    @usableFromInline
    var state: S
    @usableFromInline var listeners: [Listener] = []

    init(state: S) {
      self.state = state
    }
  }

  @usableFromInline let guarded: Mutex<Guarded>

  public init(_ state: S) {
    guarded = Mutex(Guarded(state: state))
  }

  public var state: S { guarded.withLock { $0.state } }

  public func addListener(_ listener: @escaping Listener) {
    guarded.withLock { $0.listeners.append(listener) }
  }

  @inlinable @inline(__always)
  public func update(_ mutate: (inout S) -> Void) {
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
public final class ListenerTally: Sendable {
  private let calls = Atomic<Int>(0)

  public init() {}

  public var total: Int { calls.load(ordering: .relaxed) }

  public func count() {
    calls.add(1, ordering: .relaxed)
  }

  public var listener: @Sendable (Counter, Counter) -> Void {
    { [self] _, new in
      if new.counter > 0 { count() }
    }
  }
}

/// An item no benchmark dispatches: W6's observer watches it, so the observer costs only its
/// check on every item.
public struct NeverDispatched: StateUpdater {
  public init() {}
  public func updateState(_ state: inout Counter) {}
}

/// The reaction W6's observer would dispatch (it never does).
public struct Reaction: StateUpdater, DispatchObserverDispatchable {
  public init?(dispatchedItem: any Dispatchable, prevState: any State, currentState: any State) {}
  public func updateState(_ state: inout Counter) {}
}

/// The interceptors of W5i and W6, as issue 9 set them: the logger with a sink that drops every
/// line, and an observer watching a type that is never dispatched.
public func realAppInterceptors() -> [StoreInterceptor] {
  [
    DispatchableLogger.interceptor(sink: { _ in }),
    ObserverInterceptor.observe([.onDispatch(NeverDispatched.self, [Reaction.self])]),
  ]
}
