import Foundation
public import Katana
import KatanaSupport

/// A JSON Lines record of applied updaters, to replay after a crash, in a fresh store or in a
/// debugger.
///
/// Each applied updater whose type is in the ``JournalRegistry`` becomes one line:
/// `{"sequence":12,"time":1763900000.25,"type":"todos.add","item":{"title":"milk"}}`. Install it
/// through ``Persistence``, which appends after the store applied the item and keeps the state
/// file and the journal in step (the state file records the last sequence number it includes,
/// so a replay starts after it).
///
/// Guarantees:
/// - Lines are appended in the order the store applied the items, one `write` each, so a crash
///   can cut only the last line ("torn"). Reading ignores and reports a torn last line.
/// - A line with an unknown type name or that does not decode stops reading there: the typed
///   error names its line number, and nothing from it on is applied.
/// - Durability follows the ``JournalSyncPolicy``.
///
/// Threading: every method is safe from any thread; appends are serialized under a lock.
public final class Journal<S: State>: Sendable {
  /// The file's path.
  public let path: String
  /// The registered types.
  public let registry: JournalRegistry<S>
  /// When lines are forced to the disk.
  public let syncPolicy: JournalSyncPolicy

  private let clock: any Clock<Duration>
  private let fileSystem: any PersistenceFileSystem
  private let onError: @Sendable (PersistenceError) -> Void

  private struct Storage {
    /// `nil` until the file was read once (at load, or at the first append).
    var lastSequence: Int?
    var hasUnsyncedLines = false
    var syncScheduled = false
  }
  private let storage = LockedValue(Storage())

  /// Creates a journal; nothing is read or written until it is used.
  ///
  /// - Parameters:
  ///   - path: the file, absolute; missing folders are created on the first append.
  ///   - registry: the types to record and read back.
  ///   - syncPolicy: when to `fsync`.
  ///   - clock: times ``JournalSyncPolicy/interval(_:)``; inject a manual clock in tests.
  ///   - fileSystem: the file operations; inject failures in tests.
  ///   - onError: hears append and sync failures (the item stays applied; the journal misses it).
  public init(
    path: String,
    registry: JournalRegistry<S>,
    syncPolicy: JournalSyncPolicy = .everyItem,
    clock: any Clock<Duration> = ContinuousClock(),
    fileSystem: any PersistenceFileSystem = POSIXFileSystem(),
    onError: @escaping @Sendable (PersistenceError) -> Void = { _ in }
  ) {
    self.path = path
    self.registry = registry
    self.syncPolicy = syncPolicy
    self.clock = clock
    self.fileSystem = fileSystem
    self.onError = onError
  }

  /// Reads the whole journal without changing it.
  ///
  /// - Throws: ``PersistenceError/journalFileFailed(path:reason:)`` if the file cannot be read. A
  ///   torn or unreadable line is not thrown: it is in the result.
  public func read() throws(PersistenceError) -> JournalContents<S> {
    let data: Data
    do {
      data = try fileSystem.contentsOfFile(at: path) ?? Data()
    } catch {
      throw .journalFileFailed(path: path, reason: error.description)
    }
    return parse(data)
  }

  /// The state after applying every journaled item to `state`, in order.
  ///
  /// A torn last line is ignored and reported through `onError`.
  ///
  /// - Throws: ``PersistenceError/journalUnknownType(path:line:typeName:movedTo:)`` or
  ///   ``PersistenceError/journalUndecodableLine(path:line:reason:movedTo:)`` naming the first bad
  ///   line; nothing is applied then (the whole file is checked first).
  public func replay(onto state: S) throws(PersistenceError) -> S {
    let contents = try readForReplay()
    var state = state
    for entry in contents.entries { entry.apply(to: &state) }
    return state
  }

  /// Dispatches every journaled item into `store`, in order, and waits until the last one is
  /// applied: the store then holds the state the journal recorded (over its initial state).
  ///
  /// - Throws: the errors of ``replay(onto:)``, before dispatching anything; or the error of a
  ///   dispatch.
  public func replay<Target: PartialStore>(into store: Target) async throws where Target.StateType == S {
    let contents = try readForReplay()
    var last: DispatchTask<any Sendable>?
    for entry in contents.entries { last = store.anyDispatch(entry.item) }
    _ = try await last?.value
  }

  /// Forces every appended line to the disk.
  ///
  /// - Throws: ``PersistenceError/journalFileFailed(path:reason:)``.
  public func flush() throws(PersistenceError) {
    storage.withLock { $0.hasUnsyncedLines = false }
    do {
      try fileSystem.synchronizeFile(at: path)
    } catch {
      throw .journalFileFailed(path: path, reason: error.description)
    }
  }

  // MARK: Package-internal

  /// Appends `item` if its type is registered; returns its sequence number, or `nil` when it is
  /// not journaled (unregistered, or the append failed and was reported).
  func append(_ item: any StateUpdater) -> Int? {
    guard let registration = registry.registration(of: item) else { return nil }
    let (sequence, error, scheduleSync) = storage.withLock { storage -> (Int?, PersistenceError?, Bool) in
      let last: Int
      if let known = storage.lastSequence {
        last = known
      } else {
        // First append without a load: continue after what the file holds.
        guard let contents = try? read() else {
          return (nil, .journalFileFailed(path: path, reason: "cannot read the journal to number new lines"), false)
        }
        last = contents.lastSequence
      }
      let sequence = last + 1
      do {
        var line = try registration.encode(item, sequence, Date().timeIntervalSince1970)
        line.append(UInt8(ascii: "\n"))
        try fileSystem.append(line, toFileAt: path, synchronously: syncPolicy == .everyItem)
      } catch let error as FileSystemError {
        storage.lastSequence = last
        return (nil, .journalFileFailed(path: path, reason: error.description), false)
      } catch {
        storage.lastSequence = last
        return (nil, .journalFileFailed(path: path, reason: "cannot encode \(registration.name): \(error)"), false)
      }
      storage.lastSequence = sequence
      guard case .interval = syncPolicy else { return (sequence, nil, false) }
      storage.hasUnsyncedLines = true
      if storage.syncScheduled { return (sequence, nil, false) }
      storage.syncScheduled = true
      return (sequence, nil, true)
    }
    if let error { onError(error) }
    if scheduleSync, case .interval(let interval) = syncPolicy {
      Task.detached {
        try? await self.clock.sleep(for: interval)
        let needed = self.storage.withLock { storage -> Bool in
          storage.syncScheduled = false
          return storage.hasUnsyncedLines
        }
        guard needed else { return }
        do throws(PersistenceError) { try self.flush() } catch { self.onError(error) }
      }
    }
    return sequence
  }

  /// Prepares the journal at load: cuts a torn last line off the file, and moves the file aside
  /// from a bad line on. Returns the entries to apply and the problems to report.
  func open() -> (contents: JournalContents<S>, problems: [PersistenceError]) {
    let contents: JournalContents<S>
    do {
      contents = try read()
    } catch {
      return (JournalContents(entries: [], lastSequence: 0, goodLength: 0), [error])
    }
    var problems: [PersistenceError] = []
    if let problem = contents.problem {
      // Keep the whole file for a person to look at, and put back the good lines before the bad
      // one, so that the state they built survives the next launch too.
      let original = try? fileSystem.contentsOfFile(at: path)
      let movedTo = try? fileSystem.moveAside(path, suffix: "unreadable-\(StateFile<S>.timestamp())")
      problems.append(problem.movedAside(to: movedTo))
      if movedTo != nil, let original {
        do {
          try fileSystem.replaceFile(at: path, with: original.prefix(contents.goodLength))
        } catch {
          problems.append(.journalFileFailed(path: path, reason: "cannot write back the lines before the bad one: \(error)"))
        }
      }
    } else if let torn = contents.tornLine {
      do {
        try fileSystem.truncateFile(at: path, toLength: contents.goodLength)
      } catch {
        problems.append(.journalFileFailed(path: path, reason: "cannot drop the torn line: \(error)"))
      }
      problems.append(.journalTornLine(path: path, line: torn))
    }
    storage.withLock { $0.lastSequence = contents.lastSequence }
    return (contents, problems)
  }

  /// Moves the whole journal aside (its state file could not be used, so its lines have nothing
  /// to apply to), keeping numbering after its last line.
  func setAside() -> PersistenceError? {
    let lastSequence = (try? read())?.lastSequence ?? 0
    storage.withLock { $0.lastSequence = max($0.lastSequence ?? 0, lastSequence) }
    do {
      guard try fileSystem.contentsOfFile(at: path) != nil else { return nil }
      _ = try fileSystem.moveAside(path, suffix: "orphaned-\(StateFile<S>.timestamp())")
      return nil
    } catch {
      return .journalFileFailed(path: path, reason: "cannot move the journal aside: \(error)")
    }
  }

  /// The sequence number of the last line appended (or found at load).
  var lastSequence: Int { storage.withLock { $0.lastSequence ?? 0 } }

  /// Makes sure numbering continues after `sequence` (the state file's), even if the journal
  /// holds less (it was compacted, or moved aside).
  func continueNumbering(after sequence: Int) {
    storage.withLock { storage in
      storage.lastSequence = max(storage.lastSequence ?? 0, sequence)
    }
  }

  /// Drops the lines the state file already includes (sequence ≤ `sequence`), replacing the file
  /// atomically; lines appended meanwhile are kept.
  func dropEntries(through sequence: Int) throws(PersistenceError) {
    try storage.withLock { storage throws(PersistenceError) in
      let data: Data
      do throws(FileSystemError) {
        data = try fileSystem.contentsOfFile(at: path) ?? Data()
      } catch {
        throw .journalFileFailed(path: path, reason: error.description)
      }
      var kept = Data()
      for line in data.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: true) {
        if let header = try? JSONDecoder().decode(JournalLineHeader.self, from: line), header.sequence <= sequence {
          continue
        }
        kept.append(line)
        kept.append(UInt8(ascii: "\n"))
      }
      do throws(FileSystemError) {
        try fileSystem.replaceFile(at: path, with: kept)
      } catch {
        throw .journalFileFailed(path: path, reason: error.description)
      }
      storage.hasUnsyncedLines = false
    }
  }

  // MARK: Parsing

  private func readForReplay() throws(PersistenceError) -> JournalContents<S> {
    let contents = try read()
    if let problem = contents.problem { throw problem }
    if let torn = contents.tornLine { onError(.journalTornLine(path: path, line: torn)) }
    return contents
  }

  private func parse(_ data: Data) -> JournalContents<S> {
    var contents = JournalContents<S>(entries: [], lastSequence: 0, goodLength: 0)
    var lineStart = data.startIndex
    var lineNumber = 0
    while lineStart < data.endIndex {
      lineNumber += 1
      guard let newline = data[lineStart...].firstIndex(of: UInt8(ascii: "\n")) else {
        contents.tornLine = lineNumber
        break
      }
      let line = data[lineStart..<newline]
      lineStart = data.index(after: newline)
      guard contents.problem == nil else {
        // Past a bad line: only keep numbering right.
        if let header = try? JSONDecoder().decode(JournalLineHeader.self, from: line) {
          contents.lastSequence = max(contents.lastSequence, header.sequence)
        }
        continue
      }
      let header: JournalLineHeader
      do {
        header = try JSONDecoder().decode(JournalLineHeader.self, from: line)
      } catch {
        contents.problem = .journalUndecodableLine(
          path: path, line: lineNumber, reason: "not a journal line: \(DecodingFailure.describe(error))", movedTo: nil)
        continue
      }
      contents.lastSequence = max(contents.lastSequence, header.sequence)
      guard let registration = registry.byName[header.type] else {
        contents.problem = .journalUnknownType(path: path, line: lineNumber, typeName: header.type, movedTo: nil)
        continue
      }
      do {
        contents.entries.append(try registration.decode(Data(line), lineNumber))
        contents.goodLength = lineStart - data.startIndex
      } catch {
        contents.problem = .journalUndecodableLine(
          path: path, line: lineNumber, reason: "\(header.type) does not decode: \(DecodingFailure.describe(error))", movedTo: nil)
      }
    }
    return contents
  }

}
