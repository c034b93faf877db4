// Re-exported: the targets that use `Locked` see `LockedValue`'s methods without importing the core's
// support module themselves.
@_exported public import KatanaSupport

/// A value shared between tasks and threads in tests: the core's own lock serves here too.
package typealias Locked<Value> = LockedValue<Value>

extension LockedValue where Value: Sendable {
  /// A copy of the current value.
  package var current: Value { withLock { $0 } }

  /// Replaces the value.
  package func set(_ newValue: Value) { withLock { $0 = newValue } }
}
