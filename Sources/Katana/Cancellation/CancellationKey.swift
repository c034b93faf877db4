/// A cancellation id of any type, as the registry keys it.
///
/// Safety of `@unchecked Sendable`: `AnyHashable` is not `Sendable` only because it could box
/// anything; the only initialiser takes a `Hashable & Sendable` value, so what it boxes is
/// `Sendable`.
struct CancellationKey: Hashable, @unchecked Sendable {
  private let id: AnyHashable

  init(_ id: some Hashable & Sendable) {
    self.id = AnyHashable(id)
  }
}
