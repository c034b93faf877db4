/// Turns a store listener's (old, new) states into calls of a selection listener, only when the
/// selected value changed.
///
/// Cost per update: one call of `select` on the new state and one `!=`, whatever the size of the
/// state. The states are borrowed for the call and never stored, so no copy of the state is made
/// or kept alive here (a stored copy would force the store's next in-place mutation to copy).
/// The previous value is the one selected from the previous update's new state: a listener hears
/// every update applied after it was added, in order, so that is the selection of this update's
/// old state, computed once instead of twice.
///
/// Inlinable, with the public `addListener(select:_:)`, so that it is specialised for the app's
/// state and value types in the app's module: generic code here would go through value witness
/// tables for every comparison and copy of `Value`.
///
/// Safety of `@unchecked Sendable`: `previous` is read and written only by `receive`, and a store
/// calls one listener's closure one call at a time, in update order (the listener guarantee of
/// `PartialStore.addListener`); `Store` hands deliveries from one thread to the next through its
/// lock, which orders those accesses. Everything else is immutable and `Sendable`.
@usableFromInline
final class SelectingListener<StateType, Value: Equatable & Sendable>: @unchecked Sendable {
  @usableFromInline let select: @Sendable (StateType) -> Value
  @usableFromInline let listener: @Sendable (_ oldValue: Value, _ newValue: Value) -> Void
  /// The selection of the last update's new state; `nil` before the first update. Accesses never
  /// overlap (see above), so the dynamic exclusivity check would only repeat that, per update.
  @exclusivity(unchecked) @usableFromInline var previous: Value?

  @inlinable
  init(
    select: @escaping @Sendable (StateType) -> Value,
    listener: @escaping @Sendable (_ oldValue: Value, _ newValue: Value) -> Void
  ) {
    self.select = select
    self.listener = listener
  }

  /// Handles one update: calls the listener if the selection changed.
  @inlinable
  func receive(oldState: StateType, newState: StateType) {
    let newValue = select(newState)
    let oldValue = previous ?? select(oldState)
    previous = newValue
    if oldValue != newValue {
      listener(oldValue, newValue)
    }
  }
}
