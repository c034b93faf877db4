public import Katana
public import KatanaPersistence
public import KatanaUI

/// Everything that changes the list: the module's public interface.
///
/// Updaters that change items are ``Undoable`` and `Codable`, registered in the journal under
/// stable names (see ``TodosStorage/registry``). Side effects check input with the
/// ``TodoListManager`` from the dependency container, then dispatch the updaters.
public enum TodoActions {
  // MARK: Updaters

  /// Adds an item at the end with the next id. The title is used as given (side effects check it).
  public struct Add: Undoable, Codable, Equatable {
    public var title: String
    public init(title: String) { self.title = title }
    public func updateState(_ state: inout TodosState) {
      state.items.append(TodoItem(id: state.nextID, title: title))
      state.nextID += 1
    }
  }

  /// Flips an item between done and not done; an unknown id changes nothing.
  public struct Toggle: Undoable, Codable, Equatable {
    public var id: Int
    public init(id: Int) { self.id = id }
    public func updateState(_ state: inout TodosState) {
      guard let index = state.items.firstIndex(where: { $0.id == id }) else { return }
      state.items[index].isDone.toggle()
    }
  }

  /// Marks an item done (or not); an unknown id changes nothing.
  public struct SetDone: Undoable, Codable, Equatable {
    public var id: Int
    /// Whether the item is done after the update.
    public var isDone: Bool
    public init(id: Int, isDone: Bool = true) {
      self.id = id
      self.isDone = isDone
    }
    public func updateState(_ state: inout TodosState) {
      guard let index = state.items.firstIndex(where: { $0.id == id }) else { return }
      state.items[index].isDone = isDone
    }
  }

  /// Removes an item; an unknown id changes nothing.
  public struct Delete: Undoable, Codable, Equatable {
    public var id: Int
    public init(id: Int) { self.id = id }
    public func updateState(_ state: inout TodosState) {
      state.items.removeAll { $0.id == id }
    }
  }

  /// Removes every done item.
  public struct ClearDone: Undoable, Codable, Equatable {
    public init() {}
    public func updateState(_ state: inout TodosState) {
      state.items.removeAll(where: \.isDone)
    }
  }

  /// Shows all, active or done items. Saved, not undoable: it changes the view, not the list.
  public struct SetFilter: StateUpdater, Codable, Equatable {
    /// Which items the list shows.
    public var filter: TodoFilter
    public init(_ filter: TodoFilter) { self.filter = filter }
    public func updateState(_ state: inout TodosState) {
      state.filter = filter
    }
  }

  /// The new item's title as the user types it. Neither saved nor undoable; in a browser, the
  /// tab's own (a ``/KatanaUI/SessionUpdater``).
  public struct EditDraft: SessionUpdater, Equatable {
    /// What the field holds now, as typed.
    public var text: String
    public init(_ text: String) { self.text = text }
    public func updateState(_ state: inout TodosState) {
      state.draft = text
    }
  }

  /// Empties the field after its text was added, unless the user typed since: text typed
  /// between the add and this update stays in the field. In a browser, the field of the tab that
  /// added it.
  public struct ClearSubmittedDraft: SessionUpdater, Equatable {
    /// The draft that was added; the field is emptied only if it still holds it.
    public var submitted: String
    public init(submitted: String) { self.submitted = submitted }
    public func updateState(_ state: inout TodosState) {
      if state.draft == submitted { state.draft = "" }
    }
  }

  // MARK: Side effects

  /// Adds the draft as an item and empties the field; a blank draft is ignored (the user pressed
  /// Enter in an empty field).
  public struct SubmitDraft: SideEffect {
    public init() {}
    public func sideEffect(_ context: SideEffectContext<TodosState, AppDependencies>) async throws {
      let draft = context.getState().draft
      guard let title = try? context.dependencies.listManager.title(from: draft) else { return }
      try await context.dispatch(Add(title: title)).value
      // Not `EditDraft("")`: a fast typist's next item may already be in the field.
      try await context.dispatch(ClearSubmittedDraft(submitted: draft)).value
    }
  }

  /// Adds an item from the command line.
  ///
  /// - Throws: ``TodosError/emptyTitle`` or ``TodosError/titleTooLong(length:maximum:)``.
  public struct AddTitle: SideEffect {
    /// The title as typed; trimmed, and refused when empty or too long.
    public var text: String
    public init(_ text: String) { self.text = text }
    public func sideEffect(_ context: SideEffectContext<TodosState, AppDependencies>) async throws {
      let title = try context.dependencies.listManager.title(from: text)
      try await context.dispatch(Add(title: title)).value
    }
  }

  /// Marks the item numbered `number` (as `list` shows it) done.
  ///
  /// - Throws: ``TodosError/noSuchItem(number:count:)``.
  public struct CompleteNumber: SideEffect {
    public var number: Int
    public init(_ number: Int) { self.number = number }
    public func sideEffect(_ context: SideEffectContext<TodosState, AppDependencies>) async throws {
      let item = try context.dependencies.listManager.item(number: number, in: context.getState())
      try await context.dispatch(SetDone(id: item.id)).value
    }
  }

  /// Undoes the last change to the list.
  ///
  /// - Throws: ``TodosError/nothingToUndo`` when the history is empty or absent.
  public struct Undo: SideEffect {
    public init() {}
    public func sideEffect(_ context: SideEffectContext<TodosState, AppDependencies>) async throws {
      guard context.dependencies.persistence?.history?.canUndo == true else { throw TodosError.nothingToUndo }
      try await context.dispatch(History<TodosState>.Undo()).value
    }
  }

  /// Redoes the last undone change.
  ///
  /// - Throws: ``TodosError/nothingToRedo``.
  public struct Redo: SideEffect {
    public init() {}
    public func sideEffect(_ context: SideEffectContext<TodosState, AppDependencies>) async throws {
      guard context.dependencies.persistence?.history?.canRedo == true else { throw TodosError.nothingToRedo }
      try await context.dispatch(History<TodosState>.Redo()).value
    }
  }

  /// Waits until every change so far is on disk (a command-line run does this before it exits).
  public struct Save: SideEffect {
    public init() {}
    public func sideEffect(_ context: SideEffectContext<TodosState, AppDependencies>) async throws {
      try await context.dependencies.persistence?.flush()
    }
  }
}
