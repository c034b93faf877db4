/// The store as UI code sees it: typed state and dispatch, but no dependencies.
///
/// Hand `any PartialStore<AppState>` to code that must read and change the state without
/// reaching the app's managers.
public protocol PartialStore<StateType>: AnyStore {
  /// The store's state type.
  associatedtype StateType: State

  /// The current state; thread-safe.
  var state: StateType { get }

  /// Registers a listener called after every applied updater with the (old, new) state pair.
  ///
  /// See ``Store/addListener(_:)`` for the delivery guarantees.
  ///
  /// - Returns: a closure that removes the listener; calling it more than once is harmless.
  @discardableResult
  func addListener(_ listener: @escaping StoreListener<StateType>) -> StoreUnsubscribe
}

extension PartialStore {
  /// Dispatches a state updater of this store's state type (checked at compile time).
  ///
  /// Disfavoured: on a ``Store`` the ``StoreDispatching`` overload (the typed path, with the
  /// call site) must win, and it is declared in another protocol's extension, which does not
  /// outrank this one. In code generic over `PartialStore`, ``AnyDispatching``'s overload is
  /// chosen instead, which does the same (``AnyDispatching/anyDispatch(_:)``).
  @discardableResult @_disfavoredOverload
  public func dispatch<T: StateUpdater>(_ dispatchable: T) -> DispatchTask<Void>
  where T.StateType == StateType {
    anyDispatch(dispatchable).erased()
  }
}
