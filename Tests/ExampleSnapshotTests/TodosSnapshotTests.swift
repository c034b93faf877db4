import Foundation
import Katana
import KatanaTerminal
import KatanaTesting
import KatanaUI
import Testing
import TodosCore

@testable import Todos

@Suite("Todos' screens, snapshotted")
@MainActor
struct TodosSnapshotTests {
  /// The app's root on a fresh data folder holding three items, the second one done.
  func terminal(size: TerminalSize) async throws -> (HeadlessTerminal, Store<TodosState, AppDependencies>) {
    let storage = TodosStorage(folder: NSTemporaryDirectory() + "katana-todos-snapshots-\(UUID().uuidString)")
    let store = storage.makeStore().store
    await store.waitUntilReady()
    for title in ["Buy milk", "Call the plumber", "Water the plants"] {
      try await store.dispatch(TodoActions.Add(title: title)).value
    }
    try await store.dispatch(TodoActions.Toggle(id: store.state.items[1].id)).value
    let terminal = HeadlessTerminal(
      root: TodosLauncher.rootScreen, store: store, size: size, geometry: .fontCell, clock: ManualClock())
    await terminal.start()
    return (terminal, store)
  }

  func open(_ path: String, in store: Store<TodosState, AppDependencies>, _ terminal: HeadlessTerminal) async throws {
    let stack = try #require(TodosScreens.stack(forPaths: [path]))
    try await store.dispatch(Navigation.Open<TodosState>(stack)).value
    await terminal.settle()
  }

  @Test("the list", arguments: snapshotSizes)
  func list(size: TerminalSize) async throws {
    let (terminal, _) = try await terminal(size: size)
    assertScreen(terminal, named: "list")
  }

  @Test("an item's details", arguments: snapshotSizes)
  func item(size: TerminalSize) async throws {
    let (terminal, store) = try await terminal(size: size)
    try await open("/todos/\(store.state.items[0].id)", in: store, terminal)
    assertScreen(terminal, named: "item")
  }

  @Test("the settings", arguments: snapshotSizes)
  func settings(size: TerminalSize) async throws {
    let (terminal, store) = try await terminal(size: size)
    try await open("/settings", in: store, terminal)
    assertScreen(terminal, named: "settings")
  }

  @Test("an address the app does not know", arguments: snapshotSizes)
  func notFound(size: TerminalSize) async throws {
    let (terminal, store) = try await terminal(size: size)
    try await open("/nowhere", in: store, terminal)
    assertScreen(terminal, named: "not-found")
  }
}
