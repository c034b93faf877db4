import KatanaUI
import NotesCore

/// The props of the not-found screen.
struct NotesNotFoundScreenProps: NodeDescriptionProps, AccessibleProps {
  var path = ""
  var frame = Rect.zero
  var alpha = 1.0
  var key: String?
  /// Nothing of its own: the navigation root already makes each screen the page's main landmark.
  var accessibility = Accessibility()
}

/// What a link to an unknown path shows: where it led, and the way back to the list.
struct NotesNotFoundScreen: NodeDescription {
  var props: NotesNotFoundScreenProps

  static func childrenDescriptions(
    props: NotesNotFoundScreenProps, state: EmptyState, update: @escaping Update<EmptyState>, dispatch: Dispatcher
  ) -> [AnyNodeDescription] {
    [
      NotesLayout.label(
        "notFound.message", "Nothing here: \(props.path) is not a page of this app.", y: NotesLayout.line,
        width: max(0, props.frame.width - 2 * NotesLayout.column)),
      NotesLayout.button("notFound.list", "back to the notes", x: NotesLayout.column, y: 3 * NotesLayout.line) {
        dispatch(Navigation.PopToRoot<NotesState>())
      },
    ]
  }
}
