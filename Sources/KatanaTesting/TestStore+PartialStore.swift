public import Katana

/// A test store is a `PartialStore`, so that UI code under test (a KatanaUI `Renderer`, a view
/// model taking `any PartialStore<AppState>`) runs against it while the test keeps its
/// exhaustive checks.
///
/// Items dispatched through this conformance (a button's handler, a screen's `onAppear`) are not
/// the test's own dispatches: the test receives them, with their state change, exactly like the
/// items side effects dispatch.
///
/// ```swift
/// let store = TestStore<CounterState, AppDependencies>(initialState: CounterState())
/// let renderer = Renderer(rootDescription: CounterScreen(props: .init()), store: store)
/// renderer.render(in: backend)
/// backend.tap("plus")                                         // the screen dispatches
/// await store.receive(IncrementCounter.self) { $0.counter = 1 }
/// await store.finish()
/// ```
extension TestStore: PartialStore {
  /// The state type of the store under test.
  public typealias StateType = S

  /// Whether the store under test has run its state initializer and started; UI code that waits
  /// for readiness sees the real store's.
  public var isReady: Bool { store.isReady }

  /// Suspends until the store under test is ready; returns at once if it already is.
  public func waitUntilReady() async {
    await store.waitUntilReady()
  }

  /// The current state, type-erased; the initial state until the store is ready.
  public var anyState: any State { state }

  /// Registers a listener on the store under test; see `Store.addListener(_:)` for the delivery
  /// guarantees.
  ///
  /// - Parameter listener: called after every applied updater with the (old, new) state pair.
  /// - Returns: a closure that removes the listener; calling it more than once is harmless.
  @discardableResult
  public func addListener(_ listener: @escaping StoreListener<S>) -> StoreUnsubscribe {
    store.addListener(listener)
  }

  /// Registers a type-erased listener on the store under test.
  ///
  /// - Parameter listener: called after every applied updater with the (old, new) state pair.
  /// - Returns: a closure that removes the listener; calling it more than once is harmless.
  @discardableResult
  public func addAnyListener(_ listener: @escaping AnyStoreListener) -> StoreUnsubscribe {
    store.addAnyListener(listener)
  }

  /// Dispatches an item for the code under test; the test receives it with `receive`.
  ///
  /// Returns at once, from any thread or actor.
  ///
  /// - Parameter dispatchable: a state updater, side effect or returning side effect.
  /// - Returns: the store's handle on the dispatch.
  @discardableResult
  public func anyDispatch(_ dispatchable: any Dispatchable) -> DispatchTask<any Sendable> {
    rearmLeftoverCheck()
    return store.anyDispatch(dispatchable)
  }
}
