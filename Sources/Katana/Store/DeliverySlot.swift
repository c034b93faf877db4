/// Where an apply leaves the update its caller must tell listeners about
/// (``ApplyStep/deliver(_:)``): one per store, reused by every deliverer.
///
/// A reference instead of the update itself in the step: with the states and the listeners as
/// its payload, ``ApplyStep`` was six words that every route copied, tested and destroyed through
/// outlined value operations, listeners or not. With a reference in its place the step is one
/// word, and `.applied` is a single comparison: 121 → 108 instructions per W1 dispatch, 156 → 144
/// per W3 dispatch and 787 → 732 per W6 item (callgrind, the cost guard's counts).
///
/// Safety of `@unchecked Sendable`: the slot is only touched by the store's one deliverer. The
/// machine fills it under the store's lock, in the same event that makes the caller the deliverer
/// (`isDelivering` goes from `false` to `true`); that caller empties it with ``take()`` after
/// leaving the lock and before it takes the lock again to look for more deliveries. The machine
/// fills it again only in an event that finds `isDelivering` `false`, which only the deliverer's
/// last `nextDelivery()` sets, under the lock, after its ``take()``. Every access is therefore
/// ordered by the store's lock, and no two threads ever hold the slot's contents at once.
@usableFromInline
final class DeliverySlot<S: State>: @unchecked Sendable {
  /// The update the deliverer tells listeners about first, and the listeners registered when it
  /// was applied; `nil` between deliveries, so the slot keeps no state or listener alive.
  ///
  /// `@exclusivity(unchecked)`: the one-deliverer rule above is the exclusivity; the run-time
  /// check cost W2 (ten listeners) about 170 instructions per dispatch.
  @exclusivity(unchecked) @usableFromInline var pending: (delivery: Delivery<S>, listeners: [ListenerEntry<S>])?

  @usableFromInline
  init() {}

  /// Leaves `delivery` for the caller of the apply that is making it the deliverer.
  @inlinable
  func fill(_ delivery: Delivery<S>, listeners: [ListenerEntry<S>]) {
    precondition(pending == nil, "a delivery slot was filled twice without being taken")
    pending = (delivery, listeners)
  }

  /// Takes the update left by ``fill(_:listeners:)``, emptying the slot.
  @inlinable
  func take() -> (delivery: Delivery<S>, listeners: [ListenerEntry<S>]) {
    guard let pending else { preconditionFailure("a delivery slot was taken empty") }
    self.pending = nil
    return pending
  }
}
