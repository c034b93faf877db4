public import Katana
import KatanaUI

/// The message shown for a moment ("Saved"): the module's public interface.
///
/// Side effects of other modules end with ``flash(_:_:)``; the screens only read
/// ``NotesState/toast``. A newer message replaces an older one at once, and the older one's
/// timer never hides it.
public enum ToastActions {
  /// Shows `text` now, and hides it after ``AppDependencies/toastDuration`` on the dependencies'
  /// clock, unless a newer message replaced it.
  ///
  /// A step of a side effect, not a dispatchable: the calling side effect's task waits for the
  /// message to go (so a test advances its clock), and cancelling that task hides it at once.
  ///
  /// - Parameters:
  ///   - text: the message.
  ///   - context: the calling side effect's context.
  /// - Throws: what dispatching throws; never `CancellationError` (the message is hidden then).
  public static func flash(_ text: String, _ context: SideEffectContext<NotesState, AppDependencies>) async throws {
    try await context.dispatch(Show(text: text)).value
    guard let shown = context.getState().toast?.id else { return }
    try? await context.dependencies.clock.sleep(for: context.dependencies.toastDuration)
    try await context.dispatch(Hide(id: shown)).value
  }
}

extension ToastActions {
  /// Shows `text` with a new id.
  fileprivate struct Show: SessionUpdater, Equatable {
    var text: String
    func updateState(_ state: inout NotesState) {
      state.lastToastID += 1
      state.toast = ToastMessage(id: state.lastToastID, text: text)
    }
  }

  /// Hides the message `id`; a newer message stays.
  fileprivate struct Hide: SessionUpdater, Equatable {
    var id: Int
    func updateState(_ state: inout NotesState) {
      if state.toast?.id == id { state.toast = nil }
    }
  }
}
