import KatanaSupport
import Testing

@Suite("WaitableValue: the test tools' one wait for a condition with a deadline")
struct WaitableValueTests {
  static var far: ContinuousClock.Instant { .now + .seconds(10) }

  @Test("a condition that already holds returns true at once")
  func alreadyHolds() async {
    let value = WaitableValue(3)
    #expect(await value.wait(until: Self.far) { $0 == 3 })
  }

  @Test("a parked waiter is resumed by the change that makes its condition hold, not before")
  func changeResumes() async {
    let value = WaitableValue(0)
    let checks = WaitableValue(0)
    async let resumed = value.wait(until: Self.far) { current in
      checks.withLock { $0 += 1 }
      return current >= 2
    }
    // The first check runs under the value's lock, and the waiter is parked in the same turn of
    // it: once the check was seen, the next change finds the waiter parked.
    #expect(await checks.wait(until: Self.far) { $0 == 1 })
    value.withLock { $0 = 1 }
    #expect(checks.value == 2, "the change checked the condition again")
    value.withLock { $0 = 2 }
    #expect(await resumed)
    #expect(checks.value == 3)
  }

  @Test("past the deadline the wait returns false, and a later change resumes nothing twice")
  func deadline() async {
    let value = WaitableValue(0)
    #expect(await !value.wait(until: .now + .milliseconds(20)) { $0 == 1 })
    value.withLock { $0 = 1 }
    #expect(value.value == 1)
    #expect(await !value.wait(until: .now - .seconds(1)) { $0 == 2 }, "a deadline already passed")
  }
}
