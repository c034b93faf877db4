public import Katana
import KatanaSupport

/// Undo, redo and time travel over the changes of ``Undoable`` updaters.
///
/// The history is a line of recorded points: the state before the first undoable change, then
/// the state after each one. ``Undo`` moves one point back, ``Redo`` one forward, ``Jump`` to any
/// point; each applies a ``RestoreState`` through the store, so listeners and the UI hear it like
/// any change. A new undoable change after an undo drops the points ahead (redo is cleared). At
/// most `limit` points are kept; the oldest go first.
///
/// Install it through ``Persistence``; then dispatch the updaters:
/// ```swift
/// store.dispatch(History<TodosState>.Undo())
/// ```
/// Without history installed, the three updaters change nothing.
///
/// Threading: safe from any thread; the interceptor updates it inside the store's serial
/// updater chain.
public final class History<S: State>: Sendable {
  /// Goes back one point; nothing happens when there is none.
  public struct Undo: StateUpdater {
    /// Creates the updater.
    public init() {}
    /// Does nothing by itself: the history's interceptor replaces it with a ``RestoreState``.
    public func updateState(_ state: inout S) {}
  }

  /// Goes forward one point after an undo; nothing happens when there is none.
  public struct Redo: StateUpdater {
    /// Creates the updater.
    public init() {}
    /// Does nothing by itself: the history's interceptor replaces it with a ``RestoreState``.
    public func updateState(_ state: inout S) {}
  }

  /// Goes to the point at `index` (see ``History/entries``); an index out of range does nothing.
  public struct Jump: StateUpdater {
    /// The point to go to.
    public let index: Int
    /// Creates the updater.
    public init(to index: Int) {
      self.index = index
    }
    /// Does nothing by itself: the history's interceptor replaces it with a ``RestoreState``.
    public func updateState(_ state: inout S) {}
  }

  /// How the interceptor handles an item.
  enum Translation {
    case pass
    case restore(RestoreState<S>)
    case ignore
  }

  private struct Storage {
    var points: [(label: String, state: S)] = []
    var cursor = 0
  }

  /// Saving and loading the points, when the history is kept on disk.
  private struct Keeping: Sendable {
    var save: @Sendable (_ points: [(label: String, state: S)], _ cursor: Int) -> Void
    var load: @Sendable () throws(PersistenceError) -> (points: [(label: String, state: S)], cursor: Int)
    var flush: @Sendable () async throws(PersistenceError) -> Void
  }

  /// The most points kept (at least 2).
  public let limit: Int
  private let restore: @Sendable (_ current: S, _ recorded: S) -> S
  private let storage = LockedValue(Storage())
  private let keeping: Keeping?

  /// Creates an empty history.
  ///
  /// - Parameters:
  ///   - limit: the most points kept, the initial one included (at least 2).
  ///   - restore: builds the state to go to from the current one and the recorded one; the
  ///     default takes the recorded state whole. Give one to keep parts a restore must not touch
  ///     (text being typed, the window's size).
  public convenience init(limit: Int = 100, restore: @escaping @Sendable (_ current: S, _ recorded: S) -> S = { $1 }) {
    self.init(limit: limit, restore: restore, keeping: nil)
  }

  private init(limit: Int, restore: @escaping @Sendable (S, S) -> S, keeping: Keeping?) {
    precondition(limit >= 2, "a history needs at least 2 points")
    self.limit = limit
    self.restore = restore
    self.keeping = keeping
  }

  /// The recorded points, oldest first.
  public var entries: [HistoryEntry] {
    storage.withLock { storage in
      storage.points.enumerated().map { HistoryEntry(index: $0.offset, label: $0.element.label) }
    }
  }

  /// The index of the point the state is at, among ``entries``.
  public var currentIndex: Int { storage.withLock { $0.cursor } }

  /// Whether an ``Undo`` would change something.
  public var canUndo: Bool { storage.withLock { $0.cursor > 0 } }

  /// Whether a ``Redo`` would change something.
  public var canRedo: Bool { storage.withLock { $0.cursor + 1 < $0.points.count } }

  /// Forgets every point.
  public func clear() {
    storage.withLock { $0 = Storage() }
    keeping?.save([], 0)
  }

  /// Waits until the points are on disk (for a history kept in a file; otherwise returns).
  public func flush() async throws(PersistenceError) {
    try await keeping?.flush()
  }

  /// Reads the points kept on disk (``Persistence/loadState()`` calls it).
  ///
  /// - Throws: the ``StateFile/load()`` errors; the history then starts empty.
  func load() throws(PersistenceError) {
    guard let keeping else { return }
    let (points, cursor) = try keeping.load()
    storage.withLock { storage in
      storage.points = Array(points.suffix(limit))
      storage.cursor = min(max(0, cursor - (points.count - storage.points.count)), max(0, storage.points.count - 1))
    }
  }

  // MARK: Interceptor side

  /// Whether handling `item` needs the state before it: to restore from (undo, redo, jump), or
  /// as the first point of an empty history.
  func needsStateBefore(_ item: any StateUpdater) -> Bool {
    switch item {
    case is Undo, is Redo, is Jump: return true
    case is any Undoable: return storage.withLock { $0.points.isEmpty }
    default: return false
    }
  }

  /// Decides what an incoming updater becomes; moves the cursor for undo, redo and jump.
  func translate(_ item: any StateUpdater, current: S) -> Translation {
    let target: Int? = storage.withLock { storage in
      let target: Int
      switch item {
      case is Undo: target = storage.cursor - 1
      case is Redo: target = storage.cursor + 1
      case let jump as Jump: target = jump.index
      default: return nil
      }
      guard storage.points.indices.contains(target), target != storage.cursor else { return -1 }
      storage.cursor = target
      return target
    }
    guard let target else { return .pass }
    guard target >= 0 else { return .ignore }
    let (points, recorded) = storage.withLock { ($0.points, $0.points[target].state) }
    keeping?.save(points, target)
    return .restore(RestoreState(restore(current, recorded)))
  }

  /// Records the change an undoable updater made.
  func record(_ item: any StateUpdater, before: S, after: S) {
    guard item is any Undoable else { return }
    let points = storage.withLock { storage in
      if storage.points.isEmpty { storage.points.append(("initial", before)) }
      storage.points.removeSubrange((storage.cursor + 1)...)
      storage.points.append((String(describing: type(of: item)), after))
      if storage.points.count > limit { storage.points.removeFirst(storage.points.count - limit) }
      storage.cursor = storage.points.count - 1
      return storage.points
    }
    keeping?.save(points, points.count - 1)
  }
}

extension History where S: Codable {
  /// Creates a history kept in a file, so that undo works across launches (a command-line
  /// `undo`, say).
  ///
  /// The points are saved like a ``StateFile`` (crash safe, coalesced, off the dispatching thread)
  /// after each change. The file may lag the state file by the last change after a crash; every
  /// point is still a whole state the app once had, so undoing to it is safe.
  ///
  /// - Parameters:
  ///   - limit: the most points kept, the initial one included (at least 2).
  ///   - path: the file, absolute.
  ///   - restore: see ``init(limit:restore:)``.
  ///   - fileSystem: the file operations.
  ///   - onError: hears write failures.
  public convenience init(
    limit: Int = 100,
    path: String,
    restore: @escaping @Sendable (_ current: S, _ recorded: S) -> S = { $1 },
    fileSystem: any PersistenceFileSystem = POSIXFileSystem(),
    onError: @escaping @Sendable (PersistenceError) -> Void = { _ in }
  ) {
    let file = StateFile<HistoryRecord<S>>(path: path, fileSystem: fileSystem, onError: onError)
    let keeping = Keeping(
      save: { points, cursor in
        var record = HistoryRecord<S>()
        record.points = points.map { HistoryRecord<S>.Point(label: $0.label, state: $0.state) }
        record.cursor = cursor
        file.save(record)
      },
      load: { () throws(PersistenceError) in
        let record = try file.load()
        return (record.points.map { ($0.label, $0.state) }, record.cursor)
      },
      flush: { () async throws(PersistenceError) in try await file.flush() })
    self.init(limit: limit, restore: restore, keeping: keeping)
  }
}
