import KatanaSupport

/// Where an updater held until the store is ready keeps its state change, and when it was
/// applied, for the instrumentation, which reports the end when the held item settles.
///
/// Made only for held updaters of an instrumented store; the ready path keeps the change on the
/// stack.
@usableFromInline
final class ChangeBox<S: State>: Sendable {
  private let change = LockedValue<(change: AppliedChange<S>, appliedAt: ContinuousClock.Instant)?>(nil)

  @usableFromInline
  init() {}

  @usableFromInline
  var value: (change: AppliedChange<S>, appliedAt: ContinuousClock.Instant)? { change.withLock { $0 } }

  @usableFromInline
  func set(_ value: AppliedChange<S>) {
    let now = ContinuousClock.now
    change.withLock { $0 = (value, now) }
  }
}
