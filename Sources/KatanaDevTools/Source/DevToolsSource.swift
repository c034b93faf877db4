package import Foundation

/// What the DevTools server needs from a recorder, with every value already in the shape the
/// page shows: the server never sees the app's state or item types, so it is not generic and
/// can be tested against a fake source.
///
/// Threading: every method may be called from any thread or task, concurrently.
package protocol DevToolsSource: AnyObject, Sendable {
  /// The recorded items whose ``DevToolsItemSummary/sequence`` is greater than `sequence`, in
  /// recording order, at most `limit` of them (the newest when more are waiting), and the
  /// recorder's status at the same instant. Pass 0 for everything still recorded.
  func items(after sequence: Int, limit: Int) -> (items: [DevToolsItemSummary], status: DevToolsStatus)

  /// The changes the updater `id` made, computed now (never at record time).
  ///
  /// - Throws: ``DevToolsCommandError/unknownItem(_:)`` for an id that is not (or no longer)
  ///   recorded; ``DevToolsCommandError/notAnUpdater(_:)`` for a side effect;
  ///   ``DevToolsCommandError/encodingFailed(_:)`` when the state cannot be encoded.
  func diff(of id: Int) throws(DevToolsCommandError) -> [DevToolsChange]

  /// The whole state right after item `id` was handled, as JSON (UTF-8, an object or a value).
  ///
  /// - Throws: as ``diff(of:)``, without `notAnUpdater`.
  func stateJSON(at id: Int) throws(DevToolsCommandError) -> Data

  /// Puts the store in the state it had right after item `id` (time travel); the status's
  /// `travelingTo` becomes `id`.
  ///
  /// - Throws: ``DevToolsCommandError/unknownItem(_:)``; ``DevToolsCommandError/notAttached``
  ///   when the store is not attached yet or was released.
  func jump(to id: Int) throws(DevToolsCommandError)

  /// Leaves time travel: the store goes back to the state after the latest recorded item.
  func resumeLive() throws(DevToolsCommandError)

  /// Stops (`true`) or restarts (`false`) recording new items; the app runs on either way.
  func setPaused(_ paused: Bool)

  /// The session as a file (initial state + journal of the recorded updaters), JSON.
  ///
  /// - Throws: ``DevToolsCommandError/encodingFailed(_:)``.
  func exportSession() throws(DevToolsCommandError) -> Data

  /// The session as a Swift Testing source file that replays it into a `TestStore` and asserts
  /// every recorded state (``DevTools/exportTest(named:)``).
  ///
  /// - Throws: ``DevToolsCommandError/exportTestFailed(_:)`` saying why.
  func exportTest() throws(DevToolsCommandError) -> String

  /// Replays an exported session into the store: the recorded items are cleared, the session's
  /// initial state restored and its updaters dispatched in order (they are recorded as new
  /// items). Returns how many updaters were replayed.
  ///
  /// - Throws: ``DevToolsCommandError/invalidSession(_:)`` for a file that is not a session, of
  ///   another state type, or with an updater type the app does not register; nothing is changed
  ///   then.
  func importSession(_ data: Data) throws(DevToolsCommandError) -> Int

  /// The ids of the recorded updaters that changed the value at `path` (`todos[3].title`; a
  /// change of an enclosing value that changed this one counts, one that left it alone does not),
  /// in recording order.
  ///
  /// - Throws: ``DevToolsCommandError/invalidPath(_:)`` for a path that is not keys and indexes;
  ///   ``DevToolsCommandError/encodingFailed(_:)`` when the state cannot be encoded.
  func itemsChanging(path: String) throws(DevToolsCommandError) -> [Int]

  /// Signals every change of the recorded items or of the status (new item, drop, pause, jump).
  /// Signals are conflated (a slow reader gets one for many changes). The stream ends when the
  /// recorder is gone. While at least one stream is alive the source knows someone is connected.
  func changes() -> AsyncStream<Void>
}

/// One recorded item, as the page lists it.
package struct DevToolsItemSummary: Sendable, Hashable, Codable {
  /// The item's identity: commands (`diff`, `state`, `jump`) and ``parent`` name items by it.
  /// Unique, never reused, but not in list order: a side effect gets its id when it starts (so
  /// the items its body dispatches can name it) and is recorded when it ends, after them.
  package var id: Int
  /// The position in recording order (the order items finished): 1, 2, 3… The list is sorted
  /// by it and ``DevToolsSource/items(after:limit:)`` pages by it.
  package var sequence: Int
  /// The item's type name, as `Dispatchable.debugDescription` gives it (`CounterActions.Increment`).
  package var type: String
  /// `"updater"`, `"sideEffect"` or `"returning"`.
  package var kind: String
  /// The id of the side effect whose body dispatched this item, if any.
  package var parent: Int?
  /// Time between `dispatch` and the start of handling, in microseconds.
  package var waitMicroseconds: Double
  /// Time the handling took, in microseconds (a side effect: until its body returned or threw);
  /// `nil` for an updater handled while no page was connected, which DevTools does not time.
  package var durationMicroseconds: Double?
  /// The error's description when handling failed; `nil` when it completed.
  package var error: String?
  /// For an updater: whether the state after it differs from the state before it.
  package var changedState: Bool
  /// When handling ended, seconds since 1970.
  package var time: Double
  /// Where the item was dispatched; `nil` when the dispatch did not record it.
  package var callSite: DevToolsCallSite?

  package init(
    id: Int, sequence: Int, type: String, kind: String, parent: Int?, waitMicroseconds: Double, durationMicroseconds: Double?,
    error: String?, changedState: Bool, time: Double, callSite: DevToolsCallSite? = nil
  ) {
    self.id = id
    self.sequence = sequence
    self.type = type
    self.kind = kind
    self.parent = parent
    self.waitMicroseconds = waitMicroseconds
    self.durationMicroseconds = durationMicroseconds
    self.error = error
    self.changedState = changedState
    self.time = time
    self.callSite = callSite
  }
}

/// The recorder's status, sent with every batch of items.
package struct DevToolsStatus: Sendable, Hashable, Codable {
  /// How many items the ring buffer keeps.
  package var capacity: Int
  /// How many older items were dropped to keep within ``capacity``.
  package var dropped: Int
  /// The sequence of the newest recorded item, 0 before the first.
  package var latestSequence: Int
  /// Whether recording is paused.
  package var paused: Bool
  /// The item whose state the store was jumped to, while time travelling; `nil` when live.
  package var travelingTo: Int?
  /// How many times states recomputed from journaled updaters differed from the state the store
  /// had at the same point (an updater that is not a pure function of the state: the states
  /// shown around it may be wrong); `nil` when they never did.
  package var replayMismatches: Int?

  package init(
    capacity: Int, dropped: Int, latestSequence: Int, paused: Bool, travelingTo: Int?, replayMismatches: Int? = nil
  ) {
    self.capacity = capacity
    self.dropped = dropped
    self.latestSequence = latestSequence
    self.paused = paused
    self.travelingTo = travelingTo
    self.replayMismatches = replayMismatches
  }
}

/// One difference between the state before and after an updater.
package struct DevToolsChange: Sendable, Hashable, Codable {
  /// Where: `counter`, `todos[2].title`, or `state` for the whole value.
  package var path: String
  /// The old value as compact JSON text; `nil` when the path was added.
  package var old: String?
  /// The new value as compact JSON text; `nil` when the path was removed.
  package var new: String?

  package init(path: String, old: String?, new: String?) {
    self.path = path
    self.old = old
    self.new = new
  }
}

/// Why a DevTools command was refused; the page shows the description.
package enum DevToolsCommandError: Error, Sendable, Hashable, CustomStringConvertible {
  case unknownItem(Int)
  case notAnUpdater(Int)
  case encodingFailed(String)
  case invalidSession(String)
  case notAttached
  case invalidPath(String)
  case exportTestFailed(String)

  package var description: String {
    switch self {
    case .unknownItem(let id): "item \(id) is not recorded (never, or dropped from the ring buffer)"
    case .notAnUpdater(let id): "item \(id) is a side effect: only updaters change the state"
    case .encodingFailed(let reason): "the state could not be encoded as JSON: \(reason)"
    case .invalidSession(let reason): "not a session this app can replay: \(reason)"
    case .invalidPath(let path): "'\(path)' is not a state path (keys and indexes, like todos[3].title)"
    case .exportTestFailed(let reason): "could not export a test: \(reason)"
    case .notAttached: "DevTools is not attached to a live store (it has not started yet, or it was released)"
    }
  }
}
