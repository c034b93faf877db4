// Public: `currentThreadID()`, inlined into other modules, calls `pthread_self`.
#if canImport(Glibc)
  public import Glibc
#elseif canImport(Musl)
  public import Musl
#elseif canImport(Darwin)
  public import Darwin
#endif
#if canImport(Glibc) && !KATANA_PTHREAD_LOCK
  // Public only because the inlinable lock below names `Mutex` and `Atomic`; the module's API
  // does not use them.
  public import Synchronization
#endif

/// A value guarded by a mutex that tells a re-entrant lock attempt apart from contention.
///
/// Shared with the package's other modules (`package`), so that one lock serves them all: the
/// store, KatanaUI and the terminal backend depend on this small target, not on each other, for
/// it.
///
/// `final`: the store's completions are `LockedValue`s extended in place (one allocation each),
/// not subclasses.
///
/// Locking again from the thread that holds the lock fails (``withLockUnlessOwned(_:)`` returns
/// `nil`) instead of deadlocking: that is how the store detects a dispatch from inside a state
/// updater.
///
/// - On Linux (glibc) the lock is a `Synchronization.Mutex` (a futex word, no separate allocation) plus
///   an atomic owner field that the holder sets after locking and clears before unlocking; the
///   dispatch hot path is then one uncontended compare-and-swap each way, inlined in the caller.
/// - Elsewhere it is an error-checking `pthread_mutex_t`: `Mutex` and `Atomic` need macOS 15 /
///   iOS 18, and the package supports macOS 13 / iOS 16.
/// - Builds with `-DKATANA_PTHREAD_LOCK` use the `pthread_mutex_t` on Linux too. ThreadSanitizer
///   needs it: `Mutex` hands the lock over through futex calls inside the (uninstrumented) standard
///   library, so TSan cannot see that the lock orders the accesses it guards and reports every
///   guarded access as a race. TSan intercepts `pthread_mutex_*` and checks everything else as
///   usual; CI's TSan run sets the flag.
@usableFromInline
package final class LockedValue<Value> {
  // Exclusive access is enforced by the lock, so the dynamic exclusivity check (a runtime call
  // per access, on the dispatch hot path) would only repeat it.
  @exclusivity(unchecked) @usableFromInline var value: Value

  #if canImport(Glibc) && !KATANA_PTHREAD_LOCK
    @usableFromInline let mutex = Mutex<Void>(())
    /// The `pthread_self()` of the thread holding `mutex`, or 0. Only the holder writes its own
    /// id here, so a thread reads its own id only while it holds the lock; relaxed ordering is
    /// enough because no other memory is published through this field.
    @usableFromInline let owner = Atomic<UInt>(0)

    @usableFromInline
    package init(_ value: Value) {
      self.value = value
    }

    /// Runs `body` with exclusive access to the value.
    ///
    /// Must not be called again from inside `body`; use ``withLockUnlessOwned(_:)`` where that
    /// can happen through user code.
    @inlinable @inline(__always)
    package func withLock<Result, Failure: Error>(_ body: (inout Value) throws(Failure) -> Result) throws(Failure) -> Result {
      guard let result = try withLockUnlessOwned(body) else {
        preconditionFailure("LockedValue locked recursively")
      }
      return result
    }

    /// Runs `body` with exclusive access, or returns `nil` when the calling thread already holds
    /// the lock (a re-entrant call from code running under it).
    @inlinable @inline(__always)
    package func withLockUnlessOwned<Result, Failure: Error>(
      _ body: (inout Value) throws(Failure) -> Result
    ) throws(Failure) -> Result? {
      let me = currentThreadID()
      if owner.load(ordering: .relaxed) == me { return nil }
      // The result leaves through a local rather than as `withLock`'s `sending` result: it comes
      // from the guarded value, which the region checker cannot see is protected by this lock.
      var result: Result?
      try mutex.withLock { _ throws(Failure) in
        owner.store(me, ordering: .relaxed)
        defer { owner.store(0, ordering: .relaxed) }
        result = try body(&value)
      }
      return result
    }
  #else
    let mutex: UnsafeMutablePointer<pthread_mutex_t>

    @usableFromInline
    package init(_ value: Value) {
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
    /// Must not be called again from inside `body`; use ``withLockUnlessOwned(_:)`` where that
    /// can happen through user code.
    @inlinable @inline(__always)
    package func withLock<Result, Failure: Error>(_ body: (inout Value) throws(Failure) -> Result) throws(Failure) -> Result {
      precondition(lock(), "LockedValue locked recursively")
      defer { unlock() }
      return try body(&value)
    }

    /// Runs `body` with exclusive access, or returns `nil` when the calling thread already holds
    /// the lock (a re-entrant call from code running under it).
    @inlinable @inline(__always)
    package func withLockUnlessOwned<Result, Failure: Error>(
      _ body: (inout Value) throws(Failure) -> Result
    ) throws(Failure) -> Result? {
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
  #endif
}

/// The calling thread's identity (its `pthread_self()`), never 0 for a running thread.
///
/// The store compares it to tell a dispatch from the thread running an interceptor chain (which
/// must queue behind that chain) from one on another thread.
///
/// Inlinable, so the lock's callers call `pthread_self` directly instead of through this function.
@inlinable
package func currentThreadID() -> UInt {
  #if canImport(Darwin)
    UInt(bitPattern: pthread_self())
  #else
    UInt(pthread_self())
  #endif
}

/// Safety of `@unchecked Sendable`: the value is only reachable through `withLock(_:)` and
/// `withLockUnlessOwned(_:)`, which hold the lock for the whole access; the lock lives at a
/// stable address for the object's whole life; and values moving in and out are themselves
/// `Sendable`, so sharing the box never shares non-thread-safe state.
extension LockedValue: @unchecked Sendable where Value: Sendable {}
