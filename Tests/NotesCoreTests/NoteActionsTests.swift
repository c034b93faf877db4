import Katana
import KatanaTesting
import KatanaUI
import NotesCore
import Testing

/// A state with notes titled `titles` in the first folder, ids 1, 2, ….
func notesState(_ titles: [String], folder: String = "Notes") -> NotesState {
  var state = NotesState()
  for title in titles { NoteActions.Add(folder: folder, title: title).updateState(&state) }
  return state
}

@Suite("Note actions")
struct NoteActionsTests {
  @Test("add gives each note the next id and revision; update, pin, move and delete act on that id only")
  func updaters() async {
    let store = TestStore<NotesState, AppDependencies>(initialState: NotesState())
    await store.dispatch(NoteActions.Add(folder: "Work", title: "plan", body: "a\nb")) {
      $0.notes = [Note(id: 1, folder: "Work", title: "plan", body: "a\nb", revision: 1)]
      $0.nextID = 2
      $0.nextRevision = 2
    }
    await store.dispatch(NoteActions.Add(folder: "Notes", title: "milk")) {
      $0.notes.append(Note(id: 2, folder: "Notes", title: "milk", revision: 2))
      $0.nextID = 3
      $0.nextRevision = 3
    }
    await store.dispatch(NoteActions.Update(id: 1, title: "Plan", body: "c")) {
      $0.notes[0].title = "Plan"
      $0.notes[0].body = "c"
      $0.notes[0].revision = 3
      $0.nextRevision = 4
    }
    await store.dispatch(NoteActions.SetPinned(id: 2, isPinned: true)) { $0.notes[1].isPinned = true }
    await store.dispatch(NoteActions.Move(id: 2, folder: "Ideas")) {
      $0.notes[1].folder = "Ideas"
      $0.notes[1].revision = 4
      $0.nextRevision = 5
    }
    await store.dispatch(NoteActions.Move(id: 2, folder: "Nowhere"))
    await store.dispatch(NoteActions.Update(id: 99, title: "x", body: ""))
    await store.dispatch(NoteActions.Delete(id: 1)) { $0.notes.removeFirst() }
    await store.dispatch(NoteActions.Add(folder: "Notes", title: "bread")) {
      $0.notes.append(Note(id: 3, folder: "Notes", title: "bread", revision: 5))  // ids are never reused
      $0.nextID = 4
      $0.nextRevision = 6
    }
    await store.finish()
  }

  @Test("the list shows the selected folder's notes, pinned first, in the chosen order")
  func foldersAndOrders() async {
    var state = notesState(["banana", "Apple", "cherry"])
    NoteActions.Add(folder: "Work", title: "report").updateState(&state)
    NoteActions.Update(id: 1, title: "banana", body: "edited last").updateState(&state)
    let store = TestStore<NotesState, AppDependencies>(initialState: state)
    #expect(store.state.visibleNotes.map(\.title) == ["banana", "cherry", "Apple"])
    await store.dispatch(NoteActions.SetOrder(.title)) { $0.order = .title }
    #expect(store.state.visibleNotes.map(\.title) == ["Apple", "banana", "cherry"])
    await store.dispatch(NoteActions.SetOrder(.created)) { $0.order = .created }
    #expect(store.state.visibleNotes.map(\.title) == ["banana", "Apple", "cherry"])
    await store.dispatch(NoteActions.SetPinned(id: 3, isPinned: true)) { $0.notes[2].isPinned = true }
    #expect(store.state.visibleNotes.map(\.title) == ["cherry", "banana", "Apple"])
    await store.dispatch(NoteActions.SelectFolder("Work")) { $0.folder = "Work" }
    #expect(store.state.visibleNotes.map(\.title) == ["report"])
    await store.dispatch(NoteActions.SelectFolder("Nowhere"))
    #expect(store.state.count(in: "Notes") == 3)
    await store.finish()
  }

  @Test("submitting the draft writes a note in the selected folder, empties the field and opens it")
  func submitDraft() async throws {
    var state = NotesState()
    state.folder = "Ideas"
    let store = TestStore<NotesState, AppDependencies>(initialState: state)
    await store.dispatch(NoteActions.EditDraft("  a garden ")) { $0.draft = "  a garden " }
    try await store.dispatch(NoteActions.SubmitDraft()).value
    await store.receive(NoteActions.Add(folder: "Ideas", title: "a garden")) {
      $0.notes = [Note(id: 1, folder: "Ideas", title: "a garden", revision: 1)]
      $0.nextID = 2
      $0.nextRevision = 2
    }
    await store.receive(where: { "\(type(of: $0))" == "ClearSubmittedDraft" }) { $0.draft = "" }
    await store.receive(Navigation.Push<NotesState>.self) { $0.routes.push(.note(id: 1)) }
    await store.dispatch(NoteActions.EditDraft("   ")) { $0.draft = "   " }
    try await store.dispatch(NoteActions.SubmitDraft()).value
    await store.finish()
  }

  @Test("notes from the command line refuse a blank title and an unknown folder with a typed error")
  func commandLineRefusals() async throws {
    let store = TestStore<NotesState, AppDependencies>(initialState: NotesState())
    await #expect(throws: NotesError.emptyTitle) { try await store.dispatch(NoteActions.AddNote(title: " \n ")).value }
    await #expect(throws: NotesError.noSuchFolder("Nowhere", folders: NotesState.defaultFolders)) {
      try await store.dispatch(NoteActions.AddNote(title: "x", folder: "Nowhere")).value
    }
    try await store.dispatch(NoteActions.AddNote(title: " x ", body: " body ", folder: "Work")).value
    await store.receive(NoteActions.Add(folder: "Work", title: "x", body: " body ")) {
      $0.notes = [Note(id: 1, folder: "Work", title: "x", body: " body ", revision: 1)]
      $0.nextID = 2
      $0.nextRevision = 2
    }
    await #expect(throws: NotesError.nothingToUndo) { try await store.dispatch(NoteActions.Undo()).value }
    await #expect(throws: NotesError.nothingToRedo) { try await store.dispatch(NoteActions.Redo()).value }
    await store.finish()
  }
}
