import Katana

extension TestStore {
  /// Cancels every running ``/Katana/CancellableSideEffect`` of the store with this id, as
  /// ``/Katana/Store/cancel(id:)`` does in the app.
  ///
  /// A side effect that ends with `CancellationError` is cancelled, not failed: the test need not
  /// assert it, nor await its `value`.
  ///
  /// - Parameter id: the id the side effects run under.
  /// - Returns: how many running side effects were cancelled.
  @discardableResult
  public func cancel(id: some Hashable & Sendable) -> Int {
    store.cancel(id: id)
  }
}
