/// Hands out the given numbers, in order; throws when they run out.
actor FakeNumberManager: NumberManager {
  struct OutOfNumbers: Error {}
  private var remaining: [Int]

  init(_ numbers: Int...) {
    remaining = numbers
  }

  func randomNumber() async throws -> Int {
    guard !remaining.isEmpty else { throw OutOfNumbers() }
    return remaining.removeFirst()
  }
}

/// Fails the first `failures` calls, then hands out `value`; counts the calls.
actor FlakyNumberManager: NumberManager {
  struct Flaky: Error {}
  private var failuresLeft: Int
  private let value: Int
  private(set) var calls = 0

  init(failures: Int, then value: Int) {
    failuresLeft = failures
    self.value = value
  }

  func randomNumber() async throws -> Int {
    calls += 1
    guard failuresLeft == 0 else {
      failuresLeft -= 1
      throw Flaky()
    }
    return value
  }
}
