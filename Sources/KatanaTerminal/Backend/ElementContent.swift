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
    /// Replace the end with an ellipsis.
    case tail
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
  /// Tables: how many rows each section has, to turn a clicked child into an index path.
  var rowsPerSection: [Int] = []

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
