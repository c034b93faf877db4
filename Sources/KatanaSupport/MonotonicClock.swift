#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// The system's monotonic clock as plain integer nanoseconds: the one clock the store, its
/// instrumentation and DevTools' recorder read.
///
/// Why integers and not `ContinuousClock.Instant`: the instant is a resilient type of the
/// standard library, so a struct holding one (even as an optional `nil`) has a layout known only
/// at run time, and each copy, move and destroy of it is a value-witness call. The store's queued
/// items and DevTools' recorded entries are moved on every dispatch; a `UInt64` is moved as a
/// word.
@usableFromInline
package enum MonotonicClock {
  /// Nanoseconds since an arbitrary fixed point (the system's boot, usually); never goes back.
  @usableFromInline
  package static func now() -> UInt64 {
    var time = timespec()
    clock_gettime(CLOCK_MONOTONIC, &time)
    return UInt64(time.tv_sec) &* 1_000_000_000 &+ UInt64(time.tv_nsec)
  }

  /// The same clock, to the last scheduler tick (a few milliseconds): for times nobody takes a
  /// duration from (when an item was journaled).
  ///
  /// The trick: on Linux, `CLOCK_MONOTONIC_COARSE` reads a value the kernel keeps in a shared page,
  /// about 40 instructions fewer than a precise read (20 ns on a virtual machine, about the cost of
  /// a whole updater in a bare store). Elsewhere, and as the portable fallback
  /// (``portableCoarseNow()``), it is ``now()``.
  @usableFromInline
  package static func coarseNow() -> UInt64 {
    #if canImport(Glibc) || canImport(Musl)
      var time = timespec()
      clock_gettime(CLOCK_MONOTONIC_COARSE, &time)
      return UInt64(time.tv_sec) &* 1_000_000_000 &+ UInt64(time.tv_nsec)
    #else
      return portableCoarseNow()
    #endif
  }

  /// What ``coarseNow()`` is where there is no coarse clock: the precise one. Callable
  /// everywhere, so the fallback is exercised on Linux too.
  @usableFromInline
  package static func portableCoarseNow() -> UInt64 { now() }
}
