extension StoreCore {
  /// Stores the dependency container the store built in its initialiser.
  func install(dependencies: D) {
    machine.withLock { $0.dependencies = dependencies }
  }

  /// Runs the state initializer, then the interceptors' first stage, then hands over held items and
  /// becomes ready.
  func initialize(
    stateInitializer: @escaping @Sendable () async throws -> S, interceptors: [StoreInterceptor]
  ) async {
    let state: S
    do {
      state = try await stateInitializer()
    } catch {
      instrumentation?.stateInitializerDidFail(error)
      machine.withLock { $0.initializationError = error }
      state = S()
    }
    guard
      let dependencies = machine.withLock({ machine -> D? in
        guard machine.phase != .released else { return nil }
        machine.state = state
        return machine.dependencies
      })
    else { return }

    let context = SideEffectContext(core: self, dependencies: dependencies)
    let stages = interceptors.map { $0(context) }
    let chain: StoreInterceptorNext? =
      stages.isEmpty ? nil : Self.compose(stages, last: { [self] item in try await self.applyFromChain(item) })
    let installed = machine.withLock { machine -> Bool in
      guard machine.phase != .released else { return false }
      machine.interceptorStages = stages
      machine.updaterChain = chain
      return true
    }
    guard installed else { return }

    // Hand held items over in dispatch order. Items dispatched meanwhile (for example `onStart`
    // reactions) are held too and handled in the next round, so nothing overtakes anything.
    while true {
      let round = machine.withLock { machine -> ReadinessRound in
        guard machine.phase == .initializing else { return .released }
        if machine.held.isEmpty {
          machine.phase = .ready
          defer { machine.readinessWaiters = [] }
          return .ready(machine.readinessWaiters)
        }
        defer { machine.held = [] }
        return .handle(machine.held)
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

  /// Suspends until the store is ready (or released).
  func waitUntilReady() async {
    await withUnsafeContinuation { (continuation: UnsafeContinuation<Void, Never>) in
      let wait = machine.withLock { machine -> Bool in
        guard machine.phase == .initializing else { return false }
        machine.readinessWaiters.append(continuation)
        return true
      }
      if !wait { continuation.resume() }
    }
  }

  var initializationError: (any Error)? {
    machine.withLock { $0.initializationError }
  }

  /// Moves to the `released` phase: fails everything still waiting, and drops listeners,
  /// interceptors and the dependency container.
  ///
  /// Whatever is dropped is released after the lock is let go, so deinitialisers (an observer
  /// interceptor removing its notification observers, say) run here, synchronously, but never
  /// under the lock.
  func release() {
    var dropped = StoreMachine<S, D>(state: S())
    machine.withLock { machine in
      swap(&dropped, &machine)
      machine.state = dropped.state
      machine.initializationError = dropped.initializationError
      machine.phase = .released
    }
    // Updates already applied: their dispatchers are done waiting, listeners or not.
    while let delivery = dropped.deliveries.popFirst() {
      delivery.completion?.succeed()
    }
    for item in dropped.held {
      item.completion.fail(KatanaError.storeReleased(item.item.debugDescription))
    }
    while let queued = dropped.updaterQueue.popFirst() {
      queued.completion.fail(KatanaError.storeReleased(queued.item.debugDescription))
    }
    for waiter in dropped.readinessWaiters { waiter.resume() }
    runReleaseHandlers()
  }
}

/// One round of the hand-over of held items.
enum ReadinessRound {
  case handle([HeldItem])
  case ready([UnsafeContinuation<Void, Never>])
  case released
}
