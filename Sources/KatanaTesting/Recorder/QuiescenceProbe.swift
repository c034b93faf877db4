import Katana

/// Marks the test store's own probe, which the recorder swallows and never records.
protocol QuiescenceProbeMarker {}

/// An updater that changes nothing, dispatched by the test store to learn that every updater
/// dispatched before it has been handled: the store handles updaters one at a time, in order.
///
/// The recording interceptor swallows it before any other interceptor or listener sees it.
struct QuiescenceProbe<S: State>: StateUpdater, QuiescenceProbeMarker {
  func updateState(_ state: inout S) {}
}
