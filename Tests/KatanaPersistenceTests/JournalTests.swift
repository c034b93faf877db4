import Foundation
import Katana
import KatanaPersistence
import KatanaSupport
import KatanaTesting
import Testing

import class KatanaTestSupport.Watched

/// A store whose persistence has only a journal at `path`.
private func journaledStore(
  _ path: String, syncPolicy: JournalSyncPolicy = .everyItem, clock: any Clock<Duration> = ContinuousClock(),
  fileSystem: any PersistenceFileSystem = POSIXFileSystem(), errors: ErrorCollector = ErrorCollector()
) -> (Store<NotesState, EmptySideEffectDependencyContainer>, Persistence<NotesState>) {
  let journal = Journal(
    path: path, registry: notesRegistry(), syncPolicy: syncPolicy, clock: clock, fileSystem: fileSystem,
    onError: errors.report)
  let persistence = Persistence(journal: journal, onError: errors.report)
  let store = Store<NotesState, EmptySideEffectDependencyContainer>(
    interceptors: [persistence.interceptor], stateInitializer: { try persistence.loadState() })
  return (store, persistence)
}

private func lines(_ path: String) throws -> [String] {
  try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n").map(String.init)
}

@Suite("Journal")
struct JournalTests {
  @Test("registered updaters become one JSON line each with sequence, time, type and item; others are skipped")
  func lineFormat() async throws {
    let folder = TemporaryFolder()
    defer { folder.remove() }
    let path = folder.file("journal.jsonl")
    let (store, _) = journaledStore(path)
    try await store.dispatch(AddNote(text: "milk")).value
    try await store.dispatch(TypeDraft(text: "not journaled")).value
    try await store.dispatch(AddNote(text: "eggs")).value
    let written = try lines(path)
    #expect(written.count == 2)
    let first = try JSONSerialization.jsonObject(with: Data(written[0].utf8)) as? [String: Any]
    #expect(first?["sequence"] as? Int == 1)
    #expect(first?["type"] as? String == "notes.add")
    #expect((first?["item"] as? [String: Any])?["text"] as? String == "milk")
    let time = try #require(first?["time"] as? Double)
    #expect(abs(time - Date().timeIntervalSince1970) < 60)
    #expect(written[1].contains("\"sequence\":2"))
  }

  @Test("replaying a journal into a fresh store gives the same state")
  func replayIntoFreshStore() async throws {
    let folder = TemporaryFolder()
    defer { folder.remove() }
    let path = folder.file("journal.jsonl")
    let (store, _) = journaledStore(path)
    for index in 0..<20 { store.dispatch(AddNote(text: "note \(index)")) }
    store.dispatch(RemoveLastNote())
    try await store.dispatch(AddNote(text: "last")).value

    let fresh = Store<NotesState, EmptySideEffectDependencyContainer>()
    try await Journal(path: path, registry: notesRegistry()).replay(into: fresh)
    #expect(fresh.state.notes == store.state.notes)
    #expect(try Journal(path: path, registry: notesRegistry()).replay(onto: NotesState()).notes == store.state.notes)
  }

  @Test("a torn last line is ignored, reported, and cut off so that new lines follow whole ones")
  func tornLastLine() async throws {
    let folder = TemporaryFolder()
    defer { folder.remove() }
    let path = folder.file("journal.jsonl")
    do {
      let (store, _) = journaledStore(path)
      try await store.dispatch(AddNote(text: "a")).value
      try await store.dispatch(AddNote(text: "b")).value
    }
    let handle = try #require(FileHandle(forWritingAtPath: path))
    try handle.seekToEnd()
    try handle.write(contentsOf: Data("{\"sequence\":3,\"time\":1,\"type\":\"notes.add\",\"item\":{\"te".utf8))
    try handle.close()

    let replayErrors = ErrorCollector()
    #expect(try Journal(path: path, registry: notesRegistry(), onError: replayErrors.report).replay(onto: NotesState()).notes == ["a", "b"])
    #expect(replayErrors.all == [.journalTornLine(path: path, line: 3)])

    let errors = ErrorCollector()
    let (store, persistence) = journaledStore(path, errors: errors)
    await store.waitUntilReady()
    #expect(store.state.notes == ["a", "b"])
    #expect(persistence.loadProblems == [.journalTornLine(path: path, line: 3)])
    #expect(errors.all == [.journalTornLine(path: path, line: 3)])
    try await store.dispatch(AddNote(text: "c")).value
    let written = try lines(path)
    #expect(written.count == 3)
    #expect(written[2].contains("\"sequence\":3"))
    #expect(try Journal(path: path, registry: notesRegistry()).replay(onto: NotesState()).notes == ["a", "b", "c"])
  }

  @Test("an unknown type name is a typed error naming the line; nothing is replayed")
  func unknownType() async throws {
    let folder = TemporaryFolder()
    defer { folder.remove() }
    let path = folder.file("journal.jsonl")
    let (store, _) = journaledStore(path)
    try await store.dispatch(AddNote(text: "a")).value
    try await store.dispatch(RemoveLastNote()).value
    try await store.dispatch(AddNote(text: "b")).value
    var partial = JournalRegistry<NotesState>()
    partial.register(AddNote.self, as: "notes.add")
    let fresh = Store<NotesState, EmptySideEffectDependencyContainer>()
    await #expect(throws: PersistenceError.journalUnknownType(path: path, line: 2, typeName: "notes.removeLast", movedTo: nil)) {
      try await Journal(path: path, registry: partial).replay(into: fresh)
    }
    #expect(fresh.state.notes == [])
  }

  @Test("an undecodable line in the middle stops the load there; the journal is kept aside, the good lines stay")
  func undecodableLineAtLoad() async throws {
    let folder = TemporaryFolder()
    defer { folder.remove() }
    let path = folder.file("journal.jsonl")
    do {
      let (store, _) = journaledStore(path)
      try await store.dispatch(AddNote(text: "a")).value
      try await store.dispatch(AddNote(text: "b")).value
      try await store.dispatch(AddNote(text: "c")).value
    }
    var text = try lines(path)
    text[1] = text[1].replacingOccurrences(of: "\"text\":\"b\"", with: "\"text\":7")
    try (text.joined(separator: "\n") + "\n").write(toFile: path, atomically: false, encoding: .utf8)

    #expect(throws: PersistenceError.self) { try Journal(path: path, registry: notesRegistry()).replay(onto: NotesState()) }

    let (store, persistence) = journaledStore(path)
    await store.waitUntilReady()
    #expect(store.state.notes == ["a"])  // nothing from line 2 on
    let problem = try #require(persistence.loadProblems.first)
    guard case .journalUndecodableLine(path, 2, let reason, let movedTo?) = problem else {
      Issue.record("unexpected \(problem)")
      return
    }
    #expect(reason.contains("notes.add does not decode"))
    #expect(try String(contentsOfFile: movedTo, encoding: .utf8).contains("\"text\":\"c\""))
    // New lines number after the bad ones and replay on the good prefix.
    try await store.dispatch(AddNote(text: "d")).value
    let written = try lines(path)
    #expect(written.count == 2)
    #expect(written[1].contains("\"sequence\":4"))
    #expect(try Journal(path: path, registry: notesRegistry()).replay(onto: NotesState()).notes == ["a", "d"])
  }

  @Test("with an interval policy, lines are synced once per interval on the clock, and on flush")
  func intervalSync() async throws {
    let folder = TemporaryFolder()
    defer { folder.remove() }
    let clock = ManualClock()
    let fileSystem = TestFileSystem()
    let (store, persistence) = journaledStore(
      folder.file("journal.jsonl"), syncPolicy: .interval(.milliseconds(100)), clock: clock, fileSystem: fileSystem)
    for index in 0..<10 { try await store.dispatch(AddNote(text: "\(index)")).value }
    #expect(fileSystem.switches.withLock { ($0.appendCount, $0.syncCount) } == (10, 0))
    await clock.waitForSleepers(1)
    await clock.advance(by: .milliseconds(100))
    // The woken task syncs on its own; wait for that sync itself.
    await fileSystem.syncs.wait("the interval's sync") { $0 >= 1 }
    #expect(fileSystem.switches.withLock { $0.syncCount } == 1)
    // Nothing new: no timer is pending. The next line starts a new interval.
    try await store.dispatch(AddNote(text: "late")).value
    await clock.waitForSleepers(1)
    try await persistence.flush()
    #expect(fileSystem.switches.withLock { $0.syncCount } == 2)
  }

  @Test("every-item policy syncs each line before the dispatch returns")
  func everyItemSync() async throws {
    let folder = TemporaryFolder()
    defer { folder.remove() }
    let fileSystem = TestFileSystem()
    let (store, _) = journaledStore(folder.file("journal.jsonl"), fileSystem: fileSystem)
    for index in 0..<5 {
      try await store.dispatch(AddNote(text: "\(index)")).value
      #expect(fileSystem.switches.withLock { $0.syncCount } == index + 1)
    }
  }

  @Test("a failed append is reported, the item stays applied, and later appends go on")
  func appendFailure() async throws {
    let folder = TemporaryFolder()
    defer { folder.remove() }
    let path = folder.file("journal.jsonl")
    let fileSystem = TestFileSystem()
    let errors = ErrorCollector()
    let (store, _) = journaledStore(path, fileSystem: fileSystem, errors: errors)
    try await store.dispatch(AddNote(text: "a")).value
    let full = FileSystemError(operation: "write", path: path, code: 28, reason: "No space left on device")
    fileSystem.switches.withLock { $0.failAppend = full }
    try await store.dispatch(AddNote(text: "b")).value
    fileSystem.switches.withLock { $0.failAppend = nil }
    try await store.dispatch(AddNote(text: "c")).value
    #expect(store.state.notes == ["a", "b", "c"])
    #expect(errors.all == [.journalFileFailed(path: path, reason: full.description)])
    let written = try lines(path)
    #expect(written.count == 2)
    #expect(written[1].contains("\"sequence\":2"))
  }
}
