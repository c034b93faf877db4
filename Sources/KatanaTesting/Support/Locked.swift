import Foundation

/// A value that is only read and written while holding its own lock.
///
/// KatanaTesting supports macOS 13, where `Synchronization.Mutex` is not available, so it pairs an
/// `NSLock` with the value instead.
// @unchecked Sendable: `value` is private and every access goes through `withLock`, which holds
// `lock` for the whole access, so no two threads ever touch `value` at the same time.
final class Locked<Value>: @unchecked Sendable {
  private let lock = NSLock()
  private var value: Value

  init(_ value: Value) {
    self.value = value
  }

  /// Runs `body` with exclusive access to the value. `body` must not call `withLock` again.
  func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
    lock.lock()
    defer { lock.unlock() }
    return try body(&value)
  }
}
