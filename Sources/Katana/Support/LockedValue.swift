#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// A value guarded by a mutex, allocated together with it in one heap block.
///
/// The mutex is an error-checking `pthread_mutex_t`: locking it again from the thread that holds
/// it fails instead of deadlocking, which is how the store detects a dispatch from inside a state
/// updater. `Synchronization.Mutex` would do the rest of the job but needs macOS 15 / iOS 18, and
/// the package supports macOS 13 / iOS 16.
///
@usableFromInline
final class LockedValue<Value> {
  @usableFromInline var value: Value
  let mutex: UnsafeMutablePointer<pthread_mutex_t>

  @usableFromInline
  init(_ value: Value) {
    self.value = value
    mutex = .allocate(capacity: 1)
    var attributes = pthread_mutexattr_t()
    pthread_mutexattr_init(&attributes)
    pthread_mutexattr_settype(&attributes, Int32(PTHREAD_MUTEX_ERRORCHECK))
    let status = pthread_mutex_init(mutex, &attributes)
    pthread_mutexattr_destroy(&attributes)
    precondition(status == 0, "pthread_mutex_init failed with \(status)")
  }

  deinit {
    pthread_mutex_destroy(mutex)
    mutex.deallocate()
  }

  /// Runs `body` with exclusive access to the value.
  ///
  /// Must not be called again from inside `body`; use ``withLockUnlessOwned(_:)`` where that can
  /// happen through user code.
  @inlinable @inline(__always)
  func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
    precondition(lock(), "LockedValue locked recursively")
    defer { unlock() }
    return try body(&value)
  }

  /// Runs `body` with exclusive access, or returns `nil` when the calling thread already holds
  /// the lock (a re-entrant call from code running under it).
  @inlinable @inline(__always)
  func withLockUnlessOwned<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result? {
    guard lock() else { return nil }
    defer { unlock() }
    return try body(&value)
  }

  /// Locks the mutex; returns `false`, without locking, if this thread already holds it.
  @usableFromInline
  func lock() -> Bool {
    pthread_mutex_lock(mutex) == 0
  }

  @usableFromInline
  func unlock() {
    pthread_mutex_unlock(mutex)
  }
}

/// Safety of `@unchecked Sendable`: the value is only reachable through `withLock(_:)` and
/// `withLockUnlessOwned(_:)`, which hold the mutex for the whole access; the mutex lives at a
/// stable address for the object's whole life; and values moving in and out are themselves
/// `Sendable`, so sharing the box never shares non-thread-safe state.
extension LockedValue: @unchecked Sendable where Value: Sendable {}
