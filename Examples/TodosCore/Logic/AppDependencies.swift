public import Katana
public import KatanaPersistence

/// The app's dependency container: the list's rules and the persistence side effects flush.
public final class AppDependencies: SideEffectDependencyContainer {
  /// The list's rules.
  public let listManager = TodoListManager()
  /// Where the list is saved; `nil` in a store without persistence (tests).
  public let persistence: Persistence<TodosState>?

  /// A container without persistence.
  public init(dispatch: @escaping AnyDispatch, getState: @escaping GetState) {
    persistence = nil
  }

  /// A container whose side effects save through `persistence`.
  public init(persistence: Persistence<TodosState>?) {
    self.persistence = persistence
  }
}
