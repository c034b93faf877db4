import Foundation
import Katana
import KatanaPersistence
import KatanaSupport
import KatanaTesting
import Testing

@Suite("State file")
struct StateFileTests {
  @Test("a saved state loads back after flush; a missing file loads the default state")
  func roundTrip() async throws {
    let folder = TemporaryFolder()
    defer { folder.remove() }
    let file = StateFile<NotesState>(path: folder.file("nested/state.json"))
    #expect(try file.load() == NotesState())
    file.save(NotesState(notes: ["a", "b"], draft: "x"))
    try await file.flush()
    let again = StateFile<NotesState>(path: folder.file("nested/state.json"))
    #expect(try again.load() == NotesState(notes: ["a", "b"], draft: "x"))
  }

  @Test("a selected part is saved alone and merged into S() on load")
  func selectedPart() async throws {
    let folder = TemporaryFolder()
    defer { folder.remove() }
    func makeFile() -> StateFile<NotesState> {
      StateFile(
        path: folder.file("state.json"), select: { SavedNotes(notes: $0.notes) }, merge: { $0.notes = $1.notes })
    }
    makeFile().save(NotesState(notes: ["kept"], draft: "not saved"))
    let file = makeFile()
    file.save(NotesState(notes: ["kept"], draft: "not saved"))
    try await file.flush()
    let text = try String(contentsOfFile: folder.file("state.json"), encoding: .utf8)
    #expect(!text.contains("not saved"))
    #expect(try makeFile().load() == NotesState(notes: ["kept"], draft: ""))
  }

  @Test("a store started with load() shows the saved state and saves its changes")
  func storeIntegration() async throws {
    let folder = TemporaryFolder()
    defer { folder.remove() }
    let first = Persistence(stateFile: StateFile<NotesState>(path: folder.file("state.json")))
    let store = Store<NotesState, EmptySideEffectDependencyContainer>(
      interceptors: [first.interceptor], stateInitializer: { try first.loadState() })
    try await store.dispatch(AddNote(text: "milk")).value
    try await first.flush()
    let second = Persistence(stateFile: StateFile<NotesState>(path: folder.file("state.json")))
    let reopened = Store<NotesState, EmptySideEffectDependencyContainer>(
      interceptors: [second.interceptor], stateInitializer: { try second.loadState() })
    await reopened.waitUntilReady()
    #expect(reopened.state.notes == ["milk"])
  }

  @Test("a write killed before its rename leaves the previous file whole, and loading ignores the leftover")
  func killedMidWrite() async throws {
    let folder = TemporaryFolder()
    defer { folder.remove() }
    let fileSystem = TestFileSystem()
    let errors = ErrorCollector()
    let file = StateFile<NotesState>(path: folder.file("state.json"), fileSystem: fileSystem, onError: errors.report)
    file.save(NotesState(notes: ["old"]))
    try await file.flush()
    fileSystem.switches.withLock { $0.dieMidWriteAfterBytes = 20 }
    file.save(NotesState(notes: ["new", "and", "longer"]))
    await #expect(throws: PersistenceError.self) { try await file.flush() }
    #expect(folder.contents().contains(".state.json.tmp-killed"))
    #expect(try StateFile<NotesState>(path: folder.file("state.json")).load() == NotesState(notes: ["old"]))
    // The next write goes through; the leftover is not mistaken for the file.
    fileSystem.switches.withLock { $0.dieMidWriteAfterBytes = nil }
    file.save(NotesState(notes: ["newer"]))
    try await file.flush()
    #expect(try StateFile<NotesState>(path: folder.file("state.json")).load() == NotesState(notes: ["newer"]))
  }

  @Test("a corrupt file is moved aside, the store starts from S() and reports the path and reason")
  func corruptFile() async throws {
    let folder = TemporaryFolder()
    defer { folder.remove() }
    let path = folder.file("state.json")
    let corrupt = Data("{\"format\":\"katana-state\",\"version\":1,\"journalSequence\":0,\"length\":99}\n{\"notes\":[".utf8)
    try corrupt.write(to: URL(fileURLWithPath: path))
    let instrumentation = InitializerFailureRecorder()
    let persistence = Persistence(stateFile: StateFile<NotesState>(path: path))
    let store = Store<NotesState, EmptySideEffectDependencyContainer>(
      interceptors: [persistence.interceptor], stateInitializer: { try persistence.loadState() },
      configuration: .init(instrumentation: instrumentation))
    await store.waitUntilReady()
    #expect(store.state == NotesState())
    let error = try #require(store.initializationError as? PersistenceError)
    guard case .stateFileCorrupt(let reportedPath, let reason, let movedTo) = error else {
      Issue.record("unexpected \(error)")
      return
    }
    #expect(reportedPath == path)
    #expect(reason.contains("payload has 10 bytes, the header says 99"))
    let aside = try #require(movedTo)
    #expect(aside.hasPrefix(path + ".corrupt-"))
    #expect(FileManager.default.contents(atPath: aside) == corrupt)
    #expect(instrumentation.failures.count == 1)
    #expect(instrumentation.failures.first?.contains(path) == true)
    // The next change writes a fresh file; the one set aside stays.
    try await store.dispatch(AddNote(text: "fresh")).value
    try await persistence.flush()
    #expect(try StateFile<NotesState>(path: path).load().notes == ["fresh"])
    #expect(FileManager.default.fileExists(atPath: aside))
  }

  @Test("garbage and an undecodable payload are corrupt; two files set aside in one second both stay")
  func garbage() throws {
    let folder = TemporaryFolder()
    defer { folder.remove() }
    let path = folder.file("state.json")
    try Data("hello".utf8).write(to: URL(fileURLWithPath: path))
    #expect(throws: PersistenceError.self) { try StateFile<NotesState>(path: path).load() }
    let payload = Data("{\"notes\":42}".utf8)
    try (Data("{\"format\":\"katana-state\",\"version\":1,\"journalSequence\":0,\"length\":\(payload.count)}\n".utf8) + payload)
      .write(to: URL(fileURLWithPath: path))
    do {
      _ = try StateFile<NotesState>(path: path).load()
      Issue.record("expected an error")
    } catch {
      guard case .stateFileCorrupt(_, let reason, _) = error else { Issue.record("unexpected \(error)"); return }
      #expect(reason.contains("does not decode"))
    }
    #expect(folder.contents().filter { $0.hasPrefix("state.json.corrupt-") }.count == 2)
    #expect(!FileManager.default.fileExists(atPath: path))
  }

  @Test("a file from a newer version is moved aside, not read and not overwritten")
  func newerVersion() async throws {
    let folder = TemporaryFolder()
    defer { folder.remove() }
    let path = folder.file("state.json")
    let newer = StateFile<NotesState>(path: path, version: 3)
    newer.save(NotesState(notes: ["from the future"]))
    try await newer.flush()
    do {
      _ = try StateFile<NotesState>(path: path, version: 2).load()
      Issue.record("expected an error")
    } catch {
      guard case .stateFileFromNewerVersion(let reported, 3, 2, let movedTo?) = error else {
        Issue.record("unexpected \(error)")
        return
      }
      #expect(reported == path)
      let aside = try #require(try POSIXFileSystem().contentsOfFile(at: movedTo))
      #expect(String(decoding: aside, as: UTF8.self).contains("from the future"))
    }
  }

  @Test("an older file goes through the app's migrations in order; a failing one moves the file aside")
  func migrations() async throws {
    let folder = TemporaryFolder()
    defer { folder.remove() }
    let path = folder.file("state.json")
    // Version 1 stored a single string "a|b"; version 2 a list under "items"; version 3 is NotesState.
    struct Version1: Codable { var joined: String }
    struct Version2: Codable { var items: [String] }
    let old = StateFile<NotesState>(
      path: path, version: 1, select: { Version1(joined: $0.notes.joined(separator: "|")) }, merge: { _, _ in })
    old.save(NotesState(notes: ["a", "b"]))
    try await old.flush()
    let migrations: [Int: StateFile<NotesState>.Migration] = [
      1: { data in
        let v1 = try JSONDecoder().decode(Version1.self, from: data)
        return try JSONEncoder().encode(Version2(items: v1.joined.split(separator: "|").map(String.init)))
      },
      2: { data in
        let v2 = try JSONDecoder().decode(Version2.self, from: data)
        return try JSONEncoder().encode(NotesState(notes: v2.items))
      },
    ]
    #expect(try StateFile<NotesState>(path: path, version: 3, migrations: migrations).load().notes == ["a", "b"])

    struct Refused: Error {}
    do {
      _ = try StateFile<NotesState>(path: path, version: 2, migrations: [1: { _ in throw Refused() }]).load()
      Issue.record("expected an error")
    } catch {
      guard case .migrationFailed(_, 1, _, let movedTo?) = error else { Issue.record("unexpected \(error)"); return }
      #expect(movedTo.contains(".unmigrated-"))
    }
  }

  @Test("a failed write keeps the previous file, is reported, and the next change writes again")
  func writeFailureThenRecovery() async throws {
    let folder = TemporaryFolder()
    defer { folder.remove() }
    let fileSystem = TestFileSystem()
    let errors = ErrorCollector()
    let path = folder.file("state.json")
    let file = StateFile<NotesState>(path: path, fileSystem: fileSystem, onError: errors.report)
    file.save(NotesState(notes: ["safe"]))
    try await file.flush()
    let full = FileSystemError(operation: "write", path: path, code: 28, reason: "No space left on device")
    fileSystem.switches.withLock { $0.failReplace = full }
    file.save(NotesState(notes: ["safe", "lost?"]))
    await #expect(throws: PersistenceError.stateFileWriteFailed(path: path, reason: full.description)) {
      try await file.flush()
    }
    #expect(file.lastError == .stateFileWriteFailed(path: path, reason: full.description))
    // Reported once per attempt: once, or twice when the writer failed before `flush()` was
    // called (flush then retries, by design).
    #expect(!errors.all.isEmpty)
    #expect(errors.all.allSatisfy { $0 == .stateFileWriteFailed(path: path, reason: full.description) })
    #expect(try StateFile<NotesState>(path: path).load().notes == ["safe"])
    // The disk has room again: the next change writes the latest state.
    fileSystem.switches.withLock { $0.failReplace = nil }
    file.save(NotesState(notes: ["safe", "lost?", "no"]))
    try await file.flush()
    #expect(file.lastError == nil)
    #expect(try StateFile<NotesState>(path: path).load().notes == ["safe", "lost?", "no"])
  }

  @Test("flush after a failed write retries without a new change")
  func flushRetries() async throws {
    let folder = TemporaryFolder()
    defer { folder.remove() }
    let fileSystem = TestFileSystem()
    let path = folder.file("state.json")
    let file = StateFile<NotesState>(path: path, fileSystem: fileSystem)
    fileSystem.switches.withLock {
      $0.failReplace = FileSystemError(operation: "open", path: path, code: 13, reason: "Permission denied")
    }
    file.save(NotesState(notes: ["x"]))
    await #expect(throws: PersistenceError.self) { try await file.flush() }
    fileSystem.switches.withLock { $0.failReplace = nil }
    try await file.flush()
    #expect(try StateFile<NotesState>(path: path).load().notes == ["x"])
  }

  @Test("a folder that cannot be created gives a clear error naming it, and nothing is lost")
  func unwritableFolder() async throws {
    let folder = TemporaryFolder()
    defer { folder.remove() }
    // A plain file where the folder should be: refused even for root, unlike chmod.
    _ = FileManager.default.createFile(atPath: folder.file("blocked"), contents: Data("x".utf8))
    let path = folder.file("blocked/state.json")
    let file = StateFile<NotesState>(path: path)
    file.save(NotesState(notes: ["keep me"]))
    do {
      try await file.flush()
      Issue.record("expected an error")
    } catch {
      guard case .stateFileWriteFailed(path, let reason) = error else { Issue.record("unexpected \(error)"); return }
      #expect(reason.contains(folder.file("blocked")))
    }
    try FileManager.default.removeItem(atPath: folder.file("blocked"))
    try await file.flush()
    #expect(try StateFile<NotesState>(path: path).load().notes == ["keep me"])
  }

  @Test("changes during a write are coalesced into one more write of the latest state")
  func coalescing() async throws {
    let folder = TemporaryFolder()
    defer { folder.remove() }
    let fileSystem = TestFileSystem()
    let file = StateFile<NotesState>(path: folder.file("state.json"), fileSystem: fileSystem)
    fileSystem.gate.close()
    file.save(NotesState(notes: ["1"]))
    await fileSystem.gate.waitForWaiters(1)
    for index in 2...50 { file.save(NotesState(notes: ["\(index)"])) }
    #expect(fileSystem.gate.waitingCount == 1)  // one write in flight, no second one started
    fileSystem.gate.open()
    try await file.flush()
    #expect(fileSystem.switches.withLock { $0.replaceCount } == 2)
    #expect(try StateFile<NotesState>(path: folder.file("state.json")).load().notes == ["50"])
    #expect(file.writeStatistics.writes == 2)
  }

  @Test("with a debounce, changes wait for the clock; flush skips the wait; a double flush writes once")
  func debounceAndDoubleFlush() async throws {
    let folder = TemporaryFolder()
    defer { folder.remove() }
    let fileSystem = TestFileSystem()
    let clock = ManualClock()
    let file = StateFile<NotesState>(
      path: folder.file("state.json"), debounce: .seconds(1), clock: clock, fileSystem: fileSystem)
    file.save(NotesState(notes: ["a"]))
    file.save(NotesState(notes: ["b"]))
    await clock.waitForSleepers(1)
    #expect(fileSystem.switches.withLock { $0.replaceCount } == 0)
    await clock.advance(by: .seconds(1))
    try await file.flush()
    #expect(fileSystem.switches.withLock { $0.replaceCount } == 1)
    #expect(try StateFile<NotesState>(path: folder.file("state.json")).load().notes == ["b"])

    file.save(NotesState(notes: ["c"]))
    await clock.waitForSleepers(1)
    async let first: Void = file.flush()
    async let second: Void = file.flush()
    _ = try await (first, second)
    #expect(fileSystem.switches.withLock { $0.replaceCount } == 2)
    // The debounce ending later finds nothing new to write.
    await clock.advance(by: .seconds(1))
    try await file.flush()
    #expect(fileSystem.switches.withLock { $0.replaceCount } == 2)
    #expect(try StateFile<NotesState>(path: folder.file("state.json")).load().notes == ["c"])
  }
}
