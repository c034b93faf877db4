import Foundation

/// What an exported test replays and asserts, with every value already text: the recorder makes
/// it from a recording (``DevToolsRecorder/sessionTestPlan(named:at:)``), ``SessionTestWriter`` turns
/// it into Swift source. Not generic, so the writer is tested without a store.
struct SessionTestPlan: Sendable, Hashable {
  /// The test function's name, a Swift identifier.
  var testName: String
  /// The state type as Swift source names it: `TodosCore.TodosState`.
  var stateType: String
  /// Every module the source names a type of, sorted.
  var modules: [String]
  /// When the export was made.
  var exportedAt: Date
  /// The state the test store starts from, as compact JSON.
  var initialState: String
  /// Whether the redaction rule changed the initial state (it then starts from redacted values).
  var initialStateIsRedacted: Bool
  /// The steps, in the order the store applied them.
  var steps: [Step]
  /// What the session did that the test does not replay, for the comment at the top.
  var notReplayed: [NotReplayed]
  /// How many older items the ring buffer had dropped: the test starts after them.
  var droppedItems = 0

  enum Step: Sendable, Hashable {
    /// Dispatch a recorded updater and assert the state after it.
    case replay(Replay)
    /// Put the store in a recorded state that items the test cannot replay led to, so the steps
    /// after it start where the recording did.
    case restore(Restore)
  }

  struct Replay: Sendable, Hashable {
    /// The item's id in the DevTools list (`#12`).
    var itemID: Int
    /// The updater's type as Swift source names it.
    var type: String
    /// The name it is registered under in the journal registry.
    var registeredName: String
    /// The recorded request an interceptor applied as this updater (History's undo as a
    /// `RestoreState`), as Swift source names it; `nil` when the updater itself was recorded.
    var request: String? = nil
    /// The updater, encoded as compact JSON.
    var updater: String
    /// `File.swift:line` where it was dispatched, when recorded.
    var callSite: String?
    /// The recorded diff, one `path: old → new` line per change (a few at most).
    var changes: [String]
    var expectation: Expectation
  }

  enum Expectation: Sendable, Hashable {
    /// The state after it, as compact JSON.
    case state(String)
    /// It changed nothing.
    case unchanged
    /// The recorded state after it was redacted: it cannot be asserted.
    case redacted
  }

  struct Restore: Sendable, Hashable {
    /// The recorded state to put the store in, as compact JSON.
    var state: String
    /// Why: which items led to it.
    var reason: String
  }

  /// Items of one type, not replayed for one reason.
  struct NotReplayed: Sendable, Hashable {
    var type: String
    var reason: String
    /// Their ids in the DevTools list, in recording order.
    var itemIDs: [Int]
  }
}
