import Foundation

/// A value that is only read and written while holding a lock.
///
/// `@unchecked Sendable` is safe because `value` is private and every access goes through
/// `withLock`, which holds `lock` for the whole access.
final class Protected<Value>: @unchecked Sendable {
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
}
