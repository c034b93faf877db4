public import Katana
public import KatanaUI

/// A note's screen: editing its fields, saving them as one undoable change, and deleting it
/// after the user confirms.
extension NoteActions {
  // MARK: Updaters

  /// One field of a note's screen as the user types it: kept in ``NotesState/edits`` until
  /// saved. Neither saved to disk nor undoable. An unknown id changes nothing.
  public struct EditField: SessionUpdater, Equatable {
    /// The note's id.
    public var id: Int
    /// The field typed in.
    public var field: NoteField
    /// The text as typed.
    public var text: String
    public init(id: Int, _ field: NoteField, _ text: String) {
      self.id = id
      self.field = field
      self.text = text
    }
    public func updateState(_ state: inout NotesState) {
      guard var edit = state.edit(id: id) else { return }
      switch field {
      case .title: edit.title = text
      case .body: edit.body = TextDocument(text)
      }
      edit.problem = nil
      state.edits[id] = edit
    }
  }

  /// One edit the user made in a note's text area (a keystroke, a paste, a deletion), applied to
  /// the body in ``NotesState/edits``: it costs the lines the edit spans, not the note. Neither
  /// saved to disk nor undoable. An unknown id changes nothing.
  public struct EditBody: SessionUpdater, Equatable {
    /// The note's id.
    public var id: Int
    /// The edit the text area reported.
    public var edit: TextEdit
    public init(id: Int, _ edit: TextEdit) {
      self.id = id
      self.edit = edit
    }
    public func updateState(_ state: inout NotesState) {
      guard var noteEdit = state.edit(id: id) else { return }
      noteEdit.body.apply(edit)
      noteEdit.problem = nil
      state.edits[id] = noteEdit
    }
  }

  /// Forgets the unsaved fields of a note: its screen shows the note's values again.
  public struct DiscardEdit: SessionUpdater, Equatable {
    /// The note's id.
    public var id: Int
    public init(id: Int) { self.id = id }
    public func updateState(_ state: inout NotesState) {
      state.edits[id] = nil
    }
  }

  /// Opens the dialog that asks whether to delete the note; an unknown id changes nothing.
  public struct AskToDelete: SessionUpdater, Equatable {
    /// The note's id.
    public var id: Int
    public init(id: Int) { self.id = id }
    public func updateState(_ state: inout NotesState) {
      guard state.note(id: id) != nil else { return }
      state.confirmingDelete = id
    }
  }

  /// Closes the delete dialog; the note stays.
  public struct CancelDelete: SessionUpdater, Equatable {
    public init() {}
    public func updateState(_ state: inout NotesState) {
      state.confirmingDelete = nil
    }
  }

  // MARK: Side effects

  /// Saves a note's screen: checks the fields, changes the note in one undoable ``Update`` (none
  /// when nothing changed), forgets the edits, and says "Saved" for
  /// ``AppDependencies/toastDuration``.
  ///
  /// - Throws: ``NotesError/emptyTitle``, ``NotesError/titleTooLong(length:maximum:)`` or
  ///   ``NotesError/bodyTooLong(length:maximum:)`` (also shown on the screen), and
  ///   ``NotesError/noSuchNote(id:)`` when the note is gone.
  public struct SaveEdit: SideEffect {
    /// The note's id.
    public var id: Int
    public init(id: Int) { self.id = id }
    public func sideEffect(_ context: SideEffectContext<NotesState, AppDependencies>) async throws {
      let state = context.getState()
      guard let note = state.note(id: id), let edit = state.edit(id: id) else { throw NotesError.noSuchNote(id: id) }
      let update: Update
      do {
        let manager = context.dependencies.noteManager
        update = Update(id: id, title: try manager.title(from: edit.title), body: try manager.body(from: edit.body.text))
      } catch {
        try await context.dispatch(RefuseEdit(id: id, problem: error.description)).value
        throw error
      }
      if update.title != note.title || update.body != note.body {
        try await context.dispatch(update).value
      }
      try await context.dispatch(DiscardEdit(id: id)).value
      try await ToastActions.flash("Saved", context)
    }
  }

  /// Deletes the note the dialog asks about: closes its screen and the dialog, deletes it (undo
  /// brings the note back, not the screen), and says so for ``AppDependencies/toastDuration``.
  /// Nothing happens when the dialog is not open for `id` (a second press of its button).
  public struct ConfirmDelete: SideEffect {
    /// The note's id.
    public var id: Int
    public init(id: Int) { self.id = id }
    public func sideEffect(_ context: SideEffectContext<NotesState, AppDependencies>) async throws {
      guard context.getState().confirmingDelete == id else { return }
      try await context.dispatch(CloseNote(id: id)).value
      try await context.dispatch(Delete(id: id)).value
      try await ToastActions.flash("Note deleted · ^Z undoes", context)
    }
  }
}

extension NoteActions {
  /// Why the note's fields could not be saved, for its screen to show.
  fileprivate struct RefuseEdit: SessionUpdater, Equatable {
    var id: Int
    var problem: String
    func updateState(_ state: inout NotesState) {
      guard var edit = state.edit(id: id) else { return }
      edit.problem = problem
      state.edits[id] = edit
    }
  }

  /// Closes every screen of a note (it is about to go), its dialog, and forgets its unsaved fields.
  fileprivate struct CloseNote: SessionUpdater, Equatable {
    var id: Int
    func updateState(_ state: inout NotesState) {
      state.routes.removeAll { $0 == .note(id: id) || $0 == .read(id: id) }
      state.edits[id] = nil
      state.confirmingDelete = nil
    }
  }
}
