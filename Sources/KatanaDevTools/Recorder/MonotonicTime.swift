#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif
#if canImport(CDispatch)
  // On Linux the C header's `timespec` is owned by Dispatch's C module once SwiftNIO is in the
  // build; its members are only visible with that module imported.
  import CDispatch
#endif

/// Nanoseconds on the system's monotonic clock, as a plain integer.
///
/// The recording path stores times as integers rather than `ContinuousClock.Instant`s: the
/// instant is a resilient type of the standard library, so every copy, optional and comparison
/// of one in a struct goes through value-witness calls, which cost more per item than reading
/// the clock.
@usableFromInline
enum MonotonicTime {
  @usableFromInline
  static func now() -> UInt64 {
    var time = timespec()
    clock_gettime(CLOCK_MONOTONIC, &time)
    return UInt64(time.tv_sec) &* 1_000_000_000 &+ UInt64(time.tv_nsec)
  }

  /// The same clock to the last scheduler tick (a few milliseconds): on Linux a read of a shared
  /// page, about a seventh of ``now()`` (20 ns on a virtual machine), which is the cost of a
  /// whole updater in a bare store. What an item's end time is shown with when nobody needs its
  /// duration.
  static func coarse() -> UInt64 {
    var time = timespec()
    #if canImport(Glibc) || canImport(Musl)
      clock_gettime(CLOCK_MONOTONIC_COARSE, &time)
    #else
      clock_gettime(CLOCK_MONOTONIC, &time)
    #endif
    return UInt64(time.tv_sec) &* 1_000_000_000 &+ UInt64(time.tv_nsec)
  }
}
