import Foundation
public import Katana
public import KatanaPersistence
public import KatanaUI

/// The item's screen: editing its fields, saving them as one undoable change, deleting it, and
/// the settings.
extension TodoActions {
  // MARK: Updaters

  /// Changes an item's title, notes and due date at once; an unknown id changes nothing. The
  /// values are used as given (``SaveEdit`` checks them).
  public struct Update: Undoable, Codable, Equatable {
    public var id: Int
    public var title: String
    public var notes: String
    /// The new due date; nil for none.
    public var dueDate: DueDate?
    public init(id: Int, title: String, notes: String, dueDate: DueDate?) {
      self.id = id
      self.title = title
      self.notes = notes
      self.dueDate = dueDate
    }
    public func updateState(_ state: inout TodosState) {
      guard let index = state.items.firstIndex(where: { $0.id == id }) else { return }
      state.items[index].title = title
      state.items[index].notes = notes
      state.items[index].dueDate = dueDate
    }
  }

  /// One field of the item's screen as the user types it: kept in ``TodosState/edits`` until
  /// saved. Neither saved to disk nor undoable; in a browser, the tab's own. An unknown id
  /// changes nothing.
  public struct EditField: SessionUpdater, Equatable {
    public var id: Int
    public var field: TodoField
    /// What the field holds now, as typed.
    public var text: String
    public init(id: Int, _ field: TodoField, _ text: String) {
      self.id = id
      self.field = field
      self.text = text
    }
    public func updateState(_ state: inout TodosState) {
      guard var edit = state.edit(id: id) else { return }
      switch field {
      case .title: edit.title = text
      case .notes: edit.notes = text
      case .dueDate: edit.dueDate = text
      }
      edit.problem = nil
      state.edits[id] = edit
    }
  }

  /// Why the item's fields could not be saved, for its screen to show.
  public struct RefuseEdit: SessionUpdater, Equatable {
    /// The item whose screen shows the problem.
    public var id: Int
    /// What is wrong, as the screen shows it.
    public var problem: String
    public init(id: Int, problem: String) {
      self.id = id
      self.problem = problem
    }
    public func updateState(_ state: inout TodosState) {
      guard var edit = state.edit(id: id) else { return }
      edit.problem = problem
      state.edits[id] = edit
    }
  }

  /// Forgets the unsaved fields of an item: its screen shows the item's values again.
  public struct DiscardEdit: SessionUpdater, Equatable {
    /// The item whose unsaved fields are forgotten.
    public var id: Int
    public init(id: Int) { self.id = id }
    public func updateState(_ state: inout TodosState) {
      state.edits[id] = nil
    }
  }

  /// Closes every screen of an item (it is about to go) and forgets its unsaved fields.
  public struct CloseItem: SessionUpdater, Equatable {
    /// The item whose screens close.
    public var id: Int
    public init(id: Int) { self.id = id }
    public func updateState(_ state: inout TodosState) {
      state.routes.removeAll { $0 == .item(id: id) }
      state.edits[id] = nil
    }
  }

  /// The order the list shows items in. Saved, not undoable: a setting, not a change to the list.
  public struct SetOrder: StateUpdater, Codable, Equatable {
    public var order: TodoOrder
    public init(_ order: TodoOrder) { self.order = order }
    public func updateState(_ state: inout TodosState) {
      state.order = order
    }
  }

  // MARK: Side effects

  /// Saves the item's screen: checks the fields, then changes the item in one undoable
  /// ``Update`` (none when nothing changed) and forgets the edits.
  ///
  /// - Throws: ``TodosError/emptyTitle``, ``TodosError/titleTooLong(length:maximum:)`` or
  ///   ``TodosError/invalidDueDate(_:)`` (also shown on the screen through ``RefuseEdit``), and
  ///   ``TodosError/noSuchItemID(_:)`` when the item is gone.
  public struct SaveEdit: SideEffect {
    /// The item whose screen is saved.
    public var id: Int
    public init(id: Int) { self.id = id }
    public func sideEffect(_ context: SideEffectContext<TodosState, AppDependencies>) async throws {
      let state = context.getState()
      guard let item = state.item(id: id), let edit = state.edit(id: id) else { throw TodosError.noSuchItemID(id) }
      let title: String
      let dueDate: DueDate?
      do {
        title = try context.dependencies.listManager.title(from: edit.title)
        let dueText = edit.dueDate.trimmingCharacters(in: .whitespaces)
        dueDate = dueText.isEmpty ? nil : try DueDate(parsing: dueText)
      } catch {
        try await context.dispatch(RefuseEdit(id: id, problem: error.description)).value
        throw error
      }
      let update = Update(id: id, title: title, notes: edit.notes, dueDate: dueDate)
      if update != Update(id: id, title: item.title, notes: item.notes, dueDate: item.dueDate) {
        try await context.dispatch(update).value
      }
      try await context.dispatch(DiscardEdit(id: id)).value
    }
  }

  /// Deletes the item shown: closes its screen, then deletes it (undo brings the item back, not
  /// the screen).
  public struct DeleteShown: SideEffect {
    /// The item shown, which is deleted.
    public var id: Int
    public init(id: Int) { self.id = id }
    public func sideEffect(_ context: SideEffectContext<TodosState, AppDependencies>) async throws {
      try await context.dispatch(CloseItem(id: id)).value
      try await context.dispatch(Delete(id: id)).value
    }
  }
}
