import Foundation
import KatanaSupport

/// A value behind a lock, shared between the server's connection tasks.
///
/// Safety of `@unchecked Sendable`: `value` is private and only read or written inside
/// `withLock`, which holds `lock` for the whole access, so no two threads touch it at once.
/// (`Synchronization.Mutex` needs macOS 15; the package supports macOS 13.)
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
}
