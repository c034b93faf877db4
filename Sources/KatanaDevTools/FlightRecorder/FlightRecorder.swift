import Katana
import KatanaPersistence

/// The flight recorder of one ``DevTools``: the façade over the bounded hand-off
/// (``FlightRecorderQueue``, the store's side) and the writer (``FlightRecorderWriter``, the
/// recorder's queue).
///
/// Threading: safe from any thread.
final class FlightRecorder<S: State & Codable>: Sendable {
  let queue: FlightRecorderQueue
  let writer: FlightRecorderWriter<S>

  init(options: DevToolsFlightRecorder, registry: JournalRegistry<S>, redaction: DevToolsRedaction) {
    let writer = FlightRecorderWriter(options: options, registry: registry, redaction: redaction)
    self.writer = writer
    // Waiting items past `capacity` would leave the file's window anyway.
    queue = FlightRecorderQueue(limit: options.capacity) { batch, dropped, droppedChange in
      writer.write(batch, dropped: dropped, droppedChange: droppedChange)
    }
  }

  /// The instrumentation to install inside DevTools' own, wrapping `inner`.
  func instrumentation(wrapping inner: (any DispatchInstrumentation)?) -> any DispatchInstrumentation {
    FlightRecorderInstrumentation(queue: queue, inner: inner)
  }
}
