/// How the terminal draws one node, distilled from its kind and props.
///
/// The backend keeps this instead of the props themselves, so drawing never casts; it is
/// recomputed on every `create` and `updateProps`.
struct ElementContent: Equatable {
  /// Horizontal placement of text inside its frame.
  enum Alignment: Equatable {
    case left
    case center
    case right
  }

  /// What happens to text wider than its frame.
  enum Truncation: Equatable {
    /// Cut at the edge.
    case clip
    /// Replace the start with an ellipsis.
    case head
    /// Replace the middle with an ellipsis.
    case middle
    /// Replace the end with an ellipsis.
    case tail
    /// Wrap at word boundaries onto the next lines (as many as fit, or ``maximumLines``).
    case wrap
  }

  enum Role: Equatable {
    /// A container: background and border only.
    case view
    case label
    case button
    /// An invisible container that reports clicks.
    case touchHandler
    case textField
    /// A scrolling container whose children are the rows.
    case table
    case image
  }

  var role: Role = .view
  /// Text of a label or title of a button; the current text of a text field.
  var text = ""
  /// Shown in an empty text field.
  var placeholder = ""
  var alignment: Alignment = .left
  var truncation: Truncation = .tail
  var foreground: TerminalColor?
  var background: TerminalColor?
  var borderColor: TerminalColor?
  var hasBorder = false
  var isBold = false
  var isEnabled = true
  /// Text fields: draw bullets instead of the text.
  var isSecure = false
  /// Buttons: the title shown while focused (the focused-state title, or ``text``).
  var focusedText = ""
  /// Labels: at most this many lines (0 = as many as fit).
  var maximumLines = 1

  /// Whether keyboard focus can rest on this node.
  var isFocusable: Bool {
    switch role {
    case .button, .textField: isEnabled
    default: false
    }
  }

  /// Whether a click on this node is reported to it.
  var receivesClicks: Bool {
    switch role {
    case .button, .textField: isEnabled
    case .touchHandler, .table: true
    default: false
    }
  }
}
