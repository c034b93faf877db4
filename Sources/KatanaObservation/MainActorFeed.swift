import Katana
import KatanaSupport

/// Brings a store's selected value to an object on the main actor, in the order of the updates.
///
/// The guarantee the observed objects document: an update applied on the main thread (a
/// main-actor dispatch, or an interceptor chain it runs) reaches the object synchronously, inside
/// the store's listener call, so before the dispatch's `value` returns. An update applied on
/// another thread hops to the main actor. Each delivery carries a sequence number, and the object
/// takes only numbers greater than the last it took (``MainActorFeedOrder``), so a hop that lands
/// after a newer synchronous delivery is dropped instead of showing an older value.
///
/// Listener calls to one listener never overlap and arrive in update order (the store's
/// guarantee 5), so numbering them in the listener numbers them in update order.
final class MainActorFeed<Value: Sendable>: Sendable {
  /// Calls of the store's listener so far; each delivery of an update gets twice its count (even),
  /// the state read when the store became ready gets an odd number between two updates.
  private let issued = LockedValue<UInt64>(0)
  private let deliver: @MainActor @Sendable (_ value: Value, _ sequence: UInt64) -> Void

  /// - Parameter deliver: hands a value to the object; called on the main actor, with a
  ///   sequence number for ``MainActorFeedOrder/accepts(_:)``.
  init(deliver: @escaping @MainActor @Sendable (_ value: Value, _ sequence: UInt64) -> Void) {
    self.deliver = deliver
  }

  /// Listens to `store` (once it is ready) and hands each change of the selected value on.
  ///
  /// When the store is not ready yet, the object also receives the value of the state the store
  /// became ready with. The feed keeps neither the store nor the object alive; `lifetime`'s end
  /// removes the listener.
  func start<Store: PartialStore>(
    _ store: Store, select: @escaping @Sendable (Store.StateType) -> Value, lifetime: SubscriptionLifetime
  ) where Value: Equatable {
    if store.isReady {
      lifetime.own(subscribe(store, select: select))
      return
    }
    store.whenReady { [weak store, weak lifetime, self] in
      guard let store, let lifetime else { return }
      lifetime.own(subscribe(store, select: select))
      // Numbered before the read: an update whose listener call comes later gets a greater
      // number, and one that came earlier is included in what the read sees.
      let sequence = issued.withLock { 2 * $0 + 1 }
      send(select(store.state), sequence: sequence)
    }
  }

  private func subscribe<Store: PartialStore>(
    _ store: Store, select: @escaping @Sendable (Store.StateType) -> Value
  ) -> StoreUnsubscribe where Value: Equatable {
    store.addListener(select: select) { [self] _, newValue in
      let sequence = issued.withLock { count in
        count += 1
        return 2 * count
      }
      send(newValue, sequence: sequence)
    }
  }

  private func send(_ value: Value, sequence: UInt64) {
    if MainActorContext.isCurrent {
      // Applied on the main actor: deliver now, before the dispatcher's `value` returns.
      MainActor.assumeIsolated { deliver(value, sequence) }
    } else {
      Task { @MainActor [deliver] in deliver(value, sequence) }
    }
  }
}
