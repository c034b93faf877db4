public import Katana
import KatanaSupport

/// Ties a ``StateFile``, a ``Journal`` and a ``History`` to a store: one interceptor records
/// every applied updater, one call loads the state at start.
///
/// ```swift
/// let persistence = Persistence(
///   stateFile: StateFile<AppState>(path: folder + "/state.json"),
///   journal: Journal(path: folder + "/journal.jsonl", registry: registry),
///   history: History(limit: 100))
/// let store = Store<AppState, AppDependencies>(
///   interceptors: [persistence.interceptor],
///   stateInitializer: { try persistence.loadState() })
/// ```
///
/// Every part is optional. Put the interceptor first, so that the items other interceptors
/// dispatch or replace are recorded as the store applies them.
///
/// What is on disk:
/// - after ``flush()`` returns: every change applied before the call, in the state file, and
///   every journaled item, synced;
/// - after a crash: the last state file written whole (never a mix of two), plus the journal's
///   lines up to the last sync (all of them with ``JournalSyncPolicy/everyItem``), minus at most a
///   torn last line;
/// - after a failed write: the previous state file, intact; the failure is reported and the
///   next change writes again.
public final class Persistence<S: State>: Sendable {
  /// The state file, if any.
  public let stateFile: StateFile<S>?
  /// The journal, if any.
  public let journal: Journal<S>?
  /// The undo history, if any.
  public let history: History<S>?

  private let onError: @Sendable (PersistenceError) -> Void
  private let snapshotSource = StateSnapshotSource<S>()
  private let loadProblemsStorage = LockedValue<[PersistenceError]>([])

  /// Combines the parts.
  ///
  /// - Parameters:
  ///   - stateFile: where the state is saved.
  ///   - journal: where applied items are recorded.
  ///   - history: the undo history.
  ///   - onError: hears the journal problems found at load (which do not stop the load).
  public init(
    stateFile: StateFile<S>? = nil,
    journal: Journal<S>? = nil,
    history: History<S>? = nil,
    onError: @escaping @Sendable (PersistenceError) -> Void = { _ in }
  ) {
    self.stateFile = stateFile
    self.journal = journal
    self.history = history
    self.onError = onError
  }

  /// Loads the state file and replays the journal lines it does not include yet. Use it as the
  /// store's `stateInitializer`.
  ///
  /// - A torn last journal line is cut off; a bad line stops the replay there (the journal is moved
  ///   aside and its good lines are written back). Both are reported through `onError` and
  ///   ``loadProblems``, and the state loaded so far is returned: a bad journal line does not
  ///   throw away the state file.
  /// - Throws: the ``StateFile/load()`` errors. The unusable state file, and the journal that
  ///   depended on it, are then moved aside, and a store whose initializer throws starts from `S()`
  ///   and reports the error through `initializationError` and its instrumentation.
  public func loadState() throws(PersistenceError) -> S {
    loadProblemsStorage.withLock { $0 = [] }
    var state = S()
    var fileSequence = 0
    if let stateFile {
      do {
        (state, fileSequence) = try stateFile.loadWithJournalSequence()
      } catch {
        if let problem = journal?.setAside() { report(problem) }
        throw error
      }
    }
    if let history {
      do throws(PersistenceError) { try history.load() } catch { report(error) }
    }
    guard let journal else { return state }
    let (contents, problems) = journal.open()
    for problem in problems { report(problem) }
    for entry in contents.entries where entry.sequence > fileSequence {
      entry.apply(to: &state)
    }
    journal.continueNumbering(after: fileSequence)
    snapshotSource.continueNumbering(after: journal.lastSequence)
    return state
  }

  /// The journal problems the last ``loadState()`` met.
  public var loadProblems: [PersistenceError] { loadProblemsStorage.withLock { $0 } }

  /// The interceptor that records applied updaters: history first (undo, redo and jump become
  /// ``RestoreState``), then the journal line, then a save of the state file. Side effects pass
  /// through untouched.
  ///
  /// Threading: runs inside the store's serial updater chain. The journal append is synchronous
  /// (and `fsync`ed with ``JournalSyncPolicy/everyItem``). The state file is written on a thread
  /// of its own, which reads the store's state when a write starts, so the interceptor keeps no
  /// copy of the state between dispatches (a kept copy would make the store copy the whole state
  /// on its next mutation).
  public var interceptor: StoreInterceptor {
    // The parts, not `self`: the store keeps the interceptor, and need not keep this object.
    let history = history
    let journal = journal
    let stateFile = stateFile
    let source = snapshotSource
    return { context in
      let readState: @Sendable () -> S? = { context.getAnyState() as? S }
      source.connect(readState)
      return { next in
        { item in
          guard let dispatched = item as? any StateUpdater else {
            try next(item)
            return
          }
          // An updater a UI session routed (a browser page's, applied with its fields) is
          // journaled and undone as the updater the page dispatched. (One conformance check; the
          // journal line that follows encodes JSON.)
          let updater = unrouted(dispatched)
          // States are read only when needed: a state held across `next` makes the store copy
          // it when the updater mutates it.
          var applied = dispatched
          var recorded = updater
          var before: S?
          if let history, history.needsStateBefore(updater) {
            before = readState()
            switch history.translate(updater, current: before ?? S()) {
            case .pass: break
            case .restore(let restore):
              applied = restore
              recorded = restore
            case .ignore: return
            }
          }
          source.willApply()
          var sequence: Int?
          defer { source.didApply(sequence: sequence, state: readState) }
          try next(applied)
          if let history, recorded is any Undoable, let after = readState() {
            history.record(recorded, before: before ?? after, after: after)
          }
          sequence = journal?.append(recorded)
          stateFile?.stateChanged(in: source)
        }
      }
    }
  }

  /// Waits until every change applied before the call is on disk: the state file written, the
  /// journal synced.
  ///
  /// - Throws: the write error; what was on disk before stays intact.
  public func flush() async throws(PersistenceError) {
    try journal?.flush()
    try await stateFile?.flush()
    try await history?.flush()
  }

  /// Writes the current state file, then drops the journal lines it includes: the journal stays
  /// short, and a replay starts from the snapshot. A crash in between is harmless: lines already
  /// in the state file are skipped by sequence number.
  ///
  /// - Throws: a write error; nothing is dropped then.
  public func compact() async throws(PersistenceError) {
    guard let stateFile, let journal else { return }
    try await stateFile.flush()
    try journal.dropEntries(through: stateFile.savedJournalSequence)
  }

  private func report(_ problem: PersistenceError) {
    loadProblemsStorage.withLock { $0.append(problem) }
    onError(problem)
  }
}
