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
/// - Updates happen on the main actor, shortly after the store applied them; a burst of updates
///   may be seen as its last model only.
/// - The object does not keep the store alive; releasing it removes its store listener.
@available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
@MainActor
@Observable
public final class ObservedViewModel<Model: ViewModelWithState> {
  /// The newest model built from the state; `nil` until one could be built.
  public private(set) var model: Model?

  @ObservationIgnored private let lifetime = SubscriptionLifetime()

  /// Observes the models built from `store`'s state.
  ///
  /// - Parameter store: the store to follow; held weakly.
  public init<Store: PartialStore>(_ store: Store) where Store.StateType == Model.StateType {
    model = Model(state: store.state)
    // A `nil` model is a repeat of whatever came before: the sequence skips it unless a real
    // model came in between.
    let models = store.values(of: { Model(state: $0) })
    lifetime.own(
      Task { [weak self] in
        for await model in models {
          guard let self else { return }
          self.receive(model)
        }
      })
  }

  private func receive(_ newModel: Model?) {
    guard let newModel, newModel != model else { return }
    model = newModel
  }
}
