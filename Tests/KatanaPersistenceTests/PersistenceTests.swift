import Foundation
import Katana
import KatanaPersistence
import Testing

private func makePersistence(_ folder: TemporaryFolder, errors: ErrorCollector = ErrorCollector()) -> Persistence<NotesState> {
  Persistence(
    stateFile: StateFile(path: folder.file("state.json"), onError: errors.report),
    journal: Journal(path: folder.file("journal.jsonl"), registry: notesRegistry(), onError: errors.report),
    history: History(),
    onError: errors.report)
}

private func makeStore(_ persistence: Persistence<NotesState>) -> Store<NotesState, EmptySideEffectDependencyContainer> {
  Store(interceptors: [persistence.interceptor], stateInitializer: { try persistence.loadState() })
}

@Suite("Persistence")
struct PersistenceTests {
  @Test("loading applies the journal lines the state file does not include yet")
  func fileThenJournal() async throws {
    let folder = TemporaryFolder()
    defer { folder.remove() }
    do {
      let persistence = makePersistence(folder)
      let store = makeStore(persistence)
      try await store.dispatch(AddNote(text: "a")).value
      try await store.dispatch(AddNote(text: "b")).value
      try await persistence.flush()  // state file holds a, b (sequence 2)
      let snapshot = try Data(contentsOf: URL(fileURLWithPath: folder.file("state.json")))
      try await store.dispatch(AddNote(text: "c")).value
      try await persistence.flush()
      // "Crash" before the state file of sequence 3 reached the disk: put back the one of 2.
      try snapshot.write(to: URL(fileURLWithPath: folder.file("state.json")))
    }
    #expect(try StateFile<NotesState>(path: folder.file("state.json")).load().notes == ["a", "b"])
    let persistence = makePersistence(folder)
    let store = makeStore(persistence)
    await store.waitUntilReady()
    #expect(store.state.notes == ["a", "b", "c"])
    #expect(persistence.loadProblems.isEmpty)
  }

  @Test("compaction snapshots the state file and empties the journal; a reload gives the same state")
  func compaction() async throws {
    let folder = TemporaryFolder()
    defer { folder.remove() }
    do {
      let persistence = makePersistence(folder)
      let store = makeStore(persistence)
      for text in ["a", "b", "c"] { try await store.dispatch(AddNote(text: text)).value }
      try await persistence.compact()
      #expect(try String(contentsOfFile: folder.file("journal.jsonl"), encoding: .utf8).isEmpty)
      try await store.dispatch(AddNote(text: "d")).value
      try await persistence.flush()
      let lines = try String(contentsOfFile: folder.file("journal.jsonl"), encoding: .utf8).split(separator: "\n")
      #expect(lines.count == 1)
      #expect(lines[0].contains("\"sequence\":4"))
    }
    let store = makeStore(makePersistence(folder))
    await store.waitUntilReady()
    #expect(store.state.notes == ["a", "b", "c", "d"])
  }

  @Test("a crash between the snapshot and the truncation does not apply lines twice")
  func crashDuringCompaction() async throws {
    let folder = TemporaryFolder()
    defer { folder.remove() }
    do {
      let persistence = makePersistence(folder)
      let store = makeStore(persistence)
      for text in ["a", "b"] { try await store.dispatch(AddNote(text: text)).value }
      try await persistence.flush()  // the snapshot of a compaction, then "killed" before truncating
    }
    #expect(try String(contentsOfFile: folder.file("journal.jsonl"), encoding: .utf8).split(separator: "\n").count == 2)
    let store = makeStore(makePersistence(folder))
    await store.waitUntilReady()
    #expect(store.state.notes == ["a", "b"])
  }

  @Test("a corrupt state file sets its journal aside too, and the store starts from S()")
  func corruptStateFileSetsJournalAside() async throws {
    let folder = TemporaryFolder()
    defer { folder.remove() }
    do {
      let persistence = makePersistence(folder)
      let store = makeStore(persistence)
      try await store.dispatch(AddNote(text: "a")).value
      try await persistence.flush()
    }
    try Data("broken".utf8).write(to: URL(fileURLWithPath: folder.file("state.json")))
    let persistence = makePersistence(folder)
    let store = makeStore(persistence)
    await store.waitUntilReady()
    #expect(store.state == NotesState())
    #expect(store.initializationError is PersistenceError)
    #expect(folder.contents().contains { $0.hasPrefix("journal.jsonl.orphaned-") })
    #expect(folder.contents().contains { $0.hasPrefix("state.json.corrupt-") })
    // Numbering goes on after the orphaned journal's lines, and the new state reloads.
    try await store.dispatch(AddNote(text: "fresh")).value
    try await persistence.flush()
    #expect(try String(contentsOfFile: folder.file("journal.jsonl"), encoding: .utf8).contains("\"sequence\":2"))
    let reopened = makeStore(makePersistence(folder))
    await reopened.waitUntilReady()
    #expect(reopened.state.notes == ["fresh"])
  }

  @Test("side effects pass through the interceptor untouched")
  func sideEffectsPass() async throws {
    struct AddTwice: SideEffect {
      func sideEffect(_ context: SideEffectContext<NotesState, EmptySideEffectDependencyContainer>) async throws {
        try await context.dispatch(AddNote(text: "x")).value
        try await context.dispatch(AddNote(text: "y")).value
      }
    }
    let folder = TemporaryFolder()
    defer { folder.remove() }
    let persistence = makePersistence(folder)
    let store = makeStore(persistence)
    try await store.dispatch(AddTwice()).value
    try await persistence.flush()
    #expect(try StateFile<NotesState>(path: folder.file("state.json")).load().notes == ["x", "y"])
    #expect(persistence.history?.entries.count == 3)
  }
}
