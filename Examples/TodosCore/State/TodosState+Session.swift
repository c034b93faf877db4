public import KatanaUI

extension TodosState: SessionState {
  /// What each browser tab has of its own: its screens, the new item's title it is typing and the
  /// item fields it is editing. The list and the settings (filter, order) are shared by every tab
  /// and saved.
  ///
  /// The side effects that read the typed text (``TodoActions/SubmitDraft``,
  /// ``TodoActions/SaveEdit``) see the tab's own, as a side effect dispatched from a tab does.
  public static var sessionScope: SessionScope<TodosState> {
    .routes.including(\.draft).including(\.edits)
  }
}
