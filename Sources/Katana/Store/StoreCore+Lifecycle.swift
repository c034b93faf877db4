import KatanaSupport

extension StoreCore {
  /// Stores the dependency container the store built in its initialiser.
  @usableFromInline
  func install(dependencies: D) {
    machine.withLock { $0.dependencies = dependencies }
  }

  /// Runs the state initializer, then the interceptors' first stage, then hands over held items and
  /// becomes ready.
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
      instrumentation?.stateInitializerDidFail(error)
      status.withLock { $0.initializationError = error }
      state = S()
    }
    guard let dependencies = machine.withLock({ $0.initialStateLoaded(state) }) else { return }

    let context = SideEffectContext(core: self, dependencies: dependencies)
    let stages = interceptors.map { $0(context) }
    let chains: InterceptorChains? =
      stages.isEmpty
      ? nil
      : InterceptorChains(
        updater: Self.compose(stages, last: applyLast),
        sideEffect: Self.compose(stages, last: { [self] item in try self.startFromChain(item) }))
    guard machine.withLock({ $0.install(chains) }) else { return }

    // Hand held items over in dispatch order, round by round (see `readinessRound`).
    while true {
      let round = machine.withLock { machine -> ReadinessRound in
        let round = machine.readinessRound()
        if case .ready = round { status.withLock { $0.isReady = true } }
        return round
      }
      switch round {
      case .handle(let items):
        for item in items { item.run() }
      case .ready(let waiters):
        for waiter in waiters { waiter.resume() }
        return
      case .released:
        return
      }
    }
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
    var dropped = machine.withLock { $0.release() }
    status.withLock { $0.isReady = false }
    // Updates already applied: their dispatchers are done waiting, listeners or not.
    while let delivery = dropped.deliveries.popFirst() {
      delivery.completion?.succeed()
    }
    for item in dropped.held {
      item.completion.fail(KatanaError.storeReleased(item.item.debugDescription))
    }
    while let queued = dropped.chainQueue.popFirst() {
      queued.completion.fail(KatanaError.storeReleased(queued.item.debugDescription))
    }
    for waiter in dropped.backlogWaiters { waiter.resume() }
    for waiter in dropped.readinessWaiters { waiter.resume() }
    for handler in dropped.releaseHandlers { handler() }
  }
}
