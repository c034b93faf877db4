/// Pretends to ask a remote service for a number.
///
/// A manager in the sense of the Katana app guidelines: passive (it never dispatches), stateless
/// apart from its injected dependencies, and named with the `Manager` suffix. The waiting goes
/// through an injected clock, so a test can pass a clock that does not really wait.
public struct NumberManager: Sendable {
  private let generator: SeededGenerator
  private let latency: Duration
  private let sleep: @Sendable (Duration) async throws -> Void

  /// - Parameters:
  ///   - seed: makes the "remote" numbers reproducible.
  ///   - latency: how long each request takes.
  ///   - clock: the clock the latency is measured on.
  public init<C: Clock>(seed: UInt64, latency: Duration, clock: C) where C.Duration == Duration {
    generator = SeededGenerator(seed: seed)
    self.latency = latency
    sleep = { duration in try await clock.sleep(for: duration) }
  }

  /// Returns a number between 0 and 99 after the configured latency.
  ///
  /// - Parameter request: distinguishes successive requests, so each gets its own number.
  public func randomNumber(request: Int) async throws -> Int {
    try await sleep(latency)
    return Int(generator.value(at: UInt64(request)) % 100)
  }
}

/// A tiny deterministic generator (SplitMix64), so the demo prints the same numbers every run.
public struct SeededGenerator: Sendable {
  public let seed: UInt64

  public init(seed: UInt64) {
    self.seed = seed
  }

  public func value(at index: UInt64) -> UInt64 {
    var z = seed &+ (index &+ 1) &* 0x9E37_79B9_7F4A_7C15
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
}
