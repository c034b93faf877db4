/// An instrumentation that offers the store a journal to append its updaters to instead of
/// reporting each one (see ``UpdaterJournal``).
///
/// Package API: a tool of this package that can recompute states from updaters uses it to cost a
/// store almost nothing while nobody looks; everything else sees a store through
/// ``DispatchInstrumentation`` alone.
package protocol JournalingInstrumentation: DispatchInstrumentation {
  /// The journal for a store of `stateType`, or `nil` (every updater is then reported). Asked
  /// once, when the store is created. While the journal is on, the store's updaters get no
  /// ``DispatchInstrumentation/dispatchWillBegin(_:)`` and no end report.
  func updaterJournal<Value: State>(for stateType: Value.Type) -> UpdaterJournal<Value>?
}
