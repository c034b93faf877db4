extension StoreCore {
  /// Dispatches a typed updater: the hot path when the store is direct and ready.
  @inlinable
  func dispatchUpdater<T: StateUpdater>(_ updater: T) -> DispatchTask<Void> where T.StateType == S {
    guard isDirect else {
      // With interceptors, hand the queue a way to apply this type that is specialised here, in
      // the client, so the end of the chain needs neither protocol casts nor generic code.
      if hasInterceptors { return enqueueUpdater(updater, applier: Self.applier(for: T.self)) }
      return dispatchUpdaterIndirectly(updater, reportedAs: updater)
    }
    return applyDirectly(updater, reportedAs: updater, itemType: T.self)
  }

  /// Applies an updater synchronously on the calling thread (no interceptors).
  @inlinable
  func applyDirectly<T: StateUpdater>(_ updater: T, reportedAs item: any Dispatchable) -> DispatchTask<Void>
  where T.StateType == S {
    applyDirectly(updater, reportedAs: item, itemType: type(of: item))
  }

  /// Applies an updater synchronously; `itemType` is the type of `item`, passed separately so
  /// that the typed hot path names it statically instead of reading it out of the existential.
  @inlinable
  func applyDirectly<T: StateUpdater>(
    _ updater: T, reportedAs item: any Dispatchable, itemType: any Dispatchable.Type
  ) -> DispatchTask<Void> where T.StateType == S {
    guard
      let step = machine.withLockUnlessOwned({ machine -> ApplyStep<S> in
        guard machine.phase == .ready else {
          return machine.phase == .released ? .released : .notReady
        }
        return machine.apply({ updater.updateState(&$0) }, completion: nil)
      })
    else { return reentrantDispatch(item) }
    switch step {
    case .applied:
      return .applied(itemType)
    case .deliver(let delivery, let listeners):
      deliver(delivery, to: listeners)
      return .applied(itemType)
    default:
      return finishDirectApply(step, updater: updater, item: item)
    }
  }

  @usableFromInline
  func finishDirectApply<T: StateUpdater>(_ step: ApplyStep<S>, updater: T, item: any Dispatchable)
    -> DispatchTask<Void> where T.StateType == S
  {
    switch step {
    case .applied:
      return .applied(type(of: item))
    case .deliver(let delivery, let listeners):
      deliver(delivery, to: listeners)
      return .applied(type(of: item))
    case .waitForDelivery(let completion):
      return DispatchTask(storage: .pending(completion), item: item, dispatcher: self)
    case .released:
      return released(item)
    case .notReady:
      return holdOrApply(updater, item: item)
    }
  }

  /// Holds an updater dispatched before the store was ready (or applies it, if the store became
  /// ready in the meantime).
  func holdOrApply<T: StateUpdater>(_ updater: T, item: any Dispatchable) -> DispatchTask<Void>
  where T.StateType == S {
    let completion = DispatchCompletion()
    let held = HeldItem(
      run: { [self] in self.applyHeld(updater, completion: completion) }, completion: completion, item: item)
    let step = machine.withLockUnlessOwned { machine -> ApplyStep<S> in
      switch machine.phase {
      case .ready:
        return machine.apply({ updater.updateState(&$0) }, completion: completion)
      case .initializing:
        machine.held.append(held)
        return .notReady
      case .released:
        return .released
      }
    }
    guard let step else { return reentrantDispatch(item) }
    switch step {
    case .waitForDelivery, .notReady:
      // Held, or applied while another thread delivers: `completion` settles it either way.
      return DispatchTask(storage: .pending(completion), item: item, dispatcher: self)
    case .applied, .deliver, .released:
      return finishDirectApply(step, updater: updater, item: item)
    }
  }

  /// Applies a held updater while the store gets ready.
  func applyHeld<T: StateUpdater>(_ updater: T, completion: DispatchCompletion) where T.StateType == S {
    let step = machine.withLock { machine -> ApplyStep<S> in
      guard machine.phase != .released else { return .released }
      return machine.apply({ updater.updateState(&$0) }, completion: completion)
    }
    settle(step, completion: completion, item: updater)
  }

  /// Completes `completion` according to the outcome of an apply that was given it.
  func settle(_ step: ApplyStep<S>, completion: DispatchCompletion, item: any Dispatchable) {
    switch step {
    case .applied, .notReady:
      completion.succeed()
    case .deliver(let delivery, let listeners):
      deliver(delivery, to: listeners)
      completion.succeed()
    case .waitForDelivery:
      break  // the delivering thread completes it
    case .released:
      completion.fail(KatanaError.storeReleased(item.debugDescription))
    }
  }

  /// Tells `listeners` about the update this thread just applied, then delivers every update
  /// queued meanwhile.
  ///
  /// Only the thread that set `isDelivering` runs this, so calls to a listener never overlap and
  /// always arrive in update order. A listener that dispatches only queues more work here.
  /// Inlinable so that it is specialised for the store's state in the client: generic code here
  /// would look up type metadata at run time for every update.
  @inlinable
  func deliver(_ delivery: Delivery<S>, to listeners: [ListenerEntry<S>]) {
    Self.notify(listeners, of: delivery)
    deliverPendingUpdates()
  }

  /// Calls listeners for every queued update, oldest first, outside the lock, until none is left;
  /// then clears `isDelivering`.
  @inlinable
  func deliverPendingUpdates() {
    while true {
      let next: (Delivery<S>, [ListenerEntry<S>])? = machine.withLock { machine in
        guard let delivery = machine.deliveries.popFirst() else {
          machine.isDelivering = false
          return nil
        }
        return (delivery, machine.listeners)
      }
      guard let (delivery, listeners) = next else { return }
      Self.notify(listeners, of: delivery)
    }
  }

  /// Calls each listener registered before `delivery` was applied, then completes its dispatcher.
  @inlinable
  static func notify(_ listeners: [ListenerEntry<S>], of delivery: Delivery<S>) {
    for entry in listeners where entry.registeredAfter < delivery.sequence {
      entry.listener(delivery.oldState, delivery.newState)
    }
    delivery.completion?.succeed()
  }

  /// Dispatches an updater through interceptors and/or instrumentation.
  @usableFromInline
  func dispatchUpdaterIndirectly<T: StateUpdater>(_ updater: T, reportedAs item: any Dispatchable)
    -> DispatchTask<Void> where T.StateType == S
  {
    if hasInterceptors { return enqueueUpdater(item) }
    guard let instrumentation else { return applyDirectly(updater, reportedAs: item) }
    let event = DispatchEvent(
      item: item, kind: .stateUpdater, queueWait: .zero, parent: InstrumentationScope.parent)
    let token = instrumentation.dispatchWillBegin(event)
    let task = applyDirectly(updater, reportedAs: item)
    switch task.storage {
    case .applied:
      instrumentation.dispatchDidEnd(event, token: token, outcome: .completed)
    case .completed(let outcome):
      instrumentation.dispatchDidEnd(event, token: token, outcome: DispatchOutcome(outcome))
    case .pending(let completion):
      Task.detached {
        let outcome = await completion.outcome
        instrumentation.dispatchDidEnd(event, token: token, outcome: DispatchOutcome(outcome))
      }
    }
    return task
  }

  // MARK: Interceptor mode: one updater at a time through the chain.

  /// Applies an item whose dynamic type is `T`, specialised for `T` where it is created.
  @inlinable
  static func applier<T: StateUpdater>(for _: T.Type) -> UpdaterApplier<S, D> where T.StateType == S {
    { machine, item in
      guard let updater = item as? T else { return nil }
      return machine.apply({ updater.updateState(&$0) }, completion: nil)
    }
  }

  /// Queues an updater for the interceptor chain (held until the store is ready).
  ///
  /// - Parameter applier: applies items of `item`'s type; remembered for that type (unless the
  ///   type is also a side effect, which the chain's end must reject as ambiguous).
  @usableFromInline
  func enqueueUpdater(_ item: any Dispatchable, applier: UpdaterApplier<S, D>? = nil) -> DispatchTask<Void> {
    let queued = QueuedUpdater(
      item: item, completion: DispatchCompletion(), dispatchedAt: isInstrumented ? .now : nil,
      parent: isInstrumented ? InstrumentationScope.parent : nil)
    let decision = machine.withLockUnlessOwned { machine -> EnqueueDecision in
      if let applier {
        let itemType = type(of: item)
        let key = ObjectIdentifier(itemType)
        if machine.appliers[key] == nil,
          !(itemType is any SideEffect.Type), !(itemType is any ReturningSideEffect.Type)
        {
          machine.appliers[key] = applier
        }
      }
      switch machine.phase {
      case .released:
        return .released
      case .initializing:
        machine.held.append(
          HeldItem(run: { [self] in self.enqueueHeld(queued) }, completion: queued.completion, item: item))
        return .queued
      case .ready:
        return Self.append(queued, to: &machine) ? .startDrainer : .queued
      }
    }
    guard let decision else { return reentrantDispatch(item) }
    switch decision {
    case .released: return released(item)
    case .startDrainer: startUpdaterDrainer()
    case .queued: break
    }
    return DispatchTask(storage: .pending(queued.completion), item: item, dispatcher: self)
  }

  func enqueueHeld(_ queued: QueuedUpdater) {
    let start = machine.withLock { machine -> Bool in
      guard machine.phase != .released else { return false }
      return Self.append(queued, to: &machine)
    }
    if start { startUpdaterDrainer() }
  }

  /// Appends to the updater queue; returns whether the caller must start the drainer.
  static func append(_ queued: QueuedUpdater, to machine: inout StoreMachine<S, D>) -> Bool {
    machine.updaterQueue.append(queued)
    guard !machine.isDrainingUpdaters else { return false }
    machine.isDrainingUpdaters = true
    return true
  }

  func startUpdaterDrainer() {
    // Detached: the drainer must not inherit the task-locals (instrumentation parent) of
    // whichever dispatcher happened to start it.
    Task.detached { [self] in await self.drainUpdaters() }
  }

  /// Runs queued updaters through the interceptor chain, one at a time, until the queue is empty.
  func drainUpdaters() async {
    while true {
      let next: (QueuedUpdater, StoreInterceptorNext?)? = machine.withLock { machine in
        guard let job = machine.updaterQueue.popFirst() else {
          machine.isDrainingUpdaters = false
          return nil
        }
        return (job, machine.updaterChain)
      }
      guard let (job, chain) = next else { return }
      guard let chain else {
        job.completion.fail(KatanaError.storeReleased(job.item.debugDescription))
        continue
      }
      let outcome: DispatchCompletion.Outcome
      if let dispatchedAt = job.dispatchedAt {
        outcome = await instrumented(job.item, kind: .stateUpdater, dispatchedAt: dispatchedAt, parent: job.parent) {
          try await chain(job.item)
          return ()
        }
      } else {
        // No instrumentation: call the chain directly, without the wrapper's extra async frame.
        do {
          try await chain(job.item)
          outcome = .success(())
        } catch {
          outcome = .failure(error)
        }
      }
      job.completion.complete(outcome)
    }
  }

  /// The last step of the updater chain: applies whatever updater the interceptors passed on.
  func applyFromChain(_ item: any Dispatchable) async throws {
    // Fast path: a type this store has queued through a typed dispatch, applied by code
    // specialised for it (no protocol casts, no unspecialised generic apply).
    let key = ObjectIdentifier(type(of: item))
    let fast = machine.withLock { machine -> ApplyStep<S>? in
      guard machine.phase != .released, let applier = machine.appliers[key] else { return nil }
      return applier(&machine, item)
    }
    if let fast {
      // Nothing to wait for in the common case: skip the async call (and its frame) below.
      if case .applied = fast { return }
      try await finishChainApply(fast, item: item)
      return
    }
    switch DispatchableKind(of: item) {
    case .stateUpdater(let updater):
      try await applyErased(updater, item: item)
    case .sideEffect, .returningSideEffect:
      // An interceptor turned the updater into a side effect: handle it as a new dispatch.
      _ = anyDispatch(item)
    case .invalid(let reason):
      throw KatanaError.notDispatchable(item.debugDescription, reason: reason)
    }
  }

  private func applyErased<T: StateUpdater>(_ updater: T, item: any Dispatchable) async throws {
    guard T.StateType.self == S.self else {
      throw KatanaError.stateTypeMismatch(
        item.debugDescription, expected: String(reflecting: T.StateType.self), actual: String(reflecting: S.self))
    }
    let step = machine.withLock { machine -> ApplyStep<S> in
      guard machine.phase != .released else { return .released }
      return machine.apply({ state in applyUpdater(updater, to: &state) }, completion: nil)
    }
    try await finishChainApply(step, item: item)
  }

  /// Completes an apply made at the end of the chain: delivers to listeners, or waits for the
  /// thread that delivers, or reports a release.
  private func finishChainApply(_ step: ApplyStep<S>, item: any Dispatchable) async throws {
    switch step {
    case .applied, .notReady:
      return
    case .deliver(let delivery, let listeners):
      deliver(delivery, to: listeners)
    case .waitForDelivery(let completion):
      _ = await completion.outcome
    case .released:
      throw KatanaError.storeReleased(item.debugDescription)
    }
  }

}

extension StoreMachine {
  /// `apply(_:)` with a completion to attach if another thread is delivering.
  @inlinable
  mutating func apply(_ mutate: (inout S) -> Void, completion: DispatchCompletion?) -> ApplyStep<S> {
    if listeners.isEmpty {
      mutate(&state)
      return .applied
    }
    let oldState = state
    mutate(&state)
    updateCount &+= 1
    if isDelivering {
      let waiter = completion ?? DispatchCompletion()
      deliveries.append(Delivery(oldState: oldState, newState: state, sequence: updateCount, completion: waiter))
      return .waitForDelivery(waiter)
    }
    // Nobody is delivering: the caller becomes the deliverer and tells listeners about this
    // update straight away, without a round trip through `deliveries` and the lock.
    isDelivering = true
    return .deliver(
      Delivery(oldState: oldState, newState: state, sequence: updateCount, completion: nil), listeners)
  }
}

extension DispatchOutcome {
  init(_ outcome: DispatchCompletion.Outcome) {
    switch outcome {
    case .success: self = .completed
    case .failure(let error): self = .failed(error)
    }
  }
}

/// Applies an updater whose state type the caller has checked to be `S`.
func applyUpdater<T: StateUpdater, S: State>(_ updater: T, to state: inout S) {
  precondition(T.StateType.self == S.self, "applyUpdater called with mismatched state types")
  // The two types are the same type, so viewing the memory as the other is an identity.
  withUnsafeMutablePointer(to: &state) { pointer in
    pointer.withMemoryRebound(to: T.StateType.self, capacity: 1) { updater.updateState(&$0.pointee) }
  }
}

/// What `enqueueUpdater` decided under the lock.
enum EnqueueDecision {
  case queued
  case startDrainer
  case released
}
