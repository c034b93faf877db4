#if canImport(Glibc) && !KATANA_PTHREAD_LOCK
  // `package`: the slot's inlinable (package) methods name `Atomic`.
  package import Synchronization
#endif

/// One object reference, held unretained, that any thread reads without taking a lock: a cache's
/// "last entry used", read on a hot path where a lock round trip and a retain would cost more
/// than the work it saves.
///
/// The owner must keep every object it stores alive for as long as the slot may be read (a
/// cache that never drops its entries does); the slot itself does not.
///
/// - On Linux (glibc) it is an atomic word: a store publishes the object with release ordering,
///   a load reads it with acquire ordering, so a reader sees the object's fields as they were
///   when it was stored.
/// - Elsewhere (and in `KATANA_PTHREAD_LOCK` builds, see ``LockedValue``) it is a
///   ``LockedValue``: `Atomic` needs macOS 15 / iOS 18.
package final class UnretainedSlot<Object: AnyObject & Sendable>: Sendable {
  #if canImport(Glibc) && !KATANA_PTHREAD_LOCK
    /// The object's address (0 for none), not `Unmanaged<Object>?`: the atomic is then a
    /// concrete type, whose operations need no generic metadata at run time.
    @usableFromInline let slot = Atomic<UInt>(0)

    package init() {}

    /// The object last stored, unretained; `nil` before the first store.
    @inlinable
    package func load() -> Unmanaged<Object>? {
      guard let pointer = UnsafeRawPointer(bitPattern: slot.load(ordering: .acquiring)) else { return nil }
      return Unmanaged.fromOpaque(pointer)
    }

    /// Stores `object`, which the caller keeps alive.
    @inlinable
    package func store(_ object: Object) {
      slot.store(UInt(bitPattern: Unmanaged.passUnretained(object).toOpaque()), ordering: .releasing)
    }
  #else
    @usableFromInline let slot = LockedValue<UnretainedReference<Object>?>(nil)

    package init() {}

    /// The object last stored, unretained; `nil` before the first store. Inlinable, so that it is
    /// specialised for `Object`: generic, it looked the atomic's type metadata up on every call.
    @inlinable
    package func load() -> Unmanaged<Object>? {
      slot.withLock { $0?.reference }
    }

    /// Stores `object`, which the caller keeps alive.
    @inlinable
    package func store(_ object: Object) {
      slot.withLock { $0 = UnretainedReference(reference: Unmanaged.passUnretained(object)) }
    }
  #endif
}

#if !(canImport(Glibc) && !KATANA_PTHREAD_LOCK)
  /// An unretained reference to a `Sendable` object.
  ///
  /// Safety of `@unchecked Sendable`: it refers to a `Sendable` object, which any thread may
  /// use; keeping it alive is the slot owner's duty (see ``UnretainedSlot``).
  @usableFromInline
  struct UnretainedReference<Object: AnyObject & Sendable>: @unchecked Sendable {
    @usableFromInline let reference: Unmanaged<Object>

    @usableFromInline
    init(reference: Unmanaged<Object>) {
      self.reference = reference
    }
  }
#endif
