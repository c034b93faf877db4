import Katana
import KatanaTestSupport
import Logging

/// Keeps every log entry in memory so tests can read them.
struct InMemoryLogHandler: LogHandler {
  /// One written entry.
  struct Entry: Sendable {
    let level: Logger.Level
    let message: String
    let metadata: Logger.Metadata
  }

  /// Where a handler and its copies store entries.
  final class Storage: Sendable {
    private let entries = Locked([Entry]())

    func append(_ entry: Entry) { entries.withLock { $0.append(entry) } }
    var all: [Entry] { entries.withLock { $0 } }
  }

  let storage: Storage
  var metadata: Logger.Metadata = [:]
  var logLevel: Logger.Level

  init(storage: Storage, logLevel: Logger.Level) {
    self.storage = storage
    self.logLevel = logLevel
  }

  func log(event: LogEvent) {
    storage.append(
      Entry(level: event.level, message: event.message.description, metadata: metadata.merging(event.metadata ?? [:]) { $1 }))
  }

  subscript(metadataKey key: String) -> Logger.Metadata.Value? {
    get { metadata[key] }
    set { metadata[key] = newValue }
  }
}

/// A logger writing into a fresh in-memory storage, and that storage.
func makeLogger(level: Logger.Level = .trace) -> (Logger, InMemoryLogHandler.Storage) {
  let storage = InMemoryLogHandler.Storage()
  let logger = Logger(label: "katana.tests") { _ in InMemoryLogHandler(storage: storage, logLevel: level) }
  return (logger, storage)
}
