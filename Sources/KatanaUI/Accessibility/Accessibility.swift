/// What a description tells assistive technology about its element: a role, a name, a hint, a
/// state, and whether it is hidden or announced when it changes.
///
/// Every built-in element's props carry one (``AccessibleProps/accessibility``). Unset fields fall
/// back to the element's natural meaning, so most descriptions set nothing: a ``Button``'s name is
/// its title, a ``TextField``'s its placeholder, a ``Label`` is text. Say more where the looks do
/// not say it:
///
/// ```swift
/// Button(props: ButtonProps.build { box in
///   box.titles[.normal] = item.isDone ? "[x]" : "[ ]"
///   box.accessibility = .checkbox(isChecked: item.isDone, label: "Done: \(item.title)")
/// })
/// Label(props: LabelProps.build { title in
///   title.text = "Todos"
///   title.accessibility.role = .heading(level: 1)
/// })
/// ```
///
/// Backends resolve the value with ``resolved(kind:props:)`` and map it to their medium: HTML
/// elements and ARIA in a browser; the terminal's cursor on the focused control. The
/// ``RecordingBackend`` exposes the resolved tree (``RecordingBackend/accessibilityTree``) so tests
/// assert on what a screen reader would hear. A plain value: thread-safe.
public struct Accessibility: Hashable, Sendable {
  /// What the element is; `nil` for its natural role (``defaultRole(for:)``).
  public var role: AccessibilityRole?
  /// The accessible name; `nil` for the element's own text (a button's title, a label's text, a
  /// text field's placeholder). Required for images that are not hidden.
  public var label: String?
  /// What happens when the element is used, when the name does not say ("Opens the item").
  public var hint: String?
  /// A value read after the name, for elements whose value is not their text ("3 of 10").
  public var value: String?
  /// The state of a ``AccessibilityRole/checkbox`` or ``AccessibilityRole/switch``.
  public var isChecked: Bool?
  /// Whether a ``AccessibilityRole/tab``, ``AccessibilityRole/option`` or list item is the
  /// selected one.
  public var isSelected: Bool?
  /// Whether a control that shows more (a picker, a disclosure) is open.
  public var isExpanded: Bool?
  /// Whether the element's work is in progress (a button whose action is pending, a list that is
  /// loading); assistive technology says "busy", and a browser shows the control working.
  ///
  /// A control pressed or chosen (a button, a check box, tabs…) is made busy by the renderer
  /// itself while the side effects its handler dispatched through the ``Dispatcher`` are pending, so
  /// most apps never set this. Set it for work the renderer cannot see (a list loading on its
  /// own); `true` here keeps the element busy whatever its pending work.
  public var isBusy = false
  /// The value of a ``AccessibilityRole/progressBar``; `nil` while it is indeterminate.
  public var range: AccessibilityRange?
  /// Hidden from assistive technology, children included: decoration, or text repeated by a
  /// control's name. An image marked hidden is decorative.
  public var isHidden = false
  /// Whether changes to the element's text are announced (see ``LiveRegion``).
  public var liveRegion: LiveRegion?

  /// Nothing set: the element's natural meaning.
  public init() {}

  /// A value with the given fields; every other one unset.
  public init(
    role: AccessibilityRole? = nil, label: String? = nil, hint: String? = nil, value: String? = nil,
    isHidden: Bool = false, liveRegion: LiveRegion? = nil
  ) {
    self.role = role
    self.label = label
    self.hint = hint
    self.value = value
    self.isHidden = isHidden
    self.liveRegion = liveRegion
  }

  /// A checkbox: an on/off control (a todo's done box).
  public static func checkbox(isChecked: Bool, label: String? = nil) -> Accessibility {
    var value = Accessibility(role: .checkbox, label: label)
    value.isChecked = isChecked
    return value
  }

  /// A heading of the given level (1 is the screen's title).
  public static func heading(level: Int, label: String? = nil) -> Accessibility {
    Accessibility(role: .heading(level: min(max(level, 1), 6)), label: label)
  }

  /// A landmark region a user can jump to.
  public static func landmark(_ landmark: Landmark, label: String? = nil) -> Accessibility {
    Accessibility(role: .landmark(landmark), label: label)
  }

  /// Hidden from assistive technology: decoration, or an image that shows nothing to name.
  public static let decorative = Accessibility(isHidden: true)

  /// The natural role of an element of `kind`: ``AccessibilityRole/button`` for buttons,
  /// ``AccessibilityRole/text`` for labels, ``AccessibilityRole/image`` for images,
  /// ``AccessibilityRole/textField`` for text fields, ``AccessibilityRole/list`` for tables,
  /// ``AccessibilityRole/checkbox`` for check boxes, ``AccessibilityRole/tabList`` for tabs,
  /// ``AccessibilityRole/picker`` for pickers, ``AccessibilityRole/textArea`` for text areas,
  /// ``AccessibilityRole/dialog(isAlert:)`` for dialogs, ``AccessibilityRole/status`` for toasts
  /// and status lines, ``AccessibilityRole/progressBar`` for progress bars and activity
  /// indicators, and ``AccessibilityRole/group`` for everything else (views, touch handlers,
  /// scroll views, key-help bars, custom kinds). Some props refine it: a switch-style
  /// ``Checkbox`` is a ``AccessibilityRole/switch``, an alert ``Dialog`` an alert dialog.
  public static func defaultRole(for kind: NativeViewKind) -> AccessibilityRole {
    switch kind {
    case .button: .button
    case .label: .text
    case .image: .image
    case .textField: .textField
    case .table: .list
    case .checkbox: .checkbox
    case .tabs: .tabList
    case .picker: .picker
    case .textArea: .textArea
    case .dialog: .dialog(isAlert: false)
    case .toast, .statusLine: .status
    case .progressBar, .activityIndicator: .progressBar
    default: .group
    }
  }
}
