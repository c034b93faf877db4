import Katana
import KatanaSupport

/// A value shared between tasks and threads in tests: the core's own lock serves here too.
typealias Locked<Value: Sendable> = LockedValue<Value>

extension LockedValue where Value: Sendable {
  /// A copy of the current value.
  var current: Value { withLock { $0 } }

  func set(_ newValue: Value) { withLock { $0 = newValue } }
}

/// An append-only log shared between tasks, threads, listeners and interceptors.
final class Recorder<Element: Sendable>: Sendable {
  private let storage = Locked<[Element]>([])

  init() {}

  func append(_ element: Element) { storage.withLock { $0.append(element) } }

  var values: [Element] { storage.current }

  var count: Int { storage.withLock { $0.count } }
}

/// A thread-safe counter.
final class Counter: Sendable {
  private let storage = Locked(0)

  init() {}

  @discardableResult
  func increment() -> Int { storage.withLock { $0 += 1; return $0 } }

  var value: Int { storage.current }
}
