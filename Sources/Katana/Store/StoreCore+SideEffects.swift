extension StoreCore {
  /// The body a side effect runs with when no interceptor stands in between.
  typealias SideEffectBody = @Sendable (SideEffectContext<S, D>) async throws -> any Sendable

  func dispatchSideEffect<T: SideEffect>(_ sideEffect: T) -> DispatchTask<Void>
  where T.StateType == S, T.Dependencies == D {
    launch(sideEffect, kind: .sideEffect) { context in
      try await sideEffect.sideEffect(context)
      return ()
    }.erased()
  }

  func dispatchReturningSideEffect<T: ReturningSideEffect>(_ sideEffect: T) -> DispatchTask<T.ReturnValue> {
    launch(sideEffect, kind: .returningSideEffect) { context in
      try await sideEffect.sideEffect(context)
    }.erased()
  }

  /// Starts a side effect in its own task now, or holds it until the store is ready.
  func launch(_ item: any Dispatchable, kind: DispatchKind, body: @escaping SideEffectBody)
    -> DispatchTask<any Sendable>
  {
    let completion = DispatchCompletion()
    let dispatchedAt = ContinuousClock.now
    let parent = isInstrumented ? InstrumentationScope.parent : nil
    let decision = machine.withLockUnlessOwned { machine -> LaunchDecision<D> in
      switch machine.phase {
      case .released:
        return .released
      case .initializing:
        machine.held.append(
          HeldItem(
            run: { [self] in
              guard let dependencies = self.machine.withLock({ $0.dependencies }) else {
                completion.fail(KatanaError.storeReleased(item.debugDescription))
                return
              }
              self.start(item, kind: kind, body: body, dependencies: dependencies,
                         completion: completion, dispatchedAt: dispatchedAt, parent: parent)
            }, completion: completion, item: item))
        return .held
      case .ready:
        // Dependencies exist from the end of `Store.init`, before anything can be ready.
        return machine.dependencies.map(LaunchDecision.start) ?? .released
      }
    }
    switch decision {
    case nil:
      return reentrantDispatch(item)
    case .released?:
      return released(item)
    case .start(let dependencies)?:
      start(item, kind: kind, body: body, dependencies: dependencies,
            completion: completion, dispatchedAt: dispatchedAt, parent: parent)
    case .held?:
      break
    }
    return DispatchTask(storage: .pending(completion), item: item, dispatcher: self)
  }

  private func start(
    _ item: any Dispatchable, kind: DispatchKind, body: @escaping SideEffectBody, dependencies: D,
    completion: DispatchCompletion, dispatchedAt: ContinuousClock.Instant, parent: (any Sendable)?
  ) {
    let context = SideEffectContext(core: self, dependencies: dependencies)
    // A plain `Task` (not detached) keeps the dispatcher's priority and task-locals, so tracing
    // context flows into the side effect.
    Task { [self] in
      let outcome = await instrumented(item, kind: kind, dispatchedAt: dispatchedAt, parent: parent) {
        try await self.runSideEffect(item, kind: kind, body: body, context: context)
      }
      completion.complete(outcome)
    }
  }

  private func runSideEffect(
    _ item: any Dispatchable, kind: DispatchKind, body: SideEffectBody, context: SideEffectContext<S, D>
  ) async throws -> any Sendable {
    guard hasInterceptors else { return try await body(context) }
    let stages = machine.withLock { $0.interceptorStages }
    // The value the body returned, if an interceptor let the item reach it.
    let produced = LockedValue<(any Sendable)?>(nil)
    let last: StoreInterceptorNext = { [self] arriving in
      let value = try await self.performSideEffect(arriving, context: context)
      produced.withLock { $0 = value }
    }
    try await Self.compose(stages, last: last)(item)
    if let value = produced.withLock({ $0 }) { return value }
    if kind == .returningSideEffect {
      throw KatanaError.returningSideEffectSwallowed(item.debugDescription)
    }
    return ()
  }

  /// The last step of a side effect's chain: runs whatever item the interceptors passed on.
  func performSideEffect(_ item: any Dispatchable, context: SideEffectContext<S, D>) async throws -> any Sendable {
    switch DispatchableKind(of: item) {
    case .returningSideEffect(let sideEffect):
      return try await sideEffect.sideEffect(context)
    case .sideEffect(let sideEffect):
      try await Self.perform(sideEffect, context: context, item: item)
      return ()
    case .stateUpdater:
      // An interceptor turned the side effect into an updater: handle it as a new dispatch.
      _ = anyDispatch(item)
      return ()
    case .invalid(let reason):
      throw KatanaError.notDispatchable(item.debugDescription, reason: reason)
    }
  }

  private static func perform<T: SideEffect>(
    _ sideEffect: T, context: SideEffectContext<S, D>, item: any Dispatchable
  ) async throws {
    guard let typed = context as? SideEffectContext<T.StateType, T.Dependencies> else {
      throw mismatch(sideEffect, item: item)
    }
    try await sideEffect.sideEffect(typed)
  }

  static func mismatch<T: SideEffect>(_: T, item: any Dispatchable) -> KatanaError {
    if T.StateType.self != S.self {
      return .stateTypeMismatch(
        item.debugDescription, expected: String(reflecting: T.StateType.self), actual: String(reflecting: S.self))
    }
    return .dependenciesTypeMismatch(
      item.debugDescription, expected: String(reflecting: T.Dependencies.self), actual: String(reflecting: D.self))
  }

  /// Builds the chain around `last`; the first interceptor is the outermost.
  static func compose(
    _ stages: [@Sendable (_ next: @escaping StoreInterceptorNext) -> StoreInterceptorNext],
    last: @escaping StoreInterceptorNext
  ) -> StoreInterceptorNext {
    stages.reversed().reduce(last) { next, stage in stage(next) }
  }

  /// Runs `operation`, reporting it to the instrumentation (if any) as one dispatched item.
  func instrumented(
    _ item: any Dispatchable, kind: DispatchKind, dispatchedAt: ContinuousClock.Instant, parent: (any Sendable)?,
    _ operation: () async throws -> any Sendable
  ) async -> DispatchCompletion.Outcome {
    guard let instrumentation else {
      do { return .success(try await operation()) } catch { return .failure(error) }
    }
    let event = DispatchEvent(item: item, kind: kind, queueWait: .now - dispatchedAt, parent: parent)
    let token = instrumentation.dispatchWillBegin(event)
    let outcome: DispatchCompletion.Outcome
    do {
      outcome = .success(
        try await InstrumentationScope.$parent.withValue(token) {
          try await instrumentation.withScope(of: token) { try await operation() }
        })
    } catch {
      outcome = .failure(error)
    }
    instrumentation.dispatchDidEnd(event, token: token, outcome: DispatchOutcome(outcome))
    return outcome
  }
}

/// What `launch` decided under the lock.
enum LaunchDecision<D> {
  case start(D)
  case held
  case released
}
