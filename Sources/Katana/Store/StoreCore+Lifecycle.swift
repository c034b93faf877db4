import KatanaSupport

extension StoreCore {
  /// Stores the dependency container the store built in its initialiser.
  @usableFromInline
  func install(dependencies: D) {
    machine.withLock { $0.dependenciesBuilt(dependencies) }
  }

  /// Runs the state initializer, then the interceptors' first stage, then runs the line it held
  /// until it is empty, and lets go of it: the store is ready.
  ///
  /// - Parameter applyLast: the end of the updater chain (``applyFromChain(_:)``), made by the
  ///   caller so that it is specialised for the app's state type.
  @usableFromInline
  func initialize(
    stateInitializer: @escaping @Sendable () async throws -> S, interceptors: [StoreInterceptor],
    applyLast: @escaping StoreInterceptorNext
  ) async {
    let state: S
    do {
      state = try await stateInitializer()
    } catch {
      if isInstrumented { instrumentation.stateInitializerDidFail(error) }
      status.withLock { $0.initializationError = error }
      state = S()
    }
    guard let dependencies = machine.withLock({ $0.initialStateLoaded(state) }) else { return }

    let context = SideEffectContext(core: self, dependencies: dependencies)
    // Each stage in a struct, not a bare closure in an array: an array holds closures in their
    // most general form, and every call through one went through conversion thunks.
    var stages: [InterceptorStage] = []
    for interceptor in interceptors { stages.append(InterceptorStage(wrap: interceptor(context))) }
    let chains: InterceptorChains? =
      stages.isEmpty
      ? nil
      : InterceptorChains(
        updater: Self.compose(stages, last: applyLast),
        sideEffect: Self.compose(stages, last: { [self] item in try self.startFromChain(item) }))
    // The initializer now runs the line it held: what was dispatched meanwhile, in dispatch
    // order, and what that dispatches, until the line is empty; then the store is ready.
    guard machine.withLock({ $0.install(chains, runner: currentThreadID()) }) else { return }
    runLine(chain: chains?.updater)
  }

  /// Suspends until the store is ready (or released), on the caller's executor.
  nonisolated(nonsending) func waitUntilReady() async {
    if isReady { return }
    await withUnsafeContinuation { (continuation: UnsafeContinuation<Void, Never>) in
      let wait = machine.withLockUnlessOwned { $0.waitForReadiness(continuation) } ?? false
      if !wait { continuation.resume() }
    }
  }

  /// Moves to the `released` phase: fails everything still waiting, and drops listeners,
  /// interceptors and the dependency container.
  ///
  /// Whatever is dropped is released after the lock is let go, so deinitialisers (an observer
  /// interceptor removing its notification observers, say) run here, synchronously, but never
  /// under the lock.
  func release() {
    let dropped = machine.withLock { $0.release() }
    status.withLock { $0.isReady = false }
    // Updates already applied: their dispatchers are done waiting, listeners or not.
    for completion in dropped.delivered { completion.succeed() }
    if var line = dropped.line {
      Self.fail(&line)
      if case .initializer(let readinessWaiters) = line.holder {
        for waiter in readinessWaiters { waiter.resume() }
      }
    }
    for handler in dropped.releaseHandlers { handler() }
  }

  /// Fails what waited in the line of a released store, and wakes who waited for it to drain.
  private static func fail(_ line: inout Line) {
    while let entry = line.waiting.popFirst() {
      entry.completion.fail(KatanaError.storeReleased(entry.item.debugDescription))
    }
    for waiter in line.backlogWaiters { waiter.resume() }
  }
}
