public import Foundation

/// A reaction dispatched when the store has started (once its state initializer has run).
///
/// Return `nil` from the initialiser to dispatch nothing.
public protocol OnStartObserverDispatchable: Dispatchable {
  /// Creates the reaction, or `nil` to skip it.
  init?()
}

/// A reaction dispatched when an observed state change happens.
public protocol StateObserverDispatchable: Dispatchable {
  /// Creates the reaction from the state before and after the update, or `nil` to skip it.
  init?(prevState: any State, currentState: any State)
}

/// A reaction dispatched after an observed item type was handled.
public protocol DispatchObserverDispatchable: Dispatchable {
  /// Creates the reaction from the handled item and the state around it, or `nil` to skip it.
  ///
  /// For a side effect, the two states are read before and after its whole body.
  init?(dispatchedItem: any Dispatchable, prevState: any State, currentState: any State)
}

/// A reaction dispatched when an observed notification is posted.
public protocol NotificationObserverDispatchable: Dispatchable {
  /// Creates the reaction from the notification, or `nil` to skip it.
  ///
  /// Called synchronously on the thread that posted the notification.
  init?(notification: Notification)
}

/// Decides whether a state change is the one an observer waits for: `(previous, current) -> Bool`.
public typealias StateChangeObserver = @Sendable (_ prevState: any State, _ currentState: any State) -> Bool

/// A ``StateChangeObserver`` over a concrete state type; see ``ObserverInterceptor/typedStateChange(_:)``.
public typealias TypedStateChangeObserver<S: State> = @Sendable (_ prevState: S, _ currentState: S) -> Bool
