/// A modal window over the screen: while it is in the tree, only its content takes the focus,
/// the keys and the clicks.
///
/// The app shows a dialog by adding it to the tree (last, so it is drawn on top) and closes it
/// by removing it. When it appears the focus moves to its first control; when it goes the focus
/// returns to where it was. Esc (a ``NodeEvent/key(_:)`` bubbling from its content) calls
/// ``DialogProps/onDismiss``. In a browser it is a native `<dialog>` opened with `showModal()`:
/// the page behind it is inert, and the browser's Esc reaches ``DialogProps/onDismiss``. In a
/// terminal it is a bordered box with the title in its top edge; Tab cycles its controls.
///
/// ``confirm(title:message:confirmTitle:cancelTitle:in:onConfirm:onCancel:)`` and
/// ``alert(title:message:buttonTitle:in:onDismiss:)`` build the common ones:
///
/// ```swift
/// if state.isConfirmingDelete {
///   children.append(Dialog.confirm(
///     title: "Delete note?", message: "“\(note.title)” goes for good.", confirmTitle: "Delete",
///     in: props.frame.size,
///     onConfirm: { dispatch(DeleteNote(id: note.id)) },
///     onCancel: { dispatch(CancelDelete()) }))
/// }
/// ```
public struct Dialog: NodeDescription {
  /// The description's props.
  public var props: DialogProps

  /// Creates the description from its props.
  public init(props: DialogProps) {
    self.props = props
  }

  /// The kind of native view backends create for it.
  public static var nativeViewKind: NativeViewKind { .dialog }

  @MainActor
  public static func childrenDescriptions(
    props: DialogProps, state: EmptyState, update: @escaping Update<EmptyState>, dispatch: Dispatcher
  ) -> [AnyNodeDescription] {
    props.children
  }

  @MainActor
  public static func handle(
    event: NodeEvent, props: DialogProps, state: EmptyState, dispatch: Dispatcher,
    update: @escaping Update<EmptyState>
  ) -> Bool {
    guard case .key(let press) = event else { return false }
    if press.key == .escape, press.modifiers.isEmpty, let onDismiss = props.onDismiss {
      onDismiss()
    }
    // A modal dialog keeps every key: none reaches the screen behind it.
    return true
  }

  /// A frame of `width` × `height` points centred in a container of `size` (and no larger).
  public static func centered(width: Double, height: Double, in size: Size) -> Rect {
    let width = min(width, size.width)
    let height = min(height, size.height)
    return Rect(
      x: ((size.width - width) / 2).rounded(.down), y: ((size.height - height) / 2).rounded(.down), width: width,
      height: height)
  }

  /// A dialog that asks a question: a message, then a cancel and a confirm button. Cancel comes
  /// first in reading order and takes the focus when the dialog opens, so an Enter pressed out of
  /// habit does not destroy anything.
  ///
  /// - Parameters:
  ///   - title: the question ("Delete note?").
  ///   - message: what happens if the user confirms.
  ///   - confirmTitle: the confirm button's title ("Delete").
  ///   - cancelTitle: the cancel button's title.
  ///   - size: the size of the container the dialog is centred in (the screen's frame size).
  ///   - onConfirm: called when the user confirms.
  ///   - onCancel: called when the user cancels: the cancel button or Esc.
  public static func confirm(
    title: String, message: String, confirmTitle: String = "OK", cancelTitle: String = "Cancel", in size: Size,
    onConfirm: @escaping @MainActor () -> Void, onCancel: @escaping @MainActor () -> Void
  ) -> Dialog {
    make(
      title: title, message: message, isAlert: true, size: size,
      buttons: [("dialog.cancel", cancelTitle, onCancel), ("dialog.confirm", confirmTitle, onConfirm)],
      onDismiss: onCancel)
  }

  /// A dialog that tells something: a message and one button.
  ///
  /// - Parameters:
  ///   - title: the title ("Export failed").
  ///   - message: the message.
  ///   - buttonTitle: the button's title.
  ///   - size: the size of the container the dialog is centred in (the screen's frame size).
  ///   - onDismiss: called when the user closes it: the button or Esc.
  public static func alert(
    title: String, message: String, buttonTitle: String = "OK", in size: Size,
    onDismiss: @escaping @MainActor () -> Void
  ) -> Dialog {
    make(
      title: title, message: message, isAlert: true, size: size, buttons: [("dialog.ok", buttonTitle, onDismiss)],
      onDismiss: onDismiss)
  }

  private static func make(
    title: String, message: String, isAlert: Bool, size: Size,
    buttons: [(key: String, title: String, action: @MainActor () -> Void)], onDismiss: @escaping @MainActor () -> Void
  ) -> Dialog {
    // Points: 8 a column and 16 a line, the grid the terminal maps to cells (and a comfortable
    // size in a browser).
    let column = 8.0
    let line = 16.0
    let width = min(max(Double(max(title.count, message.count) + 6) * column, 30 * column), max(size.width - 2 * column, 0))
    let textWidth = max(0, width - 4 * column)
    let messageLines = max(1, Int((Double(message.count) * column / max(textWidth, column)).rounded(.up)))
    let height = line * Double(messageLines + 5)
    let frame = centered(width: width, height: height, in: size)
    var children: [AnyNodeDescription] = [
      Label(props: LabelProps.build { label in
        label.key = "dialog.message"
        label.frame = Rect(x: 2 * column, y: 1.5 * line, width: textWidth, height: line * Double(messageLines))
        label.text = message
        label.numberOfLines = 0
        label.lineBreakMode = .byWordWrapping
      })
    ]
    var right = width - 2 * column
    for button in buttons.reversed() {
      let buttonWidth = Double(button.title.count + 4) * column
      right -= buttonWidth
      children.append(Button(props: ButtonProps.build { props in
        props.key = button.key
        props.frame = Rect(x: right, y: height - 2.5 * line, width: buttonWidth, height: line)
        props.titles[.normal] = button.title
        props.borderWidth = .fixed(1)
        props.borderColor = Color(rgb: 0x5F5F5F)
        props.cornerRadius = .fixed(4)
        let action = button.action
        props.touchHandlers = [.touchUpInside: { action() }]
      }))
      right -= column
    }
    // Buttons in reading order (left to right), so Tab walks them as they are drawn.
    children = [children[0]] + children.dropFirst().reversed()
    return Dialog(props: DialogProps.build { dialog in
      dialog.frame = frame
      dialog.title = title
      dialog.isAlert = isAlert
      dialog.children = children
      dialog.onDismiss = onDismiss
    })
  }
}
