extension PartialStore {
  /// Registers a listener of a part of the state: it is called with the selected value before
  /// and after an applied updater, only when the two differ (`!=`).
  ///
  /// ```swift
  /// store.addListener(select: \.counter) { old, new in print("counter", old, "→", new) }
  /// ```
  ///
  /// - Calls follow the rules of ``addListener(_:)``: in update order, never overlapping, on the
  ///   thread of one of the dispatchers, outside the store's lock; an updater's
  ///   `DispatchTask.value` returns after this listener has run for it.
  /// - The cost of an update is one call of `select` on the new state plus one comparison; the
  ///   state itself is neither copied nor retained, so selecting `\.counter` costs the same on a
  ///   state holding ten thousand elements.
  /// - Keep `select` cheap and pure: it runs on every applied update.
  ///
  /// - Parameters:
  ///   - select: picks the value to watch out of the state; a key path works.
  ///   - listener: receives the (old, new) selected values of each update that changed them.
  /// - Returns: a closure that removes the listener; calling it more than once is harmless.
  @discardableResult @inlinable
  public func addListener<Value: Equatable & Sendable>(
    select: @escaping @Sendable (StateType) -> Value,
    _ listener: @escaping @Sendable (_ oldValue: Value, _ newValue: Value) -> Void
  ) -> StoreUnsubscribe {
    let selecting = SelectingListener(select: select, listener: listener)
    return addListener { oldState, newState in selecting.receive(oldState: oldState, newState: newState) }
  }

  /// The selected value, as an async sequence: its value once the store is ready, then each
  /// change.
  ///
  /// ```swift
  /// for await count in store.values(of: \.counter) {
  ///   print("counter is", count)
  /// }
  /// ```
  ///
  /// - The first element is the selection of the state the store became ready with (at once if
  ///   it is ready already), never the placeholder state of a store still loading.
  /// - Then each change, in update order; consecutive duplicates are skipped.
  /// - A consumer that falls behind gets the newest value when it asks again, never a backlog:
  ///   the sequence keeps one value, whatever the rate of updates.
  /// - Each iterator subscribes when first asked for a value and unsubscribes when it finishes,
  ///   when it is released, or when its task is cancelled (it then returns `nil`).
  /// - The sequence does not keep the store alive; once the store is released, iteration ends.
  ///
  /// - Parameter select: picks the value to watch out of the state; a key path works.
  public func values<Value: Equatable & Sendable>(
    of select: @escaping @Sendable (StateType) -> Value
  ) -> StoreValues<Value> {
    StoreValues(source: StoreValuesSource(store: self, select: select))
  }
}

extension AnyStore {
  /// Registers a listener of a part of the type-erased state; see
  /// ``PartialStore/addListener(select:_:)``.
  ///
  /// - Parameters:
  ///   - select: picks the value to watch out of the state (cast it to your state type).
  ///   - listener: receives the (old, new) selected values of each update that changed them.
  /// - Returns: a closure that removes the listener; calling it more than once is harmless.
  @discardableResult
  public func addAnyListener<Value: Equatable & Sendable>(
    select: @escaping @Sendable (any State) -> Value,
    _ listener: @escaping @Sendable (_ oldValue: Value, _ newValue: Value) -> Void
  ) -> StoreUnsubscribe {
    let selecting = SelectingListener(select: select, listener: listener)
    return addAnyListener { oldState, newState in selecting.receive(oldState: oldState, newState: newState) }
  }
}
