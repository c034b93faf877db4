import Katana

/// The control whose event the renderer is handling: the side effects a ``Dispatcher`` dispatches while
/// it is bound are that control's work, and keep it busy until they settle (see ``BusyWork``).
///
/// A task-local value, so it reaches the dispatcher wherever the handler calls it, also from a
/// `Task { }` the handler starts (which inherits it), and never leaks to other work on the main
/// actor.
struct EventOrigin: Sendable {
  /// The node the event was sent to.
  let node: NodeID
  /// The busy work of the renderer handling the event.
  let work: BusyWork
  /// Makes that renderer take the work's changes on the main actor.
  let notify: @Sendable () -> Void

  /// Counts `task` as the control's work.
  func add(_ task: DispatchTask<any Sendable>) {
    work.add(task, for: node, notify: notify)
  }

  @TaskLocal static var current: EventOrigin?

  /// Whether an event of this kind activates the control it is sent to (a press, a choice), so
  /// the work it starts is that control's. Keys, text and scrolling are not: a shortcut handled by
  /// a screen is not the focused field's work.
  static func marksBusy(_ event: NodeEvent) -> Bool {
    switch event {
    case .touch, .select: true
    default: false
    }
  }
}
