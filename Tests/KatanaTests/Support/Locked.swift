import Foundation

/// A value shared between tasks and threads in tests, guarded by a lock.
///
/// Safety of `@unchecked Sendable`: `value` is private and only reached through ``withLock(_:)``,
/// which holds `lock` for the whole access; `Value` is itself `Sendable`, so nothing read out of
/// the box can race.
final class Locked<Value: Sendable>: @unchecked Sendable {
  private let lock = NSLock()
  private var value: Value

  init(_ value: Value) {
    self.value = value
  }

  func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
    lock.lock()
    defer { lock.unlock() }
    return try body(&value)
  }

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
