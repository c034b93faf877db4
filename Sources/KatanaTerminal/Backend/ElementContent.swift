import KatanaUI

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
    /// A check box or switch: `[x] Title`.
    case checkbox
    /// A row of tabs, ``options`` with ``selectedIndex``.
    case tabs
    /// A choice among ``options``: `‹ Option ›`.
    case picker
    /// An editable multi-line text: ``document``.
    case textArea
    /// A modal box with ``text`` as its title in the top edge.
    case dialog
    /// A transient message in inverse video.
    case toast
    /// A line of status text.
    case statusLine
    /// A bar filled to ``progress`` (animated while it is nil).
    case progressBar
    /// A spinner (while ``isAnimating``) and ``text``.
    case activityIndicator
    /// A scrolling container with a scroll bar.
    case scrollView
    /// The terminal's help line: ``text`` made from the key bindings.
    case keyHelp
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
  /// Check boxes: checked.
  var isChecked = false
  /// Check boxes: drawn as a switch.
  var isSwitch = false
  /// Tabs' titles; a picker's options.
  var options: [String] = []
  /// The selected tab or option.
  var selectedIndex = 0
  /// Progress bars: the value from 0 to 1, nil while indeterminate.
  var progress: Double?
  /// Activity indicators: turning.
  var isAnimating = false
  /// Text areas: the document as the store last gave it.
  var document = TextDocument()

  /// Whether keyboard focus can rest on this node.
  var isFocusable: Bool {
    switch role {
    case .button, .textField, .checkbox, .tabs, .picker, .textArea: isEnabled
    default: false
    }
  }

  /// Whether the node scrolls its children (a table or a scroll view).
  var scrolls: Bool { role == .table || role == .scrollView }

  /// Whether the node is drawn differently as time passes (a spinner, an indeterminate bar).
  var isAnimated: Bool {
    (role == .activityIndicator && isAnimating) || (role == .progressBar && progress == nil)
  }

  /// Whether a click on this node is reported to it.
  var receivesClicks: Bool {
    switch role {
    case .button, .textField, .checkbox, .tabs, .picker, .textArea: isEnabled
    case .touchHandler, .table, .scrollView: true
    default: false
    }
  }
}
