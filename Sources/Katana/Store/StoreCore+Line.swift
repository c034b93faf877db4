public import KatanaSupport

extension StoreCore {
  /// Runs the line on this thread, the one holding it (the initializer's, or a chain's), until it
  /// is empty; then nobody holds it and the store is ready.
  ///
  /// - Parameter chain: the updater chain, for the items that go through it (`nil` without
  ///   interceptors, where no item does).
  @inlinable
  func runLine(chain: StoreInterceptorNext?) {
    // `withLock`: the line's runner is outside any updater here.
    // After a chain, the line is almost always empty: let go of it without copying a `LineStep`
    // (its optional entry and arrays are copied through run-time metadata).
    if machine.withLock({ $0.letGoIfIdle() }) { return }
    runWaiting(chain: chain)
  }

  /// Runs what waits in the line, then lets go of it (``runLine(chain:)`` once it found the line
  /// not idle). Out of line: the inline chain's path calls it only when someone waits.
  @inlinable @inline(never)
  func runWaiting(chain: StoreInterceptorNext?) {
    while true {
      let step = machine.withLock { machine -> LineStep in
        let step = machine.next()
        if step.becameReady { becameReady() }
        return step
      }
      if !step.wake.isEmpty {
        for waiter in step.wake { waiter.resume() }
      }
      guard let entry = step.next else {
        if let readinessWaiters = step.readinessWaiters {
          for waiter in readinessWaiters { waiter.resume() }
        }
        return
      }
      takeTurn(entry, chain: chain)
    }
  }

  /// Flips ``isReady``; under the machine's lock, as the initializer lets go of the line.
  @usableFromInline
  func becameReady() {
    status.withLock { $0.isReady = true }
  }

  /// Handles an item whose turn in line came.
  @inlinable
  func takeTurn(_ entry: LineEntry, chain: StoreInterceptorNext?) {
    switch entry.turn {
    case .updaterChain:
      guard let chain else { preconditionFailure("an updater waited for a chain the store does not have") }
      run(entry, through: chain)
    case .run(let handle):
      handle()
    }
  }
}
