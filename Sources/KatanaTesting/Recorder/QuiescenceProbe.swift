import Katana

/// Marks the test store's own probe, which the recorder swallows and never records.
protocol QuiescenceProbeMarker {}

/// An updater that changes nothing, dispatched by the test store to learn that every updater
/// dispatched before it has been handled: the store handles updaters one at a time, in order.
///
/// ``interceptor`` swallows it before any other interceptor or listener sees it, and the recorder
/// leaves it out.
struct QuiescenceProbe<S: State>: StateUpdater, QuiescenceProbeMarker {
  func updateState(_ state: inout S) {}

  /// The test store's first interceptor: swallows probes, passes everything else on.
  static var interceptor: StoreInterceptor {
    { _ in
      { next in
        { item in
          if item is any QuiescenceProbeMarker { return }
          try next(item)
        }
      }
    }
  }
}
