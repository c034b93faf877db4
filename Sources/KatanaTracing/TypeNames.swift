import KatanaSupport

/// Shared by every instrumentation: type names never change.
let typeNames = TypeNameCache()
