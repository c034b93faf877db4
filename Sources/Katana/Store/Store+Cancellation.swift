extension Store {
  /// Cancels every running ``CancellableSideEffect`` of this store whose
  /// ``CancellableSideEffect/cancellationID`` equals `id` (TCA's `.cancel(id:)`).
  ///
  /// Cooperative, as ``DispatchTask/cancel()``: each one's task is cancelled, and its `value`
  /// reports what the body then does (usually `CancellationError`). A side effect with the id
  /// dispatched after this call is not affected. Callable from any thread, inside a listener, an
  /// interceptor or a side effect; an id with nothing running is no error.
  ///
  /// - Parameter id: the id the side effects run under.
  /// - Returns: how many running side effects were cancelled.
  @discardableResult
  public func cancel(id: some Hashable & Sendable) -> Int {
    core.cancellations.cancel(id: CancellationKey(id))
  }
}

extension SideEffectContext {
  /// Cancels every running ``CancellableSideEffect`` of the store with this id; see
  /// ``Store/cancel(id:)``.
  @discardableResult
  public func cancel(id: some Hashable & Sendable) -> Int {
    core.cancellations.cancel(id: CancellationKey(id))
  }
}

extension StoreCore {
  /// Applies cancel in flight to a side effect that is starting: a cast when it is not a
  /// ``CancellableSideEffect``, nothing more.
  func cancelInFlight(_ item: any Dispatchable, completion: DispatchCompletion) {
    guard let cancellable = item as? any CancellableSideEffect else { return }
    cancellations.starting(cancellable, completion: completion)
  }
}
