/// A side effect that hands a value back to whoever dispatched it.
///
/// The context is type-erased so that libraries can ship returning side effects without knowing
/// the app's state or dependency types. The store always passes its own
/// ``SideEffectContext``, so casting it back works:
///
/// ```swift
/// struct Multiply: ReturningSideEffect {
///   let a: Int, b: Int
///   func sideEffect(_ context: any AnySideEffectContext) async throws -> Int { a * b }
/// }
///
/// let product = try await store.dispatch(Multiply(a: 5, b: 2)).value  // 10
/// ```
public protocol ReturningSideEffect: Dispatchable {
  /// The value handed back through ``DispatchTask/value``.
  associatedtype ReturnValue: Sendable

  /// Performs the side effect and returns its result.
  ///
  /// - Parameter context: the store's context, type-erased.
  /// - Returns: the value the dispatcher receives.
  /// - Throws: any error; the dispatcher's ``DispatchTask/value`` rethrows it unchanged.
  func sideEffect(_ context: any AnySideEffectContext) async throws -> ReturnValue
}
