/// Holds the app's state, handles dispatched items and tells listeners about every change.
///
/// ```swift
/// let store = Store<CounterState, AppDependencies>()
/// store.addListener { old, new in print(old.counter, "→", new.counter) }
/// try await store.dispatch(IncrementCounter()).value
/// ```
///
/// ## Guarantees
/// - Updaters are applied one at a time, in the order the store receives them; none is lost.
/// - Side effects run concurrently, each in its own task, and may await the items they dispatch.
/// - Listeners hear every applied update, in order, never overlapping, and never for side effects,
///   failures or initialisation.
/// - Every method is safe to call from any thread or actor; `dispatch` never suspends. On a ready
///   store, an updater dispatched while no interceptor chain is running is applied before
///   `dispatch` returns, with or without interceptors.
///
/// ## Life cycle
/// A new store is not ready: it runs its state initializer in a task, then initialises its
/// interceptors (an observer's `onStart` reactions are dispatched then), then becomes ready.
/// Items dispatched before that are held and handled in order once it is ready.
///
/// Releasing the last reference releases the store at once, even while its side effects are
/// running: listeners, interceptors (and their notification observers) and the dependency
/// container are dropped, and what is still waiting fails with ``KatanaError/storeReleased(_:)``.
public final class Store<S: State, D: SideEffectDependencyContainer>: PartialStore {
  public typealias StateType = S

  /// The context the store's side effects receive (see ``StoreDispatching``): the store's core
  /// and its dependency container. Stored, so that a dispatch through the store reads it rather
  /// than building one.
  public let sideEffectContext: SideEffectContext<S, D>

  /// The engine; the store only owns it (see ``StoreCore``).
  @inlinable var core: StoreCore<S, D> { sideEffectContext.core }

  /// The dependency container, created once, synchronously, by the initialiser.
  public var dependencies: D { sideEffectContext.dependencies }

  /// Creates a store on `S()`, with no interceptors.
  @inlinable
  public convenience init() {
    self.init(interceptors: [])
  }

  /// Creates a store on `S()` with the given interceptors.
  ///
  /// - Parameter interceptors: run around every dispatched item, first one outermost.
  @inlinable
  public convenience init(interceptors: [StoreInterceptor]) {
    self.init(interceptors: interceptors, stateInitializer: { S() })
  }

  /// Creates a store whose initial state comes from `stateInitializer`.
  ///
  /// - Parameters:
  ///   - interceptors: run around every dispatched item, first one outermost.
  ///   - stateInitializer: produces the initial state (loading it from disk, say). It runs once, in
  ///     a task. If it throws, the store starts from `S()`, reports the error to the
  ///     configuration's instrumentation and in ``initializationError``, and works normally.
  ///   - configuration: instrumentation and other options.
  @inlinable
  public convenience init(
    interceptors: [StoreInterceptor],
    stateInitializer: @escaping @Sendable () async throws -> S,
    configuration: Configuration = .init()
  ) {
    self.init(
      interceptors: interceptors, stateInitializer: stateInitializer,
      dependenciesInitializer: { dispatch, getState in D(dispatch: dispatch, getState: getState) },
      configuration: configuration)
  }

  /// Creates a store whose dependency container is built by `dependenciesInitializer`.
  ///
  /// Use it to hand the store a container built differently from `D.init(dispatch:getState:)`:
  /// a container of fakes in tests, or one that needs more arguments.
  ///
  /// ```swift
  /// let store = Store<AppState, AppDependencies>(
  ///   interceptors: [],
  ///   stateInitializer: { AppState() },
  ///   dependenciesInitializer: { dispatch, getState in
  ///     AppDependencies(api: FakeAPIManager(), dispatch: dispatch, getState: getState)
  ///   })
  /// ```
  ///
  /// - Parameters:
  ///   - interceptors: run around every dispatched item, first one outermost.
  ///   - stateInitializer: produces the initial state; see ``init(interceptors:stateInitializer:configuration:)``.
  ///   - dependenciesInitializer: called once, synchronously, before this initialiser returns,
  ///     with the store's `dispatch` and `getState` (which never keep the store alive).
  ///   - configuration: instrumentation and other options.
  @inlinable
  public init(
    interceptors: [StoreInterceptor],
    stateInitializer: @escaping @Sendable () async throws -> S,
    dependenciesInitializer: (_ dispatch: @escaping AnyDispatch, _ getState: @escaping GetState) -> D,
    configuration: Configuration = .init()
  ) {
    let core = StoreCore<S, D>(hasInterceptors: !interceptors.isEmpty, instrumentation: configuration.instrumentation)
    // The container's closures hold the core, never this store, so they cannot keep it alive.
    let dependencies = dependenciesInitializer(
      { [core] item in core.anyDispatch(item) },
      { [core] in core.currentState }
    )
    sideEffectContext = SideEffectContext(core: core, dependencies: dependencies)
    core.install(dependencies: dependencies)
    // The end of the updater chain is made here, in the app's module, so that it is compiled for
    // the app's state type: generic code would look up type metadata on every update.
    let applyLast: StoreInterceptorNext = { [core] item in try core.applyFromChain(item) }
    Task.detached { [core] in
      await core.initialize(stateInitializer: stateInitializer, interceptors: interceptors, applyLast: applyLast)
    }
  }

  deinit {
    core.release()
  }

  /// The current state; a thread-safe read. Before the store is ready it is the placeholder `S()`.
  @inlinable
  public var state: S { core.currentState }

  /// The current state, type-erased.
  public var anyState: any State { core.currentState }

  /// Whether the store has run its state initializer and interceptors and now handles items as
  /// they come. Readable from anywhere, even from inside an updater.
  public var isReady: Bool { core.isReady }

  /// The error the state initializer threw, if it did. Readable from anywhere, even from inside
  /// an updater.
  public var initializationError: (any Error)? { core.initializationError }

  /// Suspends until the store is ready. Returns at once, without suspending, if it already is.
  ///
  /// Threading: `nonisolated(nonsending)`, so it resumes on the caller's actor without a hop.
  public nonisolated(nonsending) func waitUntilReady() async {
    await core.waitUntilReady()
  }
}

// MARK: - Dispatching

extension Store: StoreDispatching {
  /// The store's dependency container type.
  public typealias Dependencies = D

  // The typed dispatch overloads: StoreDispatching.swift, shared with SideEffectContext. The
  // context they reach the core through is a stored property (above).

  /// Dispatches an item whose kind and types are checked when it is handled.
  @discardableResult
  public func anyDispatch(_ dispatchable: any Dispatchable) -> DispatchTask<any Sendable> {
    core.anyDispatch(dispatchable)
  }

  /// Dispatches an item whose kind and types are checked when it is handled, made at `callSite`
  /// (instrumentation sees it as ``DispatchEvent/callSite``).
  @discardableResult
  public func anyDispatch(_ dispatchable: any Dispatchable, callSite: DispatchCallSite) -> DispatchTask<any Sendable> {
    core.anyDispatch(dispatchable, callSite: callSite)
  }
}
