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

  /// A readable form for logs and test failures.
  public var description: String { rawValue }
}
