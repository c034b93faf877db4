public import Katana
public import Observation

/// A ``ViewModelWithState`` kept up to date from a store, as an `Observable` object: what a
/// SwiftUI view holds.
///
/// ```swift
/// struct CounterView: View {
///   @State private var viewModel = ObservedViewModel<CounterViewModel>(store)
///   var body: some View { Text(viewModel.model?.text ?? "Loading…") }
/// }
/// ```
///
/// - ``model`` is built from the store's current state at first, then from the state the store
///   becomes ready with (if it was not ready yet), then from each update.
/// - `init?(state:)` returning `nil` keeps the previous model (``model`` is `nil` only until a
///   first model could be built).
/// - ``model`` changes, and so notifies observers, only when the new model differs (`!=`).
/// - Updates happen on the main actor. An update the store applies on the main thread (a
///   dispatch from the main actor, with or without interceptors) is seen synchronously: ``model``
///   is current before that dispatch's `value` returns. An update applied on another thread
///   reaches the main actor shortly after; a burst of those may be seen as its last model only.
///   Never an older model after a newer one.
/// - The object does not keep the store alive; releasing it removes its store listener.
@available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
@MainActor
@Observable
public final class ObservedViewModel<Model: ViewModelWithState> {
  /// The newest model built from the state; `nil` until one could be built.
  public private(set) var model: Model?

  @ObservationIgnored private let lifetime = SubscriptionLifetime()
  @ObservationIgnored private let order = MainActorFeedOrder()

  /// Observes the models built from `store`'s state.
  ///
  /// - Parameter store: the store to follow; held weakly.
  public init<Store: PartialStore>(_ store: Store) where Store.StateType == Model.StateType {
    model = Model(state: store.state)
    // The store's listener holds the feed; the feed holds this object weakly. A `nil` model is
    // not delivered as a change unless a real model came in between, and is then ignored.
    MainActorFeed(deliver: { [weak self] model, sequence in self?.receive(model, sequence: sequence) })
      .start(store, select: { Model(state: $0) }, lifetime: lifetime)
  }

  private func receive(_ newModel: Model?, sequence: UInt64) {
    guard order.accepts(sequence), let newModel, newModel != model else { return }
    model = newModel
  }
}
