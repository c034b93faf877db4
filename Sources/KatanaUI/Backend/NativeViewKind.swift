/// What kind of native view a node asks its backend for.
///
/// A backend switches on the kind to decide what to draw and reads the element's props (for
/// example ``LabelProps`` for ``label``) by casting the props it receives. Kinds are open: a
/// custom description may declare its own, and a backend that does not know a kind should draw a
/// plain container (``view``).
public struct NativeViewKind: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
  /// The kind's name.
  public let rawValue: String

  /// Creates a kind from its name.
  public init(rawValue: String) {
    self.rawValue = rawValue
  }

  /// A plain container: frame, alpha, background. The default for every description.
  public static let view = NativeViewKind(rawValue: "view")
  /// A text label (``Label``, props ``LabelProps``).
  public static let label = NativeViewKind(rawValue: "label")
  /// A button (``Button``, props ``ButtonProps``).
  public static let button = NativeViewKind(rawValue: "button")
  /// An image (``Image``, props ``ImageProps``).
  public static let image = NativeViewKind(rawValue: "image")
  /// An invisible container that reports touches (``TouchHandler``, props ``TouchHandlerProps``).
  public static let touchHandler = NativeViewKind(rawValue: "touchHandler")
  /// An editable single-line text field (``TextField``, props ``TextFieldProps``).
  public static let textField = NativeViewKind(rawValue: "textField")
  /// A scrolling list of rows (``Table``, props ``TableProps``); its children are the cells.
  public static let table = NativeViewKind(rawValue: "table")
  /// A check box or switch (``Checkbox``, props ``CheckboxProps``).
  public static let checkbox = NativeViewKind(rawValue: "checkbox")
  /// A row of tabs (``Tabs``, props ``TabsProps``).
  public static let tabs = NativeViewKind(rawValue: "tabs")
  /// A choice among options (``Picker``, props ``PickerProps``).
  public static let picker = NativeViewKind(rawValue: "picker")
  /// An editable multi-line text (``TextArea``, props ``TextAreaProps``).
  public static let textArea = NativeViewKind(rawValue: "textArea")
  /// A modal window over the screen (``Dialog``, props ``DialogProps``); its children are its content.
  public static let dialog = NativeViewKind(rawValue: "dialog")
  /// A transient message (``Toast``, props ``StatusProps``).
  public static let toast = NativeViewKind(rawValue: "toast")
  /// A line of status text (``StatusLine``, props ``StatusProps``).
  public static let statusLine = NativeViewKind(rawValue: "statusLine")
  /// How far a task has gone (``ProgressBar``, props ``ProgressBarProps``).
  public static let progressBar = NativeViewKind(rawValue: "progressBar")
  /// Work in progress of unknown length: a spinner (``ActivityIndicator``, props
  /// ``ActivityIndicatorProps``).
  public static let activityIndicator = NativeViewKind(rawValue: "activityIndicator")
  /// A container whose content scrolls, with a scroll bar (``ScrollView``, props ``ScrollViewProps``).
  public static let scrollView = NativeViewKind(rawValue: "scrollView")
  /// The keys a screen answers to, with their help (``KeyHelpBar``, props ``KeyHelpBarProps``).
  public static let keyHelp = NativeViewKind(rawValue: "keyHelp")

  /// A readable form for logs and test failures.
  public var description: String { rawValue }
}
