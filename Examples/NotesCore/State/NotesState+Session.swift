public import KatanaUI

extension NotesState: SessionState {
  /// What each browser tab has of its own: its screens, the title and fields it is typing, the
  /// delete it is asked to confirm, the transfer file it typed and the message it shows. The
  /// notes, folders, settings and the transfer under way are shared by every tab.
  ///
  /// The search stays shared: it is one cancellable side effect for the whole app (a new query
  /// cancels the search under way), so a tab's query would cancel another tab's search and
  /// leave it spinning.
  public static var sessionScope: SessionScope<NotesState> {
    .routes.including(\.draft).including(\.edits).including(\.confirmingDelete).including(\.transferPath)
      .including(\.toast).including(\.lastToastID)
  }
}
