extension StoreCore {
  /// Dispatches an item whose kind and types are checked now, at run time.
  @usableFromInline
  func anyDispatch(_ item: any Dispatchable, callSite: DispatchCallSite? = nil) -> DispatchTask<any Sendable> {
    switch DispatchKind.classify(item) {
    case .kind(.stateUpdater):
      guard let updater = item as? any StateUpdater else { break }
      return dispatchErased(updater, item: item, callSite: callSite).erased()
    case .kind(.returningSideEffect):
      guard let sideEffect = item as? any ReturningSideEffect else { break }
      return launch(item, kind: .returningSideEffect, callSite: callSite) { context in try await sideEffect.sideEffect(context) }
    case .kind(.sideEffect):
      guard let sideEffect = item as? any SideEffect else { break }
      return dispatchErased(sideEffect, item: item, callSite: callSite)
    case .invalid(let reason):
      return .failed(
        KatanaError.notDispatchable(item.debugDescription, reason: reason), item: item, dispatcher: self)
    }
    preconditionFailure("DispatchKind.classify and the protocol casts disagree about \(item.debugDescription)")
  }

  private func dispatchErased<T: StateUpdater>(
    _ updater: T, item: any Dispatchable, callSite: DispatchCallSite?
  ) -> DispatchTask<Void> {
    guard T.StateType.self == S.self else {
      return .failed(Self.stateMismatch(item, expected: T.StateType.self), item: item, dispatcher: self)
    }
    // Interceptors see the item as it was dispatched; the end of the chain applies it.
    if hasInterceptors { return routeThroughChain(item, itemType: type(of: item), callSite: callSite) }
    let adapted = SameStateUpdater<T, S>(updater: updater)
    if isInstrumented { return dispatchInstrumented(adapted, reportedAs: item, callSite: callSite) }
    return applyDirectly(adapted, reportedAs: item)
  }

  private func dispatchErased<T: SideEffect>(
    _ sideEffect: T, item: any Dispatchable, callSite: DispatchCallSite?
  ) -> DispatchTask<any Sendable> {
    guard T.StateType.self == S.self, T.Dependencies.self == D.self else {
      return .failed(Self.mismatch(sideEffect, item: item), item: item, dispatcher: self)
    }
    return launch(item, kind: .sideEffect, callSite: callSite) { context in
      // Types were checked above, so `perform`'s own check cannot fail.
      try await Self.perform(sideEffect, context: context, item: item)
      return ()
    }
  }
}

/// An updater of a state type found at run time to be `S`, seen as an updater of `S`.
struct SameStateUpdater<Wrapped: StateUpdater, S: State>: StateUpdater {
  let updater: Wrapped

  func updateState(_ state: inout S) {
    applyUpdater(updater, to: &state)
  }
}
