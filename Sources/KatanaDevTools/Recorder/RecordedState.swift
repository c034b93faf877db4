/// One recorded state, in a class so that the recording holds it as a plain reference.
///
/// A state larger than an existential's inline buffer (most app states) would otherwise be boxed
/// each time it is passed as `any Sendable`, and copied into new boxes on its way into the ring;
/// a reference is allocated once and then only retained.
@usableFromInline
final class RecordedState<S: Sendable>: Sendable {
  @usableFromInline let value: S

  @usableFromInline
  init(_ value: S) {
    self.value = value
  }
}
