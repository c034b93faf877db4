extension ReturningSideEffect {
  /// Checks that the store is one of ``ReturningSideEffect/StateType`` and
  /// ``ReturningSideEffect/Dependencies``, then runs the typed requirement.
  ///
  /// The default for side effects that implement the typed requirement only.
  ///
  /// - Throws: ``KatanaError/stateTypeMismatch(_:expected:actual:)`` or
  ///   ``KatanaError/dependenciesTypeMismatch(_:expected:actual:)`` when the store is of other
  ///   types (possible only when the item was dispatched type-erased, or the compiler's warning
  ///   was ignored); otherwise what the body throws.
  public func sideEffect(_ context: any AnySideEffectContext) async throws -> ReturnValue {
    guard let typed = context as? SideEffectContext<StateType, Dependencies> else {
      throw typeMismatch(in: context)
    }
    return try await sideEffect(typed)
  }

  /// The error for a store whose state or dependency type is not this side effect's.
  private func typeMismatch(in context: any AnySideEffectContext) -> KatanaError {
    let state = type(of: context.getAnyState())
    guard state == StateType.self else { return stateMismatch(in: state) }
    return mismatch(inStoreOf: context.anyDependencies)
  }
}

extension ReturningSideEffect {
  /// The error for a store of state type `Actual`, built where every state-type mismatch is
  /// (`StoreCore.stateMismatch`; the store's dependency type plays no part in it).
  fileprivate func stateMismatch<Actual: State>(in _: Actual.Type) -> KatanaError {
    StoreCore<Actual, UndeclaredDependencies>.stateMismatch(self, expected: StateType.self)
  }

  /// The error for a store whose dependency container is an `Actual`, built where every dependency-type
  /// mismatch is (`StoreCore.dependenciesMismatch`; the store's state type plays no part in it).
  fileprivate func mismatch<Actual: SideEffectDependencyContainer>(inStoreOf _: Actual) -> KatanaError {
    StoreCore<UndeclaredState, Actual>.dependenciesMismatch(self, expected: Dependencies.self)
  }
}

extension ReturningSideEffect where StateType == UndeclaredState, Dependencies == UndeclaredDependencies {
  /// Runs the type-erased requirement: a side effect that declares no store types runs in every
  /// store through the type-erased requirement.
  ///
  /// The default for side effects that implement the type-erased requirement only. The store
  /// never calls it (no store has these marker types unless you build one).
  public func sideEffect(
    _ context: SideEffectContext<UndeclaredState, UndeclaredDependencies>
  ) async throws -> ReturnValue {
    try await sideEffect(context as any AnySideEffectContext)
  }
}
