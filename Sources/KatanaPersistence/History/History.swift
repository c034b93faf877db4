public import Katana

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

  /// The most points kept (at least 2).
  public let limit: Int
  private let restore: @Sendable (_ current: S, _ recorded: S) -> S
  private let storage = LockedValue(Storage())

  /// Creates an empty history.
  ///
  /// - Parameters:
  ///   - limit: the most points kept, the initial one included (at least 2).
  ///   - restore: builds the state to go to from the current one and the recorded one; the
  ///     default takes the recorded state whole. Give one to keep parts a restore must not touch
  ///     (text being typed, the window's size).
  public init(limit: Int = 100, restore: @escaping @Sendable (_ current: S, _ recorded: S) -> S = { $1 }) {
    precondition(limit >= 2, "a history needs at least 2 points")
    self.limit = limit
    self.restore = restore
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
  }

  // MARK: Interceptor side

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
    let recorded = storage.withLock { $0.points[target].state }
    return .restore(RestoreState(restore(current, recorded)))
  }

  /// Records the change an undoable updater made.
  func record(_ item: any StateUpdater, before: S, after: S) {
    guard item is any Undoable else { return }
    storage.withLock { storage in
      if storage.points.isEmpty { storage.points.append(("initial", before)) }
      storage.points.removeSubrange((storage.cursor + 1)...)
      storage.points.append((String(describing: type(of: item)), after))
      if storage.points.count > limit { storage.points.removeFirst(storage.points.count - limit) }
      storage.cursor = storage.points.count - 1
    }
  }
}
