public import KatanaSupport
#if canImport(Glibc)
  // Public only because ``UpdaterJournal``'s inlinable hint names `Atomic` (as in
  // DispatchInstrumentation.swift); the module's API does not use it.
  public import Synchronization
#endif

/// One updater a store journaled (see ``UpdaterJournal``).
@usableFromInline
package struct UpdaterJournalEntry: Sendable {
  /// The updater, as dispatched and applied.
  @usableFromInline package let item: any Dispatchable
  /// The store's change count after it (``StateChange/sequence``).
  @usableFromInline package let sequence: UInt64
  /// When it was applied: the coarse monotonic clock (to a scheduler tick), in nanoseconds.
  @usableFromInline package let time: UInt64
  /// Where it was dispatched, when the dispatch named it.
  @usableFromInline package let callSite: DispatchCallSite?
  /// The token of who dispatched it (the instrumentation's token of a side effect), if any.
  @usableFromInline package let parent: (any Sendable)?

  @inlinable
  init(item: any Dispatchable, sequence: UInt64, time: UInt64, callSite: DispatchCallSite?, parent: (any Sendable)?) {
    self.item = item
    self.sequence = sequence
    self.time = time
    self.callSite = callSite
    self.parent = parent
  }
}

/// A journal of the updaters a store applied, in the order it applied them,
/// which a tool reads when it needs them instead of being called for each one: an alternative to
/// ``DispatchInstrumentation/updaterDidEnd(_:token:outcome:before:after:sequence:)`` for tools
/// that can recompute the states from the updaters (updaters are pure functions of the state).
///
/// Package API, not public: a tool of this package offers one through
/// ``JournalingInstrumentation/updaterJournal(for:)``; the store takes it at creation. While
/// the journal ``isOn``, the store appends each updater it applies (no
/// ``DispatchInstrumentation/dispatchWillBegin(_:)``, no end report) under the lock it applies it
/// with, so the journal's order is the apply order, and keeps the state before the journal's
/// oldest kept entry. Exact: each entry is the very updater the store applied, once.
///
/// With interceptors, the store journals what the end of the chain applies: an updater an
/// interceptor passed on in place of the dispatched one is journaled with the dispatched one as
/// its request (``Contents/requests``); one passed on twice, twice. What the journal cannot carry
/// is still reported, after its chain returned (with no duration): an updater the interceptors
/// passed on to nothing, one whose chain threw, and one whose chain ran while the journal was
/// being turned off. While a chain is journaled, the items its interceptors dispatch have no
/// parent.
///
/// Memory is bounded: at most `2 × capacity` entries. When the newer half fills, the older half is
/// dropped (counted in ``Contents/dropped``) and the newer becomes the older, with the state that
/// was before its first entry (copied once per `capacity` entries, a copy-on-write reference).
///
/// Threading: safe from any thread. The store appends while holding its own lock (this journal's
/// lock is taken inside it); ``take()`` takes only this journal's lock, so a tool may call it while
/// holding its own lock as long as the store never calls that tool while holding this one (it
/// does not: appending calls nothing).
@usableFromInline
package final class UpdaterJournal<S: State>: Sendable {
  /// What ``take()`` hands over.
  package struct Contents: Sendable {
    /// The state before the first of `entries` (`nil` when there are none).
    package let start: S?
    /// The updaters, in apply order.
    package let entries: [UpdaterJournalEntry]
    /// Entries dropped since the last ``take()`` because the journal was full.
    package let dropped: Int
    /// The state the store had before `entries[checkpoint.index]`, when the journal kept one
    /// inside `entries`: a check for states recomputed from the updaters.
    package let checkpoint: (index: Int, state: S)?
    /// The item dispatched for an entry, by the entry's ``UpdaterJournalEntry/sequence``, where an
    /// interceptor passed another updater on in its place: the entry's `item` is what the store
    /// applied. Rare, so kept apart from the entries.
    package let requests: [UInt64: any Dispatchable]
  }

  @usableFromInline
  struct Storage: Sendable {
    @usableFromInline var isOn = true
    @usableFromInline var older: [UpdaterJournalEntry] = []
    @usableFromInline var olderStart: S?
    @usableFromInline var newer: [UpdaterJournalEntry] = []
    @usableFromInline var newerStart: S?
    @usableFromInline var dropped = 0
    /// See ``Contents/requests``; pruned when the entries they belong to are dropped.
    @usableFromInline var requests: [UInt64: any Dispatchable] = [:]
    @usableFromInline let capacity: Int

    init(capacity: Int) {
      self.capacity = capacity
    }
  }

  @usableFromInline let storage: LockedValue<Storage>

  /// Creates an empty journal that keeps at least the newest `capacity` updaters.
  package init(capacity: Int) {
    storage = LockedValue(Storage(capacity: max(1, capacity)))
  }

  /// Whether the store journals its updaters now; when off, it reports them to the
  /// instrumentation as usual (a tool turns it off while it needs each updater at once).
  package var isOn: Bool {
    get { storage.withLock { $0.isOn } }
    set {
      storage.withLock { storage in
        storage.isOn = newValue
        #if canImport(Glibc)
          onHint.store(newValue, ordering: .relaxed)
        #endif
      }
    }
  }

  #if canImport(Glibc)
    /// ``isOn`` without the lock, possibly stale: the store's interceptor chain asks it before
    /// each updater. Either staleness is safe there: a stale "on" makes the chain's end find the
    /// journal off at ``append`` and report the updater instead; a stale "off" reports it while
    /// the journal, just turned on, is still empty (chains run one at a time, so nothing was
    /// journaled meanwhile) and takes its starting state at the first append.
    @usableFromInline let onHint = Atomic<Bool>(true)

    @inlinable
    var isProbablyOn: Bool { onHint.load(ordering: .relaxed) }
  #else
    // `Atomic` needs macOS 15 / iOS 18: elsewhere the hint is the locked value.
    @inlinable
    var isProbablyOn: Bool { isOn }
  #endif

  /// Hands over everything journaled since the last call, and empties the journal.
  package func take() -> Contents {
    storage.withLock { storage in
      let contents: Contents
      if storage.older.isEmpty {
        contents = Contents(
          start: storage.newerStart, entries: storage.newer, dropped: storage.dropped, checkpoint: nil,
          requests: storage.requests)
      } else {
        contents = Contents(
          start: storage.olderStart, entries: storage.older + storage.newer, dropped: storage.dropped,
          checkpoint: storage.newerStart.map { (storage.older.count, $0) }, requests: storage.requests)
      }
      storage.requests = [:]
      storage.older.removeAll(keepingCapacity: true)
      storage.newer.removeAll(keepingCapacity: true)
      storage.olderStart = nil
      storage.newerStart = nil
      storage.dropped = 0
      return contents
    }
  }

  /// Journals `item`, the updater the store is about to apply to `state`, if the journal is on;
  /// the store calls it while holding its own lock, then applies the updater.
  ///
  /// - Parameter sequence: the store's change count after this updater.
  /// - Returns: whether it journaled (`false`: off, nothing done).
  @inlinable
  func append(
    _ item: consuming any Dispatchable, callSite: DispatchCallSite?, parent: consuming (any Sendable)?,
    sequence: UInt64, stateBefore: S
  ) -> Bool {
    // Made before the lock, from the arguments it takes over, and moved into the ring: built
    // inside the lock's closure it copied the item and the parent (captured, so not movable).
    var made: UpdaterJournalEntry? = UpdaterJournalEntry(
      item: item, sequence: sequence, time: MonotonicClock.coarseNow(), callSite: callSite, parent: parent)
    return storage.withLock { storage in
      guard storage.isOn else { return false }
      if storage.newer.count == storage.capacity {
        // The newer half is full: it becomes the older one; the older one's entries are dropped.
        storage.dropped += storage.older.count
        if !storage.requests.isEmpty, let kept = storage.newer.first?.sequence {
          storage.requests = storage.requests.filter { $0.key >= kept }
        }
        swap(&storage.older, &storage.newer)
        storage.newer.removeAll(keepingCapacity: true)
        storage.olderStart = storage.newerStart.take()
      }
      if storage.newer.isEmpty { storage.newerStart = stateBefore }
      storage.newer.append(made.take()!)
      return true
    }
  }

  /// Notes the item that was dispatched for the entry `sequence`, which an interceptor replaced
  /// (see ``Contents/requests``). The store calls it under its own lock, right after ``append``.
  @usableFromInline
  func noteRequest(_ request: any Dispatchable, for sequence: UInt64) {
    storage.withLock { $0.requests[sequence] = request }
  }
}
