import KatanaSupport

extension StoreCore {
  /// The body a side effect runs with when no interceptor stands in between.
  typealias SideEffectBody = @Sendable (SideEffectContext<S, D>) async throws -> any Sendable

  func dispatchSideEffect<T: SideEffect>(_ sideEffect: T, callSite: DispatchCallSite?) -> DispatchTask<Void>
  where T.StateType == S, T.Dependencies == D {
    launch(sideEffect, kind: .sideEffect, callSite: callSite) { context in
      try await sideEffect.sideEffect(context)
      return ()
    }.erased()
  }

  func dispatchReturningSideEffect<T: ReturningSideEffect>(_ sideEffect: T, callSite: DispatchCallSite?)
    -> DispatchTask<T.ReturnValue>
  {
    launch(sideEffect, kind: .returningSideEffect, callSite: callSite) { context in
      try await sideEffect.sideEffect(context)
    }.erased()
  }

  /// Starts a side effect now (its chain on this thread, its body in a task), or puts it in line
  /// behind the initializer.
  func launch(
    _ item: any Dispatchable, kind: DispatchKind, callSite: DispatchCallSite? = nil, body: @escaping SideEffectBody
  ) -> DispatchTask<any Sendable> {
    let completion = DispatchCompletion()
    let dispatchedAt: DispatchInstant? = isInstrumented ? .now : nil
    var parent = isInstrumented ? InstrumentationScope.parent : nil
    let thread = isInstrumented ? currentThreadID() : 0
    let decision = machine.withLockUnlessOwned { machine in
      // Launched by an interceptor of a running updater chain: that updater is the parent.
      if isInstrumented, let token = parentOnChainThread(machine, thread: thread) { parent = token }
      let waitingParent = parent
      return machine.launchSideEffect {
        LineEntry(
          item: item, completion: completion,
          turn: .run { [self] in
            guard completion.markStarted(willStartTask: true) else { return }  // cancelled while in line
            self.cancelInFlight(item, completion: completion)  // cancel in flight: Store+Cancellation.swift
            switch self.machine.withLock({ $0.sideEffectStart() }) {
            case .start(let dependencies, let chain):
              self.start(
                item, kind: kind, body: body, dependencies: dependencies, chain: chain,
                completion: completion, dispatchedAt: dispatchedAt, parent: waitingParent, callSite: callSite)
            case .queued, .released:
              completion.fail(KatanaError.storeReleased(item.debugDescription))
            }
          })
      }
    }
    switch decision {
    case nil:
      return reentrantDispatch(item)
    case .released?:
      return released(item)
    case .start(let dependencies, let chain)?:
      _ = completion.markStarted(willStartTask: true)
      cancelInFlight(item, completion: completion)  // cancel in flight: Store+Cancellation.swift
      start(
        item, kind: kind, body: body, dependencies: dependencies, chain: chain,
        completion: completion, dispatchedAt: dispatchedAt, parent: parent, callSite: callSite)
    case .queued?:
      break
    }
    return DispatchTask(storage: .pending(completion), item: item, dispatcher: self)
  }

  /// Runs the side effect's interceptor chain on this thread (if the store has interceptors) and
  /// starts its body in a task.
  private func start(
    _ item: any Dispatchable, kind: DispatchKind, body: @escaping SideEffectBody, dependencies: D,
    chain: StoreInterceptorNext?, completion: DispatchCompletion, dispatchedAt: DispatchInstant?,
    parent: (any Sendable)?, callSite: DispatchCallSite?
  ) {
    let scope = beginInstrumentation(
      item, kind: kind, dispatchedAt: dispatchedAt, parent: parent, callSite: callSite)
    let finish: @Sendable (DispatchCompletion.Outcome) -> Void = { [instrumentation] outcome in
      if let scope {  // made only with instrumentation
        instrumentation.dispatchDidEnd(scope.event, token: scope.token, outcome: DispatchOutcome(outcome))
      }
      completion.complete(outcome)
    }
    guard let chain else {
      // No interceptors: the typed body, straight away.
      let context = SideEffectContext(core: self, dependencies: dependencies)
      // A plain `Task` (not detached) keeps the dispatcher's priority and task-locals, so tracing
      // context flows into the side effect.
      let task = Task { [self] in
        finish(await self.runBody(in: scope) { try await body(context) })
      }
      completion.setTaskCanceller { task.cancel() }
      return
    }
    let run = SideEffectRun(
      owner: ObjectIdentifier(self), item: item, kind: kind, completion: completion, finish: finish)
    var chainError: (any Error)?
    do {
      try SideEffectRun.$current.withValue(run) {
        guard let scope else { return try chain(item) }
        // Items the interceptors dispatch around this side effect are its children.
        try InstrumentationScope.withParent(scope.token) { try chain(item) }
      }
    } catch {
      chainError = error
    }
    run.chainFinished(error: chainError)
  }

  /// The last step of a side effect's chain: starts the body of whatever item the interceptors
  /// passed on, and returns at once.
  func startFromChain(_ arriving: any Dispatchable) throws {
    guard let run = SideEffectRun.current, run.owner == ObjectIdentifier(self) else {
      // `next` called outside its chain (kept and called later): a new dispatch.
      _ = anyDispatch(arriving)
      return
    }
    switch DispatchKind.classify(arriving) {
    case .kind(.stateUpdater):
      // An interceptor turned the side effect into an updater: handle it as a new dispatch.
      _ = anyDispatch(arriving)
    case .invalid(let reason):
      throw KatanaError.notDispatchable(arriving.debugDescription, reason: reason)
    case .kind(.sideEffect), .kind(.returningSideEffect):
      guard let dependencies = machine.withLockUnlessOwned({ $0.liveDependencies }) ?? nil else {
        throw KatanaError.storeReleased(arriving.debugDescription)
      }
      guard run.bodyWillStart() else {
        _ = anyDispatch(arriving)
        return
      }
      let context = SideEffectContext(core: self, dependencies: dependencies)
      let token = InstrumentationScope.parent
      let task = Task { [self] in
        let outcome: DispatchCompletion.Outcome
        do {
          outcome = .success(
            try await self.withInstrumentationScope(token) { try await self.performSideEffect(arriving, context: context) })
        } catch {
          outcome = .failure(error)
        }
        run.bodyFinished(outcome)
      }
      run.completion.setTaskCanceller { task.cancel() }
    }
  }

  /// Runs a side effect's body, the way `withScope` of the instrumentation wants it.
  private func withInstrumentationScope(
    _ token: (any Sendable)?, _ operation: () async throws -> any Sendable
  ) async throws -> any Sendable {
    guard isInstrumented else { return try await operation() }
    return try await InstrumentationScope.withParent(token) {
      try await instrumentation.withScope(of: token) { try await operation() }
    }
  }

  /// Runs a body without interceptors, inside the instrumentation's scope if there is one.
  private func runBody(
    in scope: InstrumentationBegin?, _ operation: () async throws -> any Sendable
  ) async -> DispatchCompletion.Outcome {
    do {
      guard let scope else { return .success(try await operation()) }
      return .success(try await withInstrumentationScope(scope.token, operation))
    } catch {
      return .failure(error)
    }
  }

  /// Tells the instrumentation a side effect starts; `nil` without instrumentation.
  private func beginInstrumentation(
    _ item: any Dispatchable, kind: DispatchKind, dispatchedAt: DispatchInstant?, parent: (any Sendable)?,
    callSite: DispatchCallSite?
  ) -> InstrumentationBegin? {
    guard isInstrumented else { return nil }
    let event = DispatchEvent(
      item: item, kind: kind, queueWait: dispatchedAt?.elapsed ?? .zero, parent: parent,
      callSite: callSite)
    return InstrumentationBegin(event: event, token: instrumentation.dispatchWillBegin(event))
  }

  /// Runs a side effect that arrived at the end of a chain.
  func performSideEffect(_ item: any Dispatchable, context: SideEffectContext<S, D>) async throws -> any Sendable {
    if let sideEffect = item as? any ReturningSideEffect {
      return try await sideEffect.sideEffect(context)
    }
    if let sideEffect = item as? any SideEffect {
      try await Self.perform(sideEffect, context: context, item: item)
      return ()
    }
    throw KatanaError.notDispatchable(item.debugDescription, reason: "it is not a side effect.")
  }

  /// Runs a side effect whose types may not be this store's (they are checked here).
  static func perform<T: SideEffect>(
    _ sideEffect: T, context: SideEffectContext<S, D>, item: any Dispatchable
  ) async throws {
    guard let typed = context as? SideEffectContext<T.StateType, T.Dependencies> else {
      throw mismatch(sideEffect, item: item)
    }
    try await sideEffect.sideEffect(typed)
  }

  static func mismatch<T: SideEffect>(_: T, item: any Dispatchable) -> KatanaError {
    if T.StateType.self != S.self { return stateMismatch(item, expected: T.StateType.self) }
    return dependenciesMismatch(item, expected: T.Dependencies.self)
  }

  /// The error for an item of dependency type `expected` dispatched to this store; the one place
  /// it is built.
  static func dependenciesMismatch(_ item: any Dispatchable, expected: any SideEffectDependencyContainer.Type)
    -> KatanaError
  {
    .dependenciesTypeMismatch(
      item.debugDescription, expected: String(reflecting: expected), actual: String(reflecting: D.self))
  }

  /// The error for an item of state type `expected` dispatched to this store; the one place it
  /// is built.
  static func stateMismatch(_ item: any Dispatchable, expected: any State.Type) -> KatanaError {
    .stateTypeMismatch(item.debugDescription, expected: String(reflecting: expected), actual: String(reflecting: S.self))
  }

  /// Builds a chain around `last`; the first interceptor is the outermost.
  ///
  /// A loop, not `reduce`: a generic fold passes the chain as a generic value, and each `next`
  /// it made was called through two conversion thunks on every item.
  static func compose(_ stages: [InterceptorStage], last: @escaping StoreInterceptorNext) -> StoreInterceptorNext {
    var chain = last
    for stage in stages.reversed() { chain = stage.wrap(chain) }
    return chain
  }
}

/// What the instrumentation said when a side effect began.
struct InstrumentationBegin: Sendable {
  let event: DispatchEvent
  let token: (any Sendable)?
}
