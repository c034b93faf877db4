public import Foundation

/// A ready-made interceptor that dispatches reactions to events: the store starting, the state
/// changing in a given way, an item type being handled, a notification being posted.
///
/// ```swift
/// let observer = ObserverInterceptor.observe([
///   .onStart([LoadSettings.self]),
///   .onStateChange(ObserverInterceptor.typedStateChange { (old: AppState, new: AppState) in
///     old.user != new.user
///   }, [SaveUser.self]),
///   .onDispatch(Logout.self, [ClearCache.self]),
///   .onNotification(didBecomeActive, [Refresh.self]),
/// ])
/// ```
///
/// Reactions are built with their failable initialisers (`nil` means "do not dispatch") and
/// dispatched fire and forget, in the order they are listed; every matching entry fires. A
/// reaction to an updater is handled after that updater (and after everything already waiting
/// for the interceptor chain), never inside its chain; a reaction to a side effect is dispatched
/// once the side effect's body has finished successfully.
/// Notification observers are removed when the store is released.
public struct ObserverInterceptor: Sendable {
  private init() {}

  /// What to observe, and which reactions to dispatch when it happens.
  public enum ObserverType: Sendable {
    /// Once, when the store initialises its interceptors (its state is already the initial one).
    case onStart([any OnStartObserverDispatchable.Type])
    /// After every handled state updater for which the predicate returns `true`; the predicate is
    /// never called for side effects.
    case onStateChange(StateChangeObserver, [any StateObserverDispatchable.Type])
    /// After every handled item whose dynamic type is exactly the given type.
    case onDispatch(any Dispatchable.Type, [any DispatchObserverDispatchable.Type])
    /// Whenever the notification is posted to the interceptor's notification center.
    case onNotification(Notification.Name, [any NotificationObserverDispatchable.Type])
  }

  /// Creates the interceptor.
  ///
  /// - Parameters:
  ///   - items: the observations, checked in this order for every item.
  ///   - notificationCenter: where `onNotification` entries listen.
  /// - Returns: an interceptor to list in the store's `interceptors`.
  public static func observe(
    _ items: [ObserverType], notificationCenter: NotificationCenter = .default
  ) -> StoreInterceptor {
    { context in
      let observer = ObserverInterceptorLogic(context: context, items: items, notificationCenter: notificationCenter)
      observer.start()
      return { next in
        { item in
          // Read the state only for items some entry reacts to (a state change, or this type).
          guard observer.reacts(to: item) else { return try next(item) }
          let previous = context.getAnyState()
          try next(item)
          guard let run = SideEffectRun.current, DispatchKind(of: item) != .stateUpdater else {
            return observer.itemHandled(item, previous: previous, current: context.getAnyState())
          }
          // A side effect: react once its body has finished, with the state after it.
          run.whenHandled { outcome in
            guard case .success = outcome else { return }
            observer.itemHandled(item, previous: previous, current: context.getAnyState())
          }
        }
      }
    }
  }

  /// Turns a predicate over a concrete state type into a ``StateChangeObserver``.
  ///
  /// The observer returns `false` when either state is not an `S`.
  public static func typedStateChange<S: State>(_ predicate: @escaping TypedStateChangeObserver<S>)
    -> StateChangeObserver
  {
    { previous, current in
      guard let previous = previous as? S, let current = current as? S else { return false }
      return predicate(previous, current)
    }
  }
}
