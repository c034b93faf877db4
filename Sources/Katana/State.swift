/// The whole state of an app, as one value.
///
/// Conform a single struct to `State` and keep everything the app knows in it. The store creates a
/// placeholder with ``init()`` until its state initializer has produced the real value, so `init()`
/// should be cheap and must not fail.
///
/// ```swift
/// struct CounterState: State {
///   var counter = 0
/// }
/// ```
///
/// State is `Sendable` because listeners, side effects and other threads receive copies of it.
public protocol State: Sendable {
  /// Creates the placeholder state used before the store is ready.
  init()
}
