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
/// - Updates happen on the main actor, shortly after the store applied them (the store's
///   listener may run on any thread); a burst of updates may be seen as its last value only.
/// - The object does not keep the store alive. Releasing it removes its store listener; so does
///   the store's release (``value`` then keeps the last value).
@available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
@MainActor
@Observable
public final class ObservedSelection<Value: Equatable & Sendable> {
  /// The selected value.
  public private(set) var value: Value

  @ObservationIgnored private let lifetime = SubscriptionLifetime()

  /// Observes `select` applied to `store`'s state.
  ///
  /// - Parameters:
  ///   - store: the store to follow; held weakly.
  ///   - select: picks the value out of the state; a key path works. Keep it cheap and pure: it
  ///     runs on every applied update, on the store's listener thread.
  public init<Store: PartialStore>(_ store: Store, select: @escaping @Sendable (Store.StateType) -> Value) {
    value = select(store.state)
    let values = store.values(of: select)
    lifetime.own(
      Task { [weak self] in
        for await value in values {
          guard let self else { return }
          self.receive(value)
        }
      })
  }

  private func receive(_ newValue: Value) {
    // `values(of:)` skips repeats of what it yielded, but its first value may equal the one read
    // at init: assigning it would notify observers of a change that did not happen.
    if newValue != value { value = newValue }
  }
}
