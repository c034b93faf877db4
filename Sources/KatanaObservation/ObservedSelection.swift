public import Katana
public import Observation

/// A part of a store's state as an `Observable` object: what a SwiftUI view holds to show it.
///
/// ```swift
/// struct CounterView: View {
///   @State private var count = ObservedSelection(store, select: \.counter)
///   var body: some View { Text("Count: \(count.value)") }
/// }
/// ```
///
/// - ``value`` starts as the selection of the store's current state, then follows the store: the
///   state the store becomes ready with (if it was not ready yet), then each change.
/// - It changes, and so notifies observers, only when the selection changes (`!=`): updates of
///   other parts of the state are not observed.
/// - Updates happen on the main actor. An update the store applies on the main thread (a
///   dispatch from the main actor, with or without interceptors) is seen synchronously: ``value``
///   is current before that dispatch's `value` returns, and in the same transaction as the code
///   that dispatched. An update applied on another thread (a side effect's dispatch, a queued
///   item run by another thread's chain) reaches the main actor shortly after; a burst of those
///   may be seen as its last value only. Never an older value after a newer one.
/// - The object does not keep the store alive. Releasing it removes its store listener; so does
///   the store's release (``value`` then keeps the last value).
@available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
@MainActor
@Observable
public final class ObservedSelection<Value: Equatable & Sendable> {
  /// The selected value.
  public private(set) var value: Value

  @ObservationIgnored private let lifetime = SubscriptionLifetime()
  @ObservationIgnored private let order = MainActorFeedOrder()

  /// Observes `select` applied to `store`'s state.
  ///
  /// - Parameters:
  ///   - store: the store to follow; held weakly.
  ///   - select: picks the value out of the state; a key path works. Keep it cheap and pure: it
  ///     runs on every applied update, on the store's listener thread.
  public init<Store: PartialStore>(_ store: Store, select: @escaping @Sendable (Store.StateType) -> Value) {
    value = select(store.state)
    // The store's listener holds the feed; the feed holds this object weakly.
    MainActorFeed(deliver: { [weak self] value, sequence in self?.receive(value, sequence: sequence) })
      .start(store, select: select, lifetime: lifetime)
  }

  private func receive(_ newValue: Value, sequence: UInt64) {
    // An equal value (the ready state's, for one) would notify observers of a change that did
    // not happen.
    guard order.accepts(sequence), newValue != value else { return }
    value = newValue
  }
}
