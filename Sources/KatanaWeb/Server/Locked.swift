import KatanaSupport

/// A value behind a lock, shared between the server's connection tasks: the package's one lock
/// (`KatanaSupport.LockedValue`), not a copy of it.
typealias Locked<Value> = LockedValue<Value>
