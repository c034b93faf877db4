import Katana

/// One handled item as the recorder keeps it: what the instrumentation saw, and for an updater
/// the states around it. Names, diffs and JSON are made from it only when the page asks.
///
/// The states are kept type-erased so that the recording path is not generic: generic code
/// compiled outside the app's module looks type metadata up at run time, which cost more than
/// everything else recording does. ``DevToolsRecorder`` casts them back when the page asks.
struct RecordedItem: Sendable {
  let id: Int
  /// Position in recording order (the order items finished).
  let sequence: Int
  let item: any Dispatchable
  let kind: DispatchKind
  let parent: Int?
  /// Nanoseconds between `dispatch` and the start of handling.
  let queueWait: Int64
  /// Nanoseconds the handling took.
  let duration: UInt64
  /// When handling ended, in ``MonotonicTime`` nanoseconds (turned into wall time for the page).
  let end: UInt64
  let error: (any Error)?
  /// Where the item was dispatched, as the store's seam gave it (static strings, no copy).
  let callSite: DispatchCallSite?
  /// The states around an updater, as the store made them (a `StateChange` of the store's state
  /// type, kept as the reference it is); `nil` for a side effect and for an updater the store
  /// could not handle.
  let states: (any AnyStateChange)?
}
