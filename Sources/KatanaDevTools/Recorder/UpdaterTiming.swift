import KatanaSupport

#if canImport(Glibc)
  import Synchronization
#endif

/// Whether DevTools times updaters with the precise clock (a page is connected), read on every
/// updater without taking a lock.
///
/// On Linux an atomic flag; elsewhere a lock (`Atomic` needs macOS 15 / iOS 18).
final class UpdaterTiming: Sendable {
  #if canImport(Glibc)
    private let flag = Atomic<Bool>(false)

    /// Relaxed: the flag orders nothing else; a reader that misses a change times one updater
    /// more or less.
    var isOn: Bool { flag.load(ordering: .relaxed) }

    func set(_ on: Bool) { flag.store(on, ordering: .relaxed) }
  #else
    private let flag = LockedValue(false)

    var isOn: Bool { flag.withLock { $0 } }

    func set(_ on: Bool) { flag.withLock { $0 = on } }
  #endif
}
