import Foundation
import Katana
import KatanaPersistence
import KatanaUI
import Testing
import TodosCore

/// Two browser tabs of Todos: sessions of one persistent store.
@Suite("Todos in two tabs")
struct TodosSessionTests {
  @Test("the text typed in one tab is added from that tab, saved and undoable; the other tab's text stays")
  func draftPerTab() async throws {
    let storage = TodosStorage(folder: NSTemporaryDirectory() + "katana-todos-tests-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(atPath: storage.folder) }
    do {
      let (store, _) = storage.makeStore()
      await store.waitUntilReady()
      let first = store.makeSession()
      let second = store.makeSession()
      try await first.dispatch(TodoActions.EditDraft("milk")).value
      try await second.dispatch(TodoActions.EditDraft("eggs")).value
      _ = try await first.anyDispatch(TodoActions.SubmitDraft()).value

      let firstState = try #require(first.anyState as? TodosState)
      let secondState = try #require(second.anyState as? TodosState)
      #expect(store.state.items.map(\.title) == ["milk"])
      #expect(secondState.items.map(\.title) == ["milk"])
      #expect(firstState.draft == "")
      #expect(secondState.draft == "eggs")
      #expect(store.state.draft == "")

      // Each tab edits an item's fields on its own.
      try await second.dispatch(TodoActions.EditField(id: 1, .title, "oat milk")).value
      #expect((first.anyState as? TodosState)?.edit(id: 1)?.title == "milk")
      _ = try await second.anyDispatch(TodoActions.SaveEdit(id: 1)).value
      #expect(store.state.items.map(\.title) == ["oat milk"])
      #expect(store.state.edits.isEmpty && (second.anyState as? TodosState)?.edits.isEmpty == true)

      // The history saw the page's updaters: undo from a tab undoes the edit, keeping its text.
      _ = try await second.anyDispatch(TodoActions.Undo()).value
      #expect(store.state.items.map(\.title) == ["milk"])
      #expect((second.anyState as? TodosState)?.draft == "eggs")
      try await store.dispatch(TodoActions.Save()).value
    }
    // The journal and the list file have what the tabs did.
    let (store, _) = storage.makeStore()
    await store.waitUntilReady()
    #expect(store.state.items.map(\.title) == ["milk"])
    #expect(store.state.draft == "")
  }
}
