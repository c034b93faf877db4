import Katana

/// One handled item as the recorder keeps it: what the instrumentation saw. An updater's states
/// are kept beside it, in the ``StateSlots`` slot of the same physical index. Names, diffs and
/// JSON are made only when the page asks.
///
/// Only integers, static strings and the item and error existentials: no object per item.
struct RecordedItem: Sendable {
  let id: Int
  /// Position in recording order (the order items finished).
  let sequence: Int
  let item: any Dispatchable
  let kind: DispatchKind
  let parent: Int?
  /// Nanoseconds between `dispatch` and the start of handling.
  let queueWait: Int64
  /// Nanoseconds the handling took; `nil` when it was not timed (an updater handled while no
  /// page was connected: see ``DevToolsRecording``).
  let duration: UInt64?
  /// When handling ended, in `MonotonicClock` nanoseconds (KatanaSupport) (turned into wall time for the page).
  let end: UInt64
  let error: (any Error)?
  /// Where the item was dispatched, as the store's seam gave it (static strings, no copy).
  let callSite: DispatchCallSite?
  /// For an updater the store handled, the ``StateChange/sequence`` of its change (its states
  /// are in the state slots); 0 for a side effect and for an updater the store could not handle.
  let stateSequence: UInt64

  /// Whether the states around this updater were recorded.
  var hasStates: Bool { stateSequence != 0 }
}
