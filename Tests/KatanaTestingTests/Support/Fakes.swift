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
