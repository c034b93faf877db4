/// An editable multi-line text, wrapped at words, that scrolls to keep the caret in view.
///
/// Each edit arrives as ``NodeEvent/textEdit(_:)`` and calls ``TextAreaProps/onEdit``; keep the
/// ``TextDocument`` in your state and apply the edit to it:
///
/// ```swift
/// struct EditBody: StateUpdater {
///   let edit: TextEdit
///   func updateState(_ state: inout NotesState) { state.body.apply(edit) }
/// }
///
/// TextArea(props: TextAreaProps.build { area in
///   area.frame = Rect(x: 0, y: 32, width: width, height: 160)
///   area.document = state.body
///   area.placeholder = "Note"
///   area.onEdit = { edit in dispatch(EditBody(edit: edit)) }
/// })
/// ```
///
/// In a terminal the backend keeps the caret and the scroll position: characters are typed at
/// the caret; Left / Right move by character, with Alt (or Ctrl) by word; Up / Down by wrapped
/// line; Home / End to the start and end of the line; Page Up / Page Down by the area's height;
/// Enter breaks the line; Backspace and Delete remove around the caret; a paste is one edit.
/// Tab leaves the area (it does not insert a tab) and Esc stops editing, as in a text field.
/// Lines wrap at spaces and are measured in terminal columns, wide characters as two. Drawing
/// and each key cost the lines in view, not the document. In a browser it is a native
/// `<textarea>`, with the browser's own caret, selection, undo of typing and clipboard; the
/// page reports each change as the smallest edit that makes it.
public struct TextArea: NodeDescription {
  /// The description's props.
  public var props: TextAreaProps

  /// Creates the description from its props.
  public init(props: TextAreaProps) {
    self.props = props
  }

  /// The kind of native view backends create for it.
  public static var nativeViewKind: NativeViewKind { .textArea }

  @MainActor
  public static func childrenDescriptions(
    props: TextAreaProps, state: EmptyState, update: @escaping Update<EmptyState>, dispatch: Dispatcher
  ) -> [AnyNodeDescription] {
    []
  }

  @MainActor
  public static func handle(
    event: NodeEvent, props: TextAreaProps, state: EmptyState, dispatch: Dispatcher,
    update: @escaping Update<EmptyState>
  ) -> Bool {
    guard case .textEdit(let edit) = event else { return false }
    guard props.isEnabled, let onEdit = props.onEdit else { return true }
    onEdit(edit)
    return true
  }
}
