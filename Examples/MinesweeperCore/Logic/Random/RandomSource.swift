import Foundation

/// Hands out game seeds from a seedable generator; lives in the dependency container.
///
/// Thread-safe: the generator is only touched under `lock`, which is why the `@unchecked
/// Sendable` below is sound.
public final class RandomSource: @unchecked Sendable {
  private let lock = NSLock()
  private var generator: SeededRandomNumberGenerator

  /// A source seeded from the system's random generator.
  public convenience init() {
    self.init(seed: UInt64.random(in: .min ... .max))
  }

  /// A source whose seeds are fully determined by `seed`.
  public init(seed: UInt64) {
    generator = SeededRandomNumberGenerator(seed: seed)
  }

  /// Restarts the sequence from `seed` (the app's `--seed` option, and tests).
  public func reseed(_ seed: UInt64) {
    lock.withLock { generator = SeededRandomNumberGenerator(seed: seed) }
  }

  /// The next game seed.
  public func nextSeed() -> UInt64 {
    lock.withLock { generator.next() }
  }
}
