/// Where and how much a flight recorder writes: the black box DevTools keeps on disk so that,
/// after the process is killed or crashes, the next run can open what led up to the end.
///
/// Opt in through ``DevTools/Configuration/flightRecorder``:
/// ```swift
/// let devTools = DevTools<TodosState>(
///   configuration: .init(flightRecorder: DevToolsFlightRecorder(path: "/tmp/todos.flight.jsonl")),
///   registry: TodosStorage.registry)
/// ```
/// and open the file later with ``DevTools/open(recordingAt:)`` (`--devtools-open FILE` in the
/// examples) or Import in the page.
///
/// What is written: the last ``capacity`` handled items (updaters and side effects) with their
/// type, kind, call site, time and outcome, as KatanaPersistence journal lines; updaters whose
/// types are in the ``/KatanaPersistence/JournalRegistry`` carry their encoded item, so they can
/// be replayed. The first line holds the state before the oldest kept item, redacted by
/// ``DevTools/Configuration/redaction`` like everything else DevTools lets out.
///
/// Bounded: the file holds at most `2 × capacity` item lines and ``maximumBytes`` bytes (unless
/// the first line and one item alone are larger): when either would be passed, it is rewritten
/// atomically with the newest items only (at most `capacity`, in half the bytes).
///
/// Off the dispatch thread: the store's thread only appends the item to a bounded hand-off (one
/// lock); encoding and file I/O run on the recorder's own serial queue. If that queue falls
/// `capacity` items behind, the oldest waiting items are dropped and counted in the file.
///
/// Threading: a value type, safe from any thread.
public struct DevToolsFlightRecorder: Sendable, Hashable {
  /// The file, absolute. A recording found there at start-up is moved to `path + ".previous"`
  /// (replacing an older one); a file that is not a flight recording is moved aside to
  /// `path + ".unreadable-TIMESTAMP"`: neither is ever overwritten in place.
  public var path: String
  /// How many of the newest items the file keeps at least (at least 1).
  public var capacity: Int
  /// The most bytes the file holds (at least 4 KiB).
  public var maximumBytes: Int

  /// A flight recorder writing to `path`.
  ///
  /// - Parameters:
  ///   - path: the file, absolute; its folder must exist.
  ///   - capacity: the newest items always kept; 200 by default.
  ///   - maximumBytes: the file's cap; 4 MiB by default.
  public init(path: String, capacity: Int = 200, maximumBytes: Int = 4 << 20) {
    self.path = path
    self.capacity = max(1, capacity)
    self.maximumBytes = max(4096, maximumBytes)
  }
}
