import KatanaSupport

/// When a queued item was dispatched, as integer nanoseconds on the system's monotonic clock
/// (`MonotonicClock` in KatanaSupport says why integers).
///
/// Queued updaters keep this instead of a `ContinuousClock.Instant`: the instant is a resilient
/// type of the standard library, so a struct holding one (even as an `Optional`, even when it is
/// `nil`) has a layout known only at run time, and every copy, move and destroy of it goes through
/// value-witness calls. The chain's queue moves its items on every dispatch, instrumented or not.
@usableFromInline
struct DispatchInstant: Sendable {
  @usableFromInline let nanoseconds: UInt64

  @usableFromInline
  init(nanoseconds: UInt64) {
    self.nanoseconds = nanoseconds
  }

  /// The current time.
  @usableFromInline
  static var now: DispatchInstant {
    DispatchInstant(nanoseconds: MonotonicClock.now())
  }

  /// The time from this instant until now.
  @usableFromInline
  var elapsed: Duration {
    let now = DispatchInstant.now.nanoseconds
    return .nanoseconds(Int64(truncatingIfNeeded: now &- min(nanoseconds, now)))
  }
}
