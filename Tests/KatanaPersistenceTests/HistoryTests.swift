import Foundation
import Katana
import KatanaPersistence
import Testing
import KatanaSupport

private func historyStore(
  _ history: History<NotesState>
) -> Store<NotesState, EmptySideEffectDependencyContainer> {
  Store(interceptors: [Persistence(history: history).interceptor])
}

@Suite("History")
struct HistoryTests {
  @Test("undo and redo walk the undoable changes; nothing to undo does nothing")
  func undoRedo() async throws {
    let history = History<NotesState>()
    let store = historyStore(history)
    try await store.dispatch(History<NotesState>.Undo()).value
    #expect(store.state.notes == [])
    try await store.dispatch(AddNote(text: "a")).value
    try await store.dispatch(AddNote(text: "b")).value
    #expect(history.entries.map(\.label) == ["initial", "AddNote", "AddNote"])
    try await store.dispatch(History<NotesState>.Undo()).value
    #expect(store.state.notes == ["a"])
    try await store.dispatch(History<NotesState>.Undo()).value
    #expect(store.state.notes == [])
    #expect(!history.canUndo)
    try await store.dispatch(History<NotesState>.Undo()).value
    #expect(store.state.notes == [])
    try await store.dispatch(History<NotesState>.Redo()).value
    try await store.dispatch(History<NotesState>.Redo()).value
    #expect(store.state.notes == ["a", "b"])
    #expect(!history.canRedo)
  }

  @Test("a new change after an undo clears redo")
  func newChangeClearsRedo() async throws {
    let history = History<NotesState>()
    let store = historyStore(history)
    try await store.dispatch(AddNote(text: "a")).value
    try await store.dispatch(AddNote(text: "b")).value
    try await store.dispatch(History<NotesState>.Undo()).value
    try await store.dispatch(AddNote(text: "c")).value
    #expect(!history.canRedo)
    try await store.dispatch(History<NotesState>.Redo()).value
    #expect(store.state.notes == ["a", "c"])
    try await store.dispatch(History<NotesState>.Undo()).value
    #expect(store.state.notes == ["a"])
  }

  @Test("the history keeps at most `limit` points, dropping the oldest")
  func bounded() async throws {
    let history = History<NotesState>(limit: 3)
    let store = historyStore(history)
    for text in ["a", "b", "c", "d"] { try await store.dispatch(AddNote(text: text)).value }
    #expect(history.entries.count == 3)
    for _ in 0..<5 { try await store.dispatch(History<NotesState>.Undo()).value }
    #expect(store.state.notes == ["a", "b"])
  }

  @Test("jump(to:) restores any recorded point; out of range does nothing")
  func jump() async throws {
    let history = History<NotesState>()
    let store = historyStore(history)
    for text in ["a", "b", "c"] { try await store.dispatch(AddNote(text: text)).value }
    try await store.dispatch(History<NotesState>.Jump(to: 1)).value
    #expect(store.state.notes == ["a"])
    #expect(history.currentIndex == 1)
    try await store.dispatch(History<NotesState>.Jump(to: 3)).value
    #expect(store.state.notes == ["a", "b", "c"])
    try await store.dispatch(History<NotesState>.Jump(to: 9)).value
    #expect(store.state.notes == ["a", "b", "c"])
  }

  @Test("a restore is an ordinary update: listeners hear it")
  func listenersHearRestore() async throws {
    let history = History<NotesState>()
    let store = historyStore(history)
    let heard = LockedNotes()
    store.addListener { old, new in heard.append("\(old.notes.count)->\(new.notes.count)") }
    try await store.dispatch(AddNote(text: "a")).value
    try await store.dispatch(History<NotesState>.Undo()).value
    try await store.dispatch(History<NotesState>.Redo()).value
    #expect(heard.all == ["0->1", "1->0", "0->1"])
  }

  @Test("only undoable updaters are recorded; the restore closure keeps what it must")
  func restoreKeepsParts() async throws {
    let history = History<NotesState>(restore: { current, recorded in
      var state = recorded
      state.draft = current.draft
      return state
    })
    let store = historyStore(history)
    try await store.dispatch(AddNote(text: "a")).value
    try await store.dispatch(TypeDraft(text: "typing")).value
    #expect(history.entries.count == 2)
    try await store.dispatch(History<NotesState>.Undo()).value
    #expect(store.state == NotesState(notes: [], draft: "typing"))
  }

  @Test("undos are journaled as restores, so a replay reaches the same state")
  func undoReplays() async throws {
    let folder = TemporaryFolder()
    defer { folder.remove() }
    let path = folder.file("journal.jsonl")
    let persistence = Persistence(journal: Journal(path: path, registry: notesRegistry()), history: History<NotesState>())
    let store = Store<NotesState, EmptySideEffectDependencyContainer>(interceptors: [persistence.interceptor])
    try await store.dispatch(AddNote(text: "a")).value
    try await store.dispatch(AddNote(text: "b")).value
    try await store.dispatch(History<NotesState>.Undo()).value
    #expect(try Journal(path: path, registry: notesRegistry()).replay(onto: NotesState()).notes == ["a"])
  }
}

/// Strings appended from listeners.
final class LockedNotes: Sendable {
  private let storage = LockedValue<[String]>([])
  var all: [String] { storage.withLock { $0 } }
  func append(_ text: String) { storage.withLock { $0.append(text) } }
}
