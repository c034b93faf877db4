import KatanaSupport

/// What a ``DispatchableLogger`` knows about each item type, worked out once per type: its line
/// (or that it is black-listed) and whether it is a state updater.
///
/// One lock round trip per item; a run of items of the same type (the common case: a burst of
/// one updater) is answered from the last entry without hashing.
final class LoggedTypes: Sendable {
  struct Entry: Sendable {
    /// The line to log, or `nil` for a black-listed type.
    let line: String?
    /// The item's kind is ``DispatchKind/stateUpdater``: it is logged right after `next`.
    let isStateUpdater: Bool
  }

  private struct Cache {
    var lastType: ObjectIdentifier?
    var last: Entry?
    var entries: [ObjectIdentifier: Entry] = [:]
  }

  private let prefix: String
  private let blocked: Set<ObjectIdentifier>
  private let cache = LockedValue(Cache())

  init(prefix: String, blackList: [any Dispatchable.Type]) {
    self.prefix = prefix
    blocked = Set(blackList.map { ObjectIdentifier($0) })
  }

  /// The entry of `item`'s dynamic type, `type`.
  func entry(of item: any Dispatchable, type: any Dispatchable.Type) -> Entry {
    let key = ObjectIdentifier(type)
    // The entry leaves the lock through a captured local: returned as the lock's (generic)
    // result, the optional struct was copied twice through run-time value witnesses.
    var known: Entry?
    cache.withLock { cache in
      if cache.lastType == key, let last = cache.last {
        known = last
        return
      }
      guard let entry = cache.entries[key] else { return }
      cache.lastType = key
      cache.last = entry
      known = entry
    }
    if let known { return known }
    // Once per type: reflection and three dynamic casts.
    let entry = Entry(
      line: blocked.contains(key) ? nil : prefix + String(reflecting: type),
      isStateUpdater: DispatchKind(of: item) == .stateUpdater)
    cache.withLock { cache in
      cache.entries[key] = entry
      cache.lastType = key
      cache.last = entry
    }
    return entry
  }
}
