#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif
import Katana

/// Each dispatchable type's reflected name, computed once per type.
///
/// `String(reflecting:)` demangles the type on every call, which would cost more than the rest of
/// a span's bookkeeping. A pthread mutex guards the table: `Synchronization.Mutex` needs macOS 15
/// and the package supports macOS 13.
// @unchecked Sendable: `names` is read and written only between `pthread_mutex_lock(mutex)` and
// `pthread_mutex_unlock(mutex)`; `mutex` itself is never reassigned.
final class TypeNameCache: @unchecked Sendable {
  private let mutex: UnsafeMutablePointer<pthread_mutex_t>
  private var names: [ObjectIdentifier: String] = [:]

  init() {
    mutex = .allocate(capacity: 1)
    let status = pthread_mutex_init(mutex, nil)
    precondition(status == 0, "pthread_mutex_init failed with \(status)")
  }

  deinit {
    pthread_mutex_destroy(mutex)
    mutex.deallocate()
  }

  /// The item's type name, as ``Katana/Dispatchable/debugDescription`` gives it.
  func name(of item: any Dispatchable) -> String {
    let key = ObjectIdentifier(type(of: item))
    pthread_mutex_lock(mutex)
    let known = names[key]
    pthread_mutex_unlock(mutex)
    if let known { return known }
    let name = item.debugDescription
    pthread_mutex_lock(mutex)
    names[key] = name
    pthread_mutex_unlock(mutex)
    return name
  }
}

/// Shared by every instrumentation: type names never change.
let typeNames = TypeNameCache()
