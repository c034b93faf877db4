/// A store with its state and dependency types erased.
///
/// Use it where code must hold stores of different states, such as a UI renderer. Dispatching
/// through it checks the item's state type when the item is handled.
public protocol AnyStore: AnyObject, AnyDispatching {
  /// The current state, type-erased; thread-safe.
  var anyState: any State { get }

  /// Registers a listener called after every applied updater with the (old, new) state pair.
  ///
  /// See ``Store/addListener(_:)`` for the delivery guarantees.
  ///
  /// - Returns: a closure that removes the listener; calling it more than once is harmless.
  @discardableResult
  func addAnyListener(_ listener: @escaping AnyStoreListener) -> StoreUnsubscribe

  /// Whether the store has its initial state and handles items as they come.
  ///
  /// Before that, ``anyState`` is a placeholder (`S()`) and listeners have not heard of the state
  /// the store will start from: UI built on the store waits for readiness before trusting the
  /// state. Defaults to `true`, for stores that are ready as soon as they exist.
  var isReady: Bool { get }

  /// Suspends until the store is ready (``isReady``), or released; returns at once if it already is.
  ///
  /// Defaults to returning at once, for stores that are ready as soon as they exist.
  func waitUntilReady() async
}

extension AnyStore {
  /// `true`: a store that does not say otherwise is ready as soon as it exists.
  public var isReady: Bool { true }

  /// Returns at once: a store that does not say otherwise is ready as soon as it exists.
  public func waitUntilReady() async {}
}

/// A listener of a type-erased store: receives the state before and after each applied update.
public typealias AnyStoreListener = @Sendable (_ oldState: any State, _ newState: any State) -> Void

/// A listener of a ``Store``: receives the state before and after each applied update.
public typealias StoreListener<S> = @Sendable (_ oldState: S, _ newState: S) -> Void

/// Removes a listener; calling it again does nothing.
public typealias StoreUnsubscribe = @Sendable () -> Void
