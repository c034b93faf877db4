public import Katana
public import KatanaPersistence
public import KatanaUI

/// Everything that changes the notes: the module's public interface.
///
/// Updaters that change notes are ``Undoable`` and `Codable`, registered in the journal under
/// stable names (see ``NotesStorage/registry``). Side effects check input with the
/// ``NoteManager`` from the dependency container, then dispatch the updaters.
public enum NoteActions {
  // MARK: Updaters

  /// Writes a note at the end of `folder` with the next id. The values are used as given (side
  /// effects check them); the note is the newest.
  public struct Add: Undoable, Codable, Equatable {
    /// The folder the note goes in.
    public var folder: String
    /// The title, as stored.
    public var title: String
    /// The text, as stored.
    public var body: String
    public init(folder: String, title: String, body: String = "") {
      self.folder = folder
      self.title = title
      self.body = body
    }
    public func updateState(_ state: inout NotesState) {
      state.notes.append(Note(id: state.nextID, folder: folder, title: title, body: body, revision: state.nextRevision))
      state.nextID += 1
      state.nextRevision += 1
    }
  }

  /// Changes a note's title and body at once, and makes it the newest; an unknown id changes
  /// nothing. The values are used as given (``SaveEdit`` checks them).
  public struct Update: Undoable, Codable, Equatable {
    /// The note's id.
    public var id: Int
    /// The title, as stored.
    public var title: String
    /// The text, as stored.
    public var body: String
    public init(id: Int, title: String, body: String) {
      self.id = id
      self.title = title
      self.body = body
    }
    public func updateState(_ state: inout NotesState) {
      state.change(id) {
        $0.title = title
        $0.body = body
      }
    }
  }

  /// Pins a note (it comes first in every order) or unpins it; an unknown id changes nothing.
  public struct SetPinned: Undoable, Codable, Equatable {
    /// The note's id.
    public var id: Int
    /// Whether the note is pinned.
    public var isPinned: Bool
    public init(id: Int, isPinned: Bool) {
      self.id = id
      self.isPinned = isPinned
    }
    public func updateState(_ state: inout NotesState) {
      guard let index = state.notes.firstIndex(where: { $0.id == id }) else { return }
      state.notes[index].isPinned = isPinned
    }
  }

  /// Files a note in another folder; an unknown id or folder changes nothing.
  public struct Move: Undoable, Codable, Equatable {
    /// The note's id.
    public var id: Int
    /// The folder the note goes in.
    public var folder: String
    public init(id: Int, folder: String) {
      self.id = id
      self.folder = folder
    }
    public func updateState(_ state: inout NotesState) {
      guard state.folders.contains(folder) else { return }
      state.change(id) { $0.folder = folder }
    }
  }

  /// Removes a note; an unknown id changes nothing.
  public struct Delete: Undoable, Codable, Equatable {
    /// The note's id.
    public var id: Int
    public init(id: Int) { self.id = id }
    public func updateState(_ state: inout NotesState) {
      state.notes.removeAll { $0.id == id }
    }
  }

  /// Shows the notes of `folder` (the tab chosen). Saved, not undoable: it changes the view, not
  /// the notes. An unknown folder changes nothing.
  public struct SelectFolder: StateUpdater, Codable, Equatable {
    /// The folder to show.
    public var folder: String
    public init(_ folder: String) { self.folder = folder }
    public func updateState(_ state: inout NotesState) {
      guard state.folders.contains(folder) else { return }
      state.folder = folder
    }
  }

  /// The order the list shows notes in. Saved, not undoable: a setting, not a change to the notes.
  public struct SetOrder: StateUpdater, Codable, Equatable {
    /// The order chosen.
    public var order: NoteOrder
    public init(_ order: NoteOrder) { self.order = order }
    public func updateState(_ state: inout NotesState) {
      state.order = order
    }
  }

  /// The new note's title as the user types it. Neither saved nor undoable.
  public struct EditDraft: SessionUpdater, Equatable {
    /// The text as typed.
    public var text: String
    public init(_ text: String) { self.text = text }
    public func updateState(_ state: inout NotesState) {
      state.draft = text
    }
  }

  // MARK: Side effects

  /// Writes the draft as a note in the selected folder, empties the field and opens the note; a
  /// blank draft is ignored (the user pressed Enter in an empty field).
  ///
  /// - Throws: ``NotesError/titleTooLong(length:maximum:)`` (the draft stays in the field).
  public struct SubmitDraft: SideEffect {
    public init() {}
    public func sideEffect(_ context: SideEffectContext<NotesState, AppDependencies>) async throws {
      let state = context.getState()
      guard !state.draft.allSatisfy(\.isWhitespace) else { return }
      let title = try context.dependencies.noteManager.title(from: state.draft)
      try await context.dispatch(Add(folder: state.folder, title: title)).value
      try await context.dispatch(ClearSubmittedDraft(submitted: state.draft)).value
      try await context.dispatch(Navigation.Push<NotesState>(.note(id: state.nextID))).value
    }
  }

  /// Writes a note from the command line.
  ///
  /// - Parameters:
  ///   - title: the title, trimmed.
  ///   - body: the body, as given.
  ///   - folder: the folder; the selected one when `nil`.
  /// - Throws: ``NotesError/emptyTitle``, ``NotesError/titleTooLong(length:maximum:)``,
  ///   ``NotesError/bodyTooLong(length:maximum:)`` or ``NotesError/noSuchFolder(_:folders:)``.
  public struct AddNote: SideEffect {
    /// The title as given; trimmed and checked.
    public var title: String
    /// The text as given; checked.
    public var body: String
    /// The folder; the selected one when `nil`.
    public var folder: String?
    public init(title: String, body: String = "", folder: String? = nil) {
      self.title = title
      self.body = body
      self.folder = folder
    }
    public func sideEffect(_ context: SideEffectContext<NotesState, AppDependencies>) async throws {
      let state = context.getState()
      let manager = context.dependencies.noteManager
      let add = Add(
        folder: try manager.folder(folder ?? state.folder, in: state.folders), title: try manager.title(from: title),
        body: try manager.body(from: body))
      try await context.dispatch(add).value
    }
  }

  /// Undoes the last change to the notes.
  ///
  /// - Throws: ``NotesError/nothingToUndo`` when the history is empty or absent.
  public struct Undo: SideEffect {
    public init() {}
    public func sideEffect(_ context: SideEffectContext<NotesState, AppDependencies>) async throws {
      guard context.dependencies.persistence?.history?.canUndo == true else { throw NotesError.nothingToUndo }
      try await context.dispatch(History<NotesState>.Undo()).value
    }
  }

  /// Redoes the last undone change.
  ///
  /// - Throws: ``NotesError/nothingToRedo``.
  public struct Redo: SideEffect {
    public init() {}
    public func sideEffect(_ context: SideEffectContext<NotesState, AppDependencies>) async throws {
      guard context.dependencies.persistence?.history?.canRedo == true else { throw NotesError.nothingToRedo }
      try await context.dispatch(History<NotesState>.Redo()).value
    }
  }

  /// Waits until every change so far is on disk (a command-line run does this before it exits).
  public struct Save: SideEffect {
    public init() {}
    public func sideEffect(_ context: SideEffectContext<NotesState, AppDependencies>) async throws {
      try await context.dependencies.persistence?.flush()
    }
  }
}

extension NoteActions {
  /// Empties the field after its text was written as a note, unless the user typed since.
  fileprivate struct ClearSubmittedDraft: SessionUpdater, Equatable {
    var submitted: String
    func updateState(_ state: inout NotesState) {
      if state.draft == submitted { state.draft = "" }
    }
  }
}

extension NotesState {
  /// Changes the note with `id`, if there is one, and makes it the newest.
  mutating func change(_ id: Int, _ body: (inout Note) -> Void) {
    guard let index = notes.firstIndex(where: { $0.id == id }) else { return }
    body(&notes[index])
    notes[index].revision = nextRevision
    nextRevision += 1
  }
}
