import Foundation
import Katana
import KatanaTerminal
import KatanaTesting
import KatanaUI
import NotesCore
import Testing

@testable import Notes

@Suite("Notes' screens, snapshotted")
@MainActor
struct NotesSnapshotTests {
  /// The app's root on a fresh data folder holding two notes in two folders, with no waits (the
  /// search and transfers settle at once).
  func terminal(size: TerminalSize) async throws -> (HeadlessTerminal, Store<NotesState, AppDependencies>) {
    let storage = NotesStorage(folder: NSTemporaryDirectory() + "katana-notes-snapshots-\(UUID().uuidString)")
    let clock = ManualClock()
    let store = storage.makeStore(clock: clock, timing: .immediate).store
    await store.waitUntilReady()
    try await store.dispatch(NoteActions.Add(folder: "Notes", title: "Groceries", body: "milk\neggs\nbread")).value
    try await store.dispatch(NoteActions.Add(folder: "Work", title: "Plan", body: "Ship the widget kit.")).value
    let terminal = HeadlessTerminal(
      root: NotesLauncher.rootScreen, store: store, size: size, geometry: .fontCell, clock: clock)
    await terminal.start()
    return (terminal, store)
  }

  @Test(
    "every screen at both sizes",
    arguments: [("list", "/"), ("note", "/notes/1"), ("reader", "/notes/1/read"), ("search", "/search"),
      ("transfer", "/transfer"), ("not-found", "/nowhere")], snapshotSizes)
  func screen(screen: (name: String, path: String), size: TerminalSize) async throws {
    let (terminal, store) = try await terminal(size: size)
    try await store.dispatch(Navigation.Open<NotesState>(NotesRoute.stack(forPath: screen.path))).value
    await terminal.settle()
    assertScreen(terminal, named: screen.name)
  }
}
