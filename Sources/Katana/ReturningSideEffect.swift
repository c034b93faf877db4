/// A side effect that hands a value back to whoever dispatched it.
///
/// Write it like a ``SideEffect``, with the typed context of your app's store; `ReturnValue`,
/// `StateType` and `Dependencies` are inferred from the signature:
///
/// ```swift
/// struct CreateNote: ReturningSideEffect {
///   let title: String
///
///   func sideEffect(_ context: SideEffectContext<AppState, AppDependencies>) async throws -> Note.ID {
///     let note = try await context.dependencies.notes.create(title: title)
///     try await context.dispatch(AddNote(note)).value
///     return note.id
///   }
/// }
///
/// let id = try await store.dispatch(CreateNote(title: "Groceries")).value
/// ```
///
/// Dispatching it to a store of other state or dependency types is flagged at compile time
/// (a deprecation warning, an error under `-warnings-as-errors`), as for side effects. Dispatched
/// type-erased (``AnyDispatching/anyDispatch(_:)``), the mismatch makes `value` throw
/// ``KatanaError/stateTypeMismatch(_:expected:actual:)`` or
/// ``KatanaError/dependenciesTypeMismatch(_:expected:actual:)``.
///
/// A library that does not know the app's types implements the type-erased requirement instead;
/// its side effect then runs in every store. The store always passes its own
/// ``SideEffectContext`` there, so casting it back works:
///
/// ```swift
/// struct Multiply: ReturningSideEffect {
///   let a: Int, b: Int
///   func sideEffect(_ context: any AnySideEffectContext) async throws -> Int { a * b }
/// }
///
/// let product = try await store.dispatch(Multiply(a: 5, b: 2)).value  // 10
/// ```
///
/// Implement one of the two requirements. The store calls the type-erased one; its default
/// implementation checks the store's types and calls the typed one.
public protocol ReturningSideEffect: Dispatchable {
  /// The value handed back through ``DispatchTask/value``.
  associatedtype ReturnValue: Sendable
  /// The state of the store this side effect runs in; ``UndeclaredState`` (the default) for a
  /// side effect that implements only the type-erased requirement and runs in every store.
  associatedtype StateType: State = UndeclaredState
  /// The dependency container of the store this side effect runs in; ``UndeclaredDependencies``
  /// (the default) for a side effect that runs in every store.
  associatedtype Dependencies: SideEffectDependencyContainer = UndeclaredDependencies

  /// Performs the side effect and returns its result; the entry point the store calls.
  ///
  /// - Parameter context: the store's context, type-erased.
  /// - Returns: the value the dispatcher receives.
  /// - Throws: any error; the dispatcher's ``DispatchTask/value`` rethrows it unchanged.
  func sideEffect(_ context: any AnySideEffectContext) async throws -> ReturnValue

  /// Performs the side effect with the typed context of a store of ``StateType`` and
  /// ``Dependencies``, and returns its result.
  ///
  /// - Parameter context: the store's state, dependencies and dispatch, valid for the whole call
  ///   and beyond.
  /// - Returns: the value the dispatcher receives.
  /// - Throws: any error; the dispatcher's ``DispatchTask/value`` rethrows it unchanged.
  func sideEffect(_ context: SideEffectContext<StateType, Dependencies>) async throws -> ReturnValue
}
