import KatanaSupport

/// What a ``DispatchableLogger`` knows about each item type, worked out once per type: its line
/// (or that it is black-listed) and whether it is a state updater.
///
/// A run of items of the same type (the common case: a burst of one updater) is answered from
/// the last entry used, read without a lock and without a retain (``UnretainedSlot``); the
/// entries, kept for the logger's whole life, keep it alive. Another type takes the lock.
final class LoggedTypes: Sendable {
  /// One item type's entry; never changes once made.
  final class Entry: Sendable {
    let type: ObjectIdentifier
    /// The line to log, or `nil` for a black-listed type.
    let line: String?
    /// The item's kind is ``DispatchKind/stateUpdater``: it is logged right after `next`.
    let isStateUpdater: Bool

    init(type: ObjectIdentifier, line: String?, isStateUpdater: Bool) {
      self.type = type
      self.line = line
      self.isStateUpdater = isStateUpdater
    }
  }

  private let prefix: String
  private let blocked: Set<ObjectIdentifier>
  /// Every entry made; never shrinks, which is what keeps ``last``'s entry alive.
  private let entries = LockedValue([ObjectIdentifier: Entry]())
  private let last = UnretainedSlot<Entry>()

  init(prefix: String, blackList: [any Dispatchable.Type]) {
    self.prefix = prefix
    blocked = Set(blackList.map { ObjectIdentifier($0) })
  }

  /// Calls `body` with the entry of `item`'s dynamic type, `type`.
  func withEntry<Result>(of item: any Dispatchable, type: any Dispatchable.Type, _ body: (Entry) throws -> Result)
    rethrows -> Result
  {
    let key = ObjectIdentifier(type)
    if let last = last.load(), last._withUnsafeGuaranteedRef({ $0.type == key }) {
      return try last._withUnsafeGuaranteedRef(body)
    }
    return try body(entry(of: item, key: key, type: type))
  }

  /// The entry of a type other than the last one's: from the cache, or made once per type
  /// (reflection and three dynamic casts).
  private func entry(of item: any Dispatchable, key: ObjectIdentifier, type: any Dispatchable.Type) -> Entry {
    if let known = entries.withLock({ $0[key] }) {
      last.store(known)
      return known
    }
    // A UI session's updater (``RoutedUpdater``) is named and black-listed as the updater it
    // routes; worked out here, once per type.
    let shown = item is any RoutedUpdater ? dynamicItemType(of: unrouted(item)) : type
    let isBlocked = blocked.contains(key) || blocked.contains(ObjectIdentifier(shown))
    let made = Entry(
      type: key, line: isBlocked ? nil : prefix + String(reflecting: shown),
      isStateUpdater: DispatchKind(of: item) == .stateUpdater)
    let entry = entries.withLock { entries in
      if let raced = entries[key] { return raced }
      entries[key] = made
      return made
    }
    last.store(entry)
    return entry
  }
}
