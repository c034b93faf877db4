#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
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
}
