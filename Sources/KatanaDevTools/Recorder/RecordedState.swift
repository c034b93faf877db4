/// One recorded state, in a class so that the recording holds it as a plain reference.
///
/// A state larger than an existential's inline buffer (most app states) would otherwise be boxed
/// each time it is passed as `any Sendable`, and copied into new boxes on its way into the ring;
/// a reference is allocated once and then only retained. An updater's record keeps the states
/// before and after it in one object, so recording an updater allocates once.
final class RecordedState<S: Sendable>: Sendable {
  /// The state (for an updater, the state right after it).
  let value: S
  /// For an updater, the state right before it.
  let before: S?
  /// For an updater, its place in the order the store applied updates (``StateChange/sequence``).
  let sequence: UInt64

  init(_ value: S, before: S? = nil, sequence: UInt64 = 0) {
    self.value = value
    self.before = before
    self.sequence = sequence
  }
}
