import Foundation
import Katana
import KatanaUI
import NotesCore
import Testing

@testable import Notes

@MainActor
@Suite("Note screen")
struct NoteScreenTests {
  @Test("the text area's edits and the title wait unsaved; Ctrl-S saves them as one undoable change")
  func editAndSave() async {
    let fixture = await NotesFixture()
    defer { fixture.remove() }
    await fixture.write("plan")
    await fixture.send(.tap, to: "note-1.title")
    await fixture.send(.textEdit(.insert("milk\neggs", at: TextPosition(line: 0, column: 0))), to: NoteScreen.Keys.body)
    await fixture.send(.textEdit(.insert(" and bread", at: TextPosition(line: 1, column: 4))), to: NoteScreen.Keys.body)
    #expect(fixture.props(NoteScreen.Keys.body, as: TextAreaProps.self)?.document.text == "milk\neggs and bread")
    #expect(fixture.text(NoteScreen.Keys.status) == "unsaved changes · 2 lines")
    await fixture.send(.textInput("Shopping"), to: NoteScreen.Keys.title)
    #expect(fixture.store.state.notes[0].body == "")
    await fixture.send(.key(KeyPress(.character("s"), modifiers: .control)), to: NoteScreen.Keys.body)
    #expect(fixture.store.state.notes[0].title == "Shopping")
    #expect(fixture.store.state.notes[0].body == "milk\neggs and bread")
    #expect(fixture.text(NoteScreen.Keys.status) == "saved · 2 lines")
    #expect(fixture.text(NavigationRoot<NotesScreens>.Keys.title.rawValue) == "Notes › Shopping")
    await fixture.send(.key(KeyPress(.character("z"), modifiers: .control)), to: NoteScreen.Keys.body)
    #expect(fixture.store.state.notes[0].title == "plan")
    #expect(fixture.props(NoteScreen.Keys.body, as: TextAreaProps.self)?.document.text == "")
  }

  @Test("Saved shows as a toast until the clock passes two seconds")
  func savedToast() async {
    let fixture = await NotesFixture(timing: .interactive)
    defer { fixture.remove() }
    await fixture.write("plan")
    await fixture.send(.tap, to: "note-1.title")
    await fixture.send(.textInput("Plan"), to: NoteScreen.Keys.title)
    await fixture.sendUntilSleeping(.tap, to: NoteScreen.Keys.save)
    #expect(fixture.props(NoteScreen.Keys.toast, as: StatusProps.self)?.text == "Saved")
    await fixture.advance(by: .milliseconds(1_999))
    #expect(fixture.backend.firstView(withKey: NoteScreen.Keys.toast) != nil)
    await fixture.advance(by: .milliseconds(1))
    await fixture.settle()
    #expect(fixture.backend.firstView(withKey: NoteScreen.Keys.toast) == nil)
  }

  @Test("the pinned switch pins the note; the folder picker moves it")
  func pinAndMove() async {
    let fixture = await NotesFixture()
    defer { fixture.remove() }
    await fixture.write("plan")
    await fixture.send(.tap, to: "note-1.title")
    let pin = fixture.props(NoteScreen.Keys.pinned, as: CheckboxProps.self)
    #expect(pin?.style == .switch && pin?.isChecked == false && pin?.title == "Pinned")
    await fixture.send(.tap, to: NoteScreen.Keys.pinned)
    #expect(fixture.store.state.notes[0].isPinned)
    #expect(fixture.props(NoteScreen.Keys.pinned, as: CheckboxProps.self)?.isChecked == true)
    await fixture.send(.select(2), to: NoteScreen.Keys.folder)
    #expect(fixture.store.state.notes[0].folder == "Ideas")
    #expect(fixture.props(NoteScreen.Keys.folder, as: PickerProps.self)?.selectedIndex == 2)
  }

  @Test("delete asks in a dialog: cancel keeps the note, Delete removes it and goes back to the list")
  func deleteBehindDialog() async {
    let fixture = await NotesFixture()
    defer { fixture.remove() }
    for title in ["plan", "milk"] { await fixture.write(title) }
    await fixture.send(.tap, to: "note-2.title")
    await fixture.send(.tap, to: NoteScreen.Keys.delete)
    #expect(fixture.props(NoteScreen.Keys.dialog, as: DialogProps.self)?.title == "Delete note?")
    #expect(fixture.text("dialog.message") == "“milk” goes; undo brings it back.")
    await fixture.send(.tap, to: "dialog.cancel")
    #expect(fixture.backend.firstView(withKey: NoteScreen.Keys.dialog) == nil)
    #expect(fixture.store.state.notes.count == 2)
    await fixture.send(.tap, to: NoteScreen.Keys.delete)
    await fixture.send(.key(KeyPress(.escape)), to: "dialog.confirm")
    #expect(fixture.backend.firstView(withKey: NoteScreen.Keys.dialog) == nil, "Esc closes the dialog")
    #expect(fixture.store.state.routes.top == .note(id: 2), "and stays on the note")
    await fixture.send(.tap, to: NoteScreen.Keys.delete)
    await fixture.send(.tap, to: "dialog.confirm")
    #expect(fixture.store.state.routes.routes == [.list])
    #expect(fixture.store.state.notes.map(\.title) == ["plan"])
    await fixture.send(.tap, to: NotesListScreen.Keys.undo)
    #expect(fixture.store.state.notes.map(\.title) == ["plan", "milk"])
  }

  @Test("a long note reads in a scrolling viewport; e opens it for editing")
  func reader() async {
    let fixture = await NotesFixture()
    defer { fixture.remove() }
    await fixture.write("long")
    let body = (1...60).map { "line \($0)" }.joined(separator: "\n")
    try? await fixture.store.dispatch(NoteActions.Update(id: 1, title: "long", body: body)).value
    await fixture.send(.tap, to: "note-1.title")
    await fixture.send(.key(KeyPress(.character("r"), modifiers: .control)), to: NoteScreen.Keys.body)
    #expect(fixture.store.state.routes.top == .read(id: 1))
    let scroll = fixture.props(ReaderScreen.Keys.text, as: ScrollViewProps.self)
    #expect(scroll?.children.count == 60)
    #expect(fixture.text(ReaderScreen.Keys.line(59)) == "line 60")
    #expect(fixture.props(ReaderScreen.Keys.heading, as: LabelProps.self)?.accessibility.role == .heading(level: 2))
    await fixture.send(.key(KeyPress(.character("e"))), to: ReaderScreen.Keys.heading)
    #expect(fixture.store.state.routes.routes == [.list, .note(id: 1)])
  }

  @Test("words wrap at spaces, long words are cut, empty lines stay")
  func wrapping() {
    #expect(ReaderScreen.wrap("the quick brown fox", width: 10) == ["the quick", "brown fox"])
    #expect(ReaderScreen.wrap("abcdefghijkl", width: 5) == ["abcde", "fghij", "kl"])
    #expect(ReaderScreen.wrap("a\n\nb", width: 5) == ["a", "", "b"])
  }
}
