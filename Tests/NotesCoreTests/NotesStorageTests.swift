import Foundation
import Katana
import KatanaPersistence
import NotesCore
import Testing

private func temporaryFolder() -> String {
  NSTemporaryDirectory() + "katana-notes-tests-\(UUID().uuidString)"
}

@Suite("Notes storage")
struct NotesStorageTests {
  @Test("the default folder is under XDG_DATA_HOME, else ~/.local/share")
  func defaultFolder() {
    #expect(NotesStorage.defaultFolder(environment: ["XDG_DATA_HOME": "/data", "HOME": "/home/me"]) == "/data/katana-notes")
    #expect(NotesStorage.defaultFolder(environment: ["HOME": "/home/me"]) == "/home/me/.local/share/katana-notes")
    #expect(NotesStorage.defaultFolder(environment: ["XDG_DATA_HOME": "data", "HOME": "/h"]) == "/h/.local/share/katana-notes")
  }

  @Test("notes, folders and settings are in the next store on the same folder; drafts, edits and the search are not")
  func sharedFolder() async throws {
    let storage = NotesStorage(folder: temporaryFolder())
    defer { try? FileManager.default.removeItem(atPath: storage.folder) }
    do {
      let (store, _) = storage.makeStore()
      try await store.dispatch(NoteActions.AddNote(title: "plan", body: "1\n2", folder: "Work")).value
      try await store.dispatch(NoteActions.SetPinned(id: 1, isPinned: true)).value
      try await store.dispatch(NoteActions.SelectFolder("Work")).value
      try await store.dispatch(NoteActions.SetOrder(.title)).value
      try await store.dispatch(NoteActions.EditDraft("typing")).value
      try await store.dispatch(NoteActions.EditField(id: 1, .body, "unsaved")).value
      try await store.dispatch(SearchActions.EditQuery("plan")).value
      try await store.dispatch(NoteActions.Save()).value
    }
    let (store, _) = storage.makeStore()
    await store.waitUntilReady()
    #expect(store.state.notes == [Note(id: 1, folder: "Work", title: "plan", body: "1\n2", isPinned: true, revision: 1)])
    #expect(store.state.folder == "Work")
    #expect(store.state.order == .title)
    #expect(store.state.draft == "")
    #expect(store.state.edits.isEmpty)
    #expect(store.state.search == NoteSearch())
  }

  @Test("undo works across launches, takes a whole import back in one step, and keeps the draft and the tab")
  func undoAcrossLaunches() async throws {
    let storage = NotesStorage(folder: temporaryFolder())
    defer { try? FileManager.default.removeItem(atPath: storage.folder) }
    let export = storage.folder + "-export.jsonl"
    defer { try? FileManager.default.removeItem(atPath: export) }
    let manager = TransferManager(batchSize: 10, pause: .zero, clock: ContinuousClock())
    let contents = [NoteContent(folder: "Recipes", title: "bread"), NoteContent(folder: "Notes", title: "tea")]
    try manager.write(manager.header(count: 2) + manager.encode(contents), to: export)
    do {
      let (store, _) = storage.makeStore(timing: .immediate)
      try await store.dispatch(NoteActions.AddNote(title: "a")).value
      try await store.dispatch(TransferActions.Import(path: export)).value
      #expect(store.state.folders == NotesState.defaultFolders + ["Recipes"])
      try await store.dispatch(NoteActions.Save()).value
    }
    do {
      let (store, _) = storage.makeStore(timing: .immediate)
      await store.waitUntilReady()
      #expect(store.state.notes.map(\.title) == ["a", "bread", "tea"])
      try await store.dispatch(NoteActions.SelectFolder("Recipes")).value
      try await store.dispatch(NoteActions.EditDraft("typing")).value
      try await store.dispatch(NoteActions.Undo()).value
      #expect(store.state.notes.map(\.title) == ["a"])
      #expect(store.state.folders == NotesState.defaultFolders)
      #expect(store.state.folder == "Notes", "the tab of a folder undo removed falls back to the first")
      #expect(store.state.draft == "typing")
      try await store.dispatch(NoteActions.Redo()).value
      #expect(store.state.notes.map(\.title) == ["a", "bread", "tea"])
      try await store.dispatch(NoteActions.Undo()).value
      try await store.dispatch(NoteActions.Undo()).value
      await #expect(throws: NotesError.nothingToUndo) { try await store.dispatch(NoteActions.Undo()).value }
      #expect(store.state.notes.isEmpty)
    }
  }

  @Test("the journal replays into a fresh store to the same notes")
  func journalReplays() async throws {
    let storage = NotesStorage(folder: temporaryFolder())
    defer { try? FileManager.default.removeItem(atPath: storage.folder) }
    let (store, _) = storage.makeStore()
    try await store.dispatch(NoteActions.AddNote(title: "a")).value
    try await store.dispatch(NoteActions.AddNote(title: "b", folder: "Ideas")).value
    try await store.dispatch(NoteActions.Update(id: 1, title: "A", body: "x")).value
    try await store.dispatch(NoteActions.Move(id: 1, folder: "Work")).value
    try await store.dispatch(NoteActions.SetPinned(id: 2, isPinned: true)).value
    try await store.dispatch(NoteActions.Undo()).value
    try await store.dispatch(NoteActions.Delete(id: 2)).value
    try await store.dispatch(TransferActions.AddImported(notes: [NoteContent(folder: "New", title: "c")])).value
    try await store.dispatch(NoteActions.SetOrder(.created)).value
    let fresh = Store<NotesState, AppDependencies>()
    try await Journal(path: storage.journalPath, registry: NotesStorage.registry).replay(into: fresh)
    #expect(SavedNotes(fresh.state) == SavedNotes(store.state))
  }

  @Test("a corrupt notes file is kept aside and the store starts empty with the reason")
  func corruptFile() async throws {
    let storage = NotesStorage(folder: temporaryFolder())
    defer { try? FileManager.default.removeItem(atPath: storage.folder) }
    try FileManager.default.createDirectory(atPath: storage.folder, withIntermediateDirectories: true)
    try Data("not notes".utf8).write(to: URL(fileURLWithPath: storage.statePath))
    let (store, _) = storage.makeStore()
    await store.waitUntilReady()
    #expect(store.state == NotesState())
    let error = try #require(store.initializationError as? PersistenceError)
    #expect(error.path == storage.statePath)
    #expect(try FileManager.default.contentsOfDirectory(atPath: storage.folder).contains { $0.hasPrefix("notes.json.corrupt-") })
  }
}
