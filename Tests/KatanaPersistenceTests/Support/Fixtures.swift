import Foundation
import Katana
import KatanaPersistence
import KatanaSupport

/// A fresh folder under the system's temporary folder; removed by `remove()`.
struct TemporaryFolder {
  let path: String

  init() {
    path = NSTemporaryDirectory() + "katana-persistence-tests-\(UUID().uuidString)"
    try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
  }

  func file(_ name: String) -> String { path + "/" + name }

  /// File names in the folder, sorted.
  func contents() -> [String] {
    ((try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []).sorted()
  }

  func remove() {
    try? FileManager.default.removeItem(atPath: path)
  }
}

/// A small app state: a list of notes and a draft that is not persisted.
struct NotesState: State, Codable, Equatable {
  var notes: [String] = []
  var draft = ""
}

/// The persisted part of ``NotesState``.
struct SavedNotes: Codable, Equatable {
  var notes: [String]
}

struct AddNote: Undoable, Codable, Equatable {
  var text: String
  func updateState(_ state: inout NotesState) { state.notes.append(text) }
}

struct RemoveLastNote: Undoable, Codable {
  func updateState(_ state: inout NotesState) { _ = state.notes.popLast() }
}

struct TypeDraft: StateUpdater, Codable {
  var text: String
  func updateState(_ state: inout NotesState) { state.draft = text }
}

func notesRegistry() -> JournalRegistry<NotesState> {
  var registry = JournalRegistry<NotesState>()
  registry.register(AddNote.self, as: "notes.add")
  registry.register(RemoveLastNote.self, as: "notes.removeLast")
  registry.register(RestoreState<NotesState>.self, as: "katana.restore")
  return registry
}

/// Collects errors reported from any thread.
final class ErrorCollector: Sendable {
  private let errors = LockedValue<[PersistenceError]>([])
  var all: [PersistenceError] { errors.withLock { $0 } }
  var report: @Sendable (PersistenceError) -> Void { { [errors] error in errors.withLock { $0.append(error) } } }
}

/// Instrumentation that keeps what `stateInitializerDidFail` heard.
final class InitializerFailureRecorder: DispatchInstrumentation {
  private let errors = LockedValue<[String]>([])
  var failures: [String] { errors.withLock { $0 } }
  func dispatchWillBegin(_ event: DispatchEvent) -> (any Sendable)? { nil }
  func dispatchDidEnd(_ event: DispatchEvent, token: (any Sendable)?, outcome: DispatchOutcome) {}
  func stateInitializerDidFail(_ error: any Error) { errors.withLock { $0.append("\(error)") } }
}
