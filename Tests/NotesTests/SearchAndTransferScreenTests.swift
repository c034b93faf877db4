import Foundation
import Katana
import KatanaTesting
import KatanaUI
import NotesCore
import Testing

@testable import Notes

@MainActor
@Suite("Search and transfer screens")
struct SearchAndTransferScreenTests {
  @Test("typing a query spins the activity indicator until the slow search answers, then lists the notes found")
  func search() async {
    let fixture = await NotesFixture(timing: .interactive)
    defer { fixture.remove() }
    for title in ["Garden plan", "Groceries", "garden tools"] { await fixture.write(title) }
    await fixture.send(.tap, to: NotesListScreen.Keys.search)
    await fixture.sendUntilSleeping(.textInput("garden"), to: SearchScreen.Keys.field)
    #expect(fixture.props(SearchScreen.Keys.spinner, as: ActivityIndicatorProps.self)?.isAnimating == true)
    #expect(fixture.text(SearchScreen.Keys.summary) == "Searching for “garden”…")
    await fixture.advance(by: .milliseconds(800))
    await fixture.settle()
    #expect(fixture.props(SearchScreen.Keys.spinner, as: ActivityIndicatorProps.self)?.isAnimating == false)
    #expect(fixture.text(SearchScreen.Keys.summary) == "2 found for “garden”")
    #expect(fixture.rows(prefix: SearchScreen.Keys.rowPrefix) == ["Garden plan — Notes", "garden tools — Notes"])
    await fixture.send(.tap, to: "found-3.title")
    #expect(fixture.store.state.routes.routes == [.list, .search, .note(id: 3)])
  }

  @Test("an export shows a progress bar and a cancel button; cancel stops it and writes no file")
  func cancelExport() async throws {
    let fixture = await NotesFixture(timing: .interactive)
    defer { fixture.remove() }
    for number in 1...50 { try await fixture.store.dispatch(NoteActions.AddNote(title: "note \(number)")).value }
    let path = fixture.storage.folder + "/export.jsonl"
    await fixture.send(.tap, to: NotesListScreen.Keys.transfer)
    await fixture.send(.textInput(path), to: TransferScreen.Keys.path)
    #expect(fixture.text(TransferScreen.Keys.export) == "export 50 notes")
    await fixture.sendUntilSleeping(.tap, to: TransferScreen.Keys.export)
    await fixture.advance(by: .milliseconds(25))
    await fixture.clock.waitForSleepers()
    await fixture.render()
    let bar = fixture.props(TransferScreen.Keys.progress, as: ProgressBarProps.self)
    #expect(bar?.value == 0.4)
    #expect(bar?.title == "Exporting notes")
    #expect(fixture.text(TransferScreen.Keys.outcome) == "Exporting 20 of 50 to \(path)…")
    await fixture.send(.key(KeyPress(.escape)), to: TransferScreen.Keys.export)  // Esc cancels first
    #expect(fixture.store.state.routes.top == .transfer)
    #expect(fixture.text(TransferScreen.Keys.outcome) == "Export cancelled: no file was written")
    #expect(fixture.backend.firstView(withKey: TransferScreen.Keys.progress) == nil)
    #expect(fixture.backend.firstView(withKey: TransferScreen.Keys.cancel) == nil)
    #expect(!FileManager.default.fileExists(atPath: path))
  }

  @Test("an export, then an import of it, doubles the notes; one undo takes the import back")
  func exportThenImport() async throws {
    let fixture = await NotesFixture()
    defer { fixture.remove() }
    for title in ["a", "b", "c"] { await fixture.write(title) }
    let path = fixture.storage.folder + "/export.jsonl"
    await fixture.send(.tap, to: NotesListScreen.Keys.transfer)
    await fixture.send(.textInput(path), to: TransferScreen.Keys.path)
    await fixture.send(.tap, to: TransferScreen.Keys.export)
    #expect(fixture.text(TransferScreen.Keys.outcome) == "Exported 3 notes to \(path)")
    await fixture.send(.tap, to: TransferScreen.Keys.import)
    #expect(fixture.text(TransferScreen.Keys.outcome) == "Imported 3 notes from \(path) · ^Z undoes")
    #expect(fixture.store.state.notes.map(\.title) == ["a", "b", "c", "a", "b", "c"])
    await fixture.send(.key(KeyPress(.escape)), to: TransferScreen.Keys.import)
    await fixture.send(.tap, to: NotesListScreen.Keys.undo)
    #expect(fixture.store.state.notes.count == 3)
    await fixture.send(.tap, to: NotesListScreen.Keys.transfer)
    await fixture.send(.textInput(path + ".missing"), to: TransferScreen.Keys.path)
    await fixture.send(.tap, to: TransferScreen.Keys.import)
    #expect(fixture.text(TransferScreen.Keys.outcome) == "Failed: cannot read \(path).missing: no such file")
  }
}
