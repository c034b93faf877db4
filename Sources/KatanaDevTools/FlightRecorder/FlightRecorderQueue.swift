import DequeModule
import Dispatch
import Katana
import KatanaSupport

/// The bounded hand-off between the store's thread and the flight recorder's writer: the store's
/// thread appends under one lock and, when the writer is idle, schedules it; the writer takes
/// everything waiting in one batch. Not generic, so the store's side looks no metadata up.
///
/// Bounded: at most `limit` records wait; past that the oldest is dropped and counted (they
/// would have left the file's window of the newest `limit` items anyway).
///
/// Threading: every method is safe from any thread; `write` runs on the serial `queue` only.
final class FlightRecorderQueue: Sendable {
  private struct Storage {
    var pending = Deque<FlightRecord>()
    var dropped = 0
    /// The newest state change among the dropped records: the state after the gap.
    var droppedChange: (any AnyStateChange)?
    /// Whether a drain is scheduled or running: then new records need no new schedule.
    var draining = false
  }

  private let storage = LockedValue(Storage())
  private let limit: Int
  private let queue = DispatchQueue(label: "katana.devtools.flight-recorder", qos: .utility)
  private let write: @Sendable (_ batch: [FlightRecord], _ dropped: Int, _ droppedChange: (any AnyStateChange)?) -> Void

  init(
    limit: Int,
    write: @escaping @Sendable (_ batch: [FlightRecord], _ dropped: Int, _ droppedChange: (any AnyStateChange)?) -> Void
  ) {
    self.limit = max(1, limit)
    self.write = write
  }

  /// Hands `record` to the writer; called on the store's thread, never blocks on I/O.
  func enqueue(_ record: FlightRecord) {
    let schedule = storage.withLock { storage -> Bool in
      if storage.pending.count >= limit {
        if let change = storage.pending.removeFirst().change { storage.droppedChange = change }
        storage.dropped += 1
      }
      storage.pending.append(record)
      if storage.draining { return false }
      storage.draining = true
      return true
    }
    if schedule { queue.async { self.drain() } }
  }

  /// Returns once everything enqueued before the call is written.
  func flush() async {
    await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
      queue.async { continuation.resume() }
    }
  }

  private func drain() {
    while true {
      let taken = storage.withLock { storage -> (batch: [FlightRecord], dropped: Int, change: (any AnyStateChange)?)? in
        guard !storage.pending.isEmpty else {
          storage.draining = false
          return nil
        }
        defer {
          storage.pending.removeAll(keepingCapacity: true)
          storage.dropped = 0
          storage.droppedChange = nil
        }
        return (Array(storage.pending), storage.dropped, storage.droppedChange)
      }
      guard let taken else { return }
      write(taken.batch, taken.dropped, taken.change)
    }
  }
}
