import KatanaSupport
import Testing

@Suite("The monotonic clock")
struct MonotonicClockTests {
  @Test("never goes back, and a sleep of 5 ms moves it on by at least 5 ms")
  func advances() async throws {
    let first = MonotonicClock.now()
    var last = first
    for _ in 0..<1_000 {
      let next = MonotonicClock.now()
      #expect(next >= last)
      last = next
    }
    // `SuspendingClock` is the same system clock (`CLOCK_MONOTONIC` on Linux): its sleep ends at
    // or after its deadline there, so this lower bound holds however loaded the machine is.
    try await SuspendingClock().sleep(for: .milliseconds(5))
    #expect(MonotonicClock.now() - first >= 5_000_000)
  }

  @Test("the coarse read, and its portable fallback, are the same clock to within a tick")
  func coarseIsTheSameClock() {
    for coarse in [MonotonicClock.coarseNow, MonotonicClock.portableCoarseNow] {
      let before = MonotonicClock.now()
      let read = coarse()
      let after = MonotonicClock.now()
      // At most one scheduler tick behind (Linux ticks at 1-10 ms; 50 ms is a wide bound) and
      // never ahead of a precise read made after it.
      #expect(read <= after)
      #expect(read + 50_000_000 >= before)
    }
  }
}
