import KatanaSignalAtomics

/// A lock-free atomic integer that a signal handler may share with ordinary code: C11
/// `<stdatomic.h>` through the KatanaSignalAtomics target (`Synchronization.Atomic` needs
/// macOS 15 / iOS 18; the package supports macOS 13 / iOS 16).
///
/// Every operation is sequentially consistent, and async-signal-safe: the value is one pointer to
/// a cell allocated once and never freed, so using it from a handler neither allocates nor
/// retains, and the C target's build fails where the atomic would not be lock-free.
///
/// `@unchecked Sendable` is safe: the only state is the cell, and every access to it is one of
/// the C11 atomic operations below.
struct SignalAtomic: @unchecked Sendable {
  private let cell: OpaquePointer

  /// A new cell holding `initial`. Allocates: call from ordinary code, never from a handler.
  init(_ initial: Int) {
    guard let cell = katana_signal_atomic_create(initial) else {
      fatalError("out of memory for a signal handler's atomic")
    }
    self.cell = cell
  }

  func load() -> Int { katana_signal_atomic_load(cell) }

  func store(_ value: Int) { katana_signal_atomic_store(cell, value) }

  /// Stores `value` and returns the value it replaced.
  func exchange(_ value: Int) -> Int { katana_signal_atomic_exchange(cell, value) }

  /// Stores `desired` if the value is `expected`; returns the value found, so the exchange
  /// happened when the result equals `expected`.
  func compareExchange(expected: Int, desired: Int) -> Int {
    katana_signal_atomic_compare_exchange(cell, expected, desired)
  }

  /// Adds `delta` and returns the value before.
  @discardableResult
  func add(_ delta: Int) -> Int { katana_signal_atomic_add(cell, delta) }
}
