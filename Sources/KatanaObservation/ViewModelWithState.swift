public import Katana

/// A view model derived from the store's state, Tempura style: the view shows the model, and is
/// updated only when the model changes.
///
/// ```swift
/// struct CounterViewModel: ViewModelWithState {
///   var text: String
///   init?(state: CounterState) {
///     guard !state.isLoading else { return nil }   // keep showing the previous model
///     text = "Count: \(state.counter)"
///   }
/// }
/// ```
///
/// Observe one with ``ObservedViewModel``.
public protocol ViewModelWithState: Equatable, Sendable {
  /// The store's state type.
  associatedtype StateType: State

  /// Builds the model from the state, or returns `nil` to keep the previous model (while the
  /// state is in a shape this view does not show, say). Keep it cheap and pure: it runs on every
  /// applied update, on the store's listener thread.
  init?(state: StateType)
}
