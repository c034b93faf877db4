import Katana
import KatanaTesting
import KatanaUI
import NotesCore
import Testing

@Suite("Note editing, saving and deleting")
struct NoteEditingTests {
  @Test("edits wait in the state; saving changes the note once and says Saved until the clock moves on")
  func saveWithToast() async throws {
    let clock = ManualClock()
    let store = TestStore<NotesState, AppDependencies>(initialState: notesState(["plan"])) { _, _ in
      AppDependencies(clock: clock, persistence: nil)
    }
    await store.dispatch(NoteActions.EditField(id: 1, .body, "line 1\nline 2")) {
      $0.edits[1] = NoteEdit(title: "plan", body: "line 1\nline 2")
    }
    await store.dispatch(NoteActions.EditField(id: 1, .title, " Plan ")) { $0.edits[1]?.title = " Plan " }
    #expect(store.state.edit(id: 1)?.differs(from: store.state.notes[0]) == true)
    let save = await store.dispatch(NoteActions.SaveEdit(id: 1))
    await store.receive(NoteActions.Update(id: 1, title: "Plan", body: "line 1\nline 2")) {
      $0.notes[0].title = "Plan"
      $0.notes[0].body = "line 1\nline 2"
      $0.notes[0].revision = 2
      $0.nextRevision = 3
    }
    await store.receive(NoteActions.DiscardEdit(id: 1)) { $0.edits = [:] }
    await store.receive(where: { "\(type(of: $0))" == "Show" }) {
      $0.toast = ToastMessage(id: 1, text: "Saved")
      $0.lastToastID = 1
    }
    await clock.waitForSleepers()
    await clock.advance(by: .milliseconds(1_999))
    #expect(store.state.toast?.text == "Saved")
    await clock.advance(by: .milliseconds(1))
    await store.receive(where: { "\(type(of: $0))" == "Hide" }) { $0.toast = nil }
    try await save.value
    await store.finish()
  }

  @Test("a blank title is refused on the screen and the note is unchanged")
  func refusedSave() async {
    let store = TestStore<NotesState, AppDependencies>(initialState: notesState(["plan"]))
    await store.dispatch(NoteActions.EditField(id: 1, .title, "  ")) { $0.edits[1] = NoteEdit(title: "  ", body: "") }
    await #expect(throws: NotesError.emptyTitle) { try await store.dispatch(NoteActions.SaveEdit(id: 1)).value }
    await store.receive(where: { "\(type(of: $0))" == "RefuseEdit" }) { $0.edits[1]?.problem = "a note needs a title" }
    await store.dispatch(NoteActions.DiscardEdit(id: 1)) { $0.edits = [:] }
    await #expect(throws: NotesError.noSuchNote(id: 9)) { try await store.dispatch(NoteActions.SaveEdit(id: 9)).value }
    await store.finish()
  }

  @Test("delete asks first: cancel keeps the note; confirm closes its screen, deletes it and says so")
  func confirmDelete() async throws {
    let clock = ManualClock()
    var state = notesState(["plan", "milk"])
    state.routes.push(.note(id: 2))
    let store = TestStore<NotesState, AppDependencies>(initialState: state) { _, _ in
      AppDependencies(clock: clock, persistence: nil)
    }
    await store.dispatch(NoteActions.AskToDelete(id: 2)) { $0.confirmingDelete = 2 }
    await store.dispatch(NoteActions.CancelDelete()) { $0.confirmingDelete = nil }
    try await store.dispatch(NoteActions.ConfirmDelete(id: 2)).value  // no dialog open: nothing happens
    await store.dispatch(NoteActions.AskToDelete(id: 99))
    await store.dispatch(NoteActions.AskToDelete(id: 2)) { $0.confirmingDelete = 2 }
    let delete = await store.dispatch(NoteActions.ConfirmDelete(id: 2))
    await store.receive(where: { "\(type(of: $0))" == "CloseNote" }) {
      $0.routes.pop()
      $0.confirmingDelete = nil
    }
    await store.receive(NoteActions.Delete(id: 2)) { $0.notes.removeLast() }
    await store.receive(where: { "\(type(of: $0))" == "Show" }) {
      $0.toast = ToastMessage(id: 1, text: "Note deleted · ^Z undoes")
      $0.lastToastID = 1
    }
    await clock.waitForSleepers()
    await clock.advance(by: .seconds(2))
    await store.receive(where: { "\(type(of: $0))" == "Hide" }) { $0.toast = nil }
    try await delete.value
    await store.finish()
  }
}
