import Foundation
import Katana

/// A reaction that conforms to every observer protocol, always builds, and adds one user.
struct StateChangeAddUser: StateUpdater, OnStartObserverDispatchable, StateObserverDispatchable,
  DispatchObserverDispatchable, NotificationObserverDispatchable
{
  init?() {}
  init?(prevState: any State, currentState: any State) {}
  init?(dispatchedItem: any Dispatchable, prevState: any State, currentState: any State) {}
  init?(notification: Notification) {}

  func updateState(_ state: inout AppState) {
    state.user.users.append(User(username: "observer"))
  }
}

/// A reaction whose every initialiser returns `nil`, so it must never be dispatched.
struct NilStateChangeAddUser: StateUpdater, OnStartObserverDispatchable, StateObserverDispatchable,
  DispatchObserverDispatchable, NotificationObserverDispatchable
{
  init?() { return nil }
  init?(prevState: any State, currentState: any State) { return nil }
  init?(dispatchedItem: any Dispatchable, prevState: any State, currentState: any State) { return nil }
  init?(notification: Notification) { return nil }

  func updateState(_ state: inout AppState) {
    state.user.users.append(User(username: "must not happen"))
  }
}

/// A notification reaction that records every time it is built, then adds one user.
struct CountedNotificationAddUser: StateUpdater, NotificationObserverDispatchable {
  let counter: Counter?

  init?(notification: Notification) {
    counter = notification.object as? Counter
    counter?.increment()
  }

  func updateState(_ state: inout AppState) {
    state.user.users.append(User(username: "notified"))
  }
}
