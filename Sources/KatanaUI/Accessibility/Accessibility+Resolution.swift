extension Accessibility {
  /// What assistive technology perceives of a node of `kind` with `props`, without its children;
  /// `nil` when the node is hidden (``Accessibility/isHidden``), children included.
  ///
  /// Unset fields take the element's natural meaning: its role from ``defaultRole(for:)``, its
  /// name from its visible text (a button's normal title, a label's text, a text field's
  /// placeholder), its enabled state from its props. Props that are not ``AccessibleProps``
  /// resolve to their natural role with no name.
  ///
  /// - Parameters:
  ///   - kind: the node's native view kind.
  ///   - props: the node's props, as a backend receives them.
  public static func resolved(kind: NativeViewKind, props: any NodeDescriptionProps) -> AccessibilityElement? {
    let given = (props as? any AccessibleProps)?.accessibility ?? Accessibility()
    guard !given.isHidden else { return nil }
    var element = AccessibilityElement(role: given.role ?? naturalRole(kind: kind, props: props))
    element.name = given.label ?? naturalName(of: props) ?? ""
    element.value = given.value ?? naturalValue(of: props)
    element.hint = given.hint
    element.isChecked = given.isChecked
    element.isSelected = given.isSelected
    element.isExpanded = given.isExpanded
    element.isBusy = given.isBusy
    element.isEnabled = naturalEnabled(of: props)
    element.range = given.range
    element.liveRegion = given.liveRegion ?? naturalLiveRegion(of: element.role)
    return element
  }

  /// A table's rows are the items of its list; everything else takes its kind's role.
  private static func naturalRole(kind: NativeViewKind, props: any NodeDescriptionProps) -> AccessibilityRole {
    props is TableRowProps ? .listItem : defaultRole(for: kind)
  }

  private static func naturalName(of props: any NodeDescriptionProps) -> String? {
    switch props {
    case let button as ButtonProps: button.title(for: .normal)
    case let label as LabelProps: label.text
    case let field as TextFieldProps: field.placeholder.isEmpty ? nil : field.placeholder
    default: nil
    }
  }

  private static func naturalValue(of props: any NodeDescriptionProps) -> String? {
    guard let field = props as? TextFieldProps else { return nil }
    return field.isSecure ? nil : field.text
  }

  private static func naturalEnabled(of props: any NodeDescriptionProps) -> Bool {
    switch props {
    case let button as ButtonProps: button.isEnabled
    case let field as TextFieldProps: field.isEnabled
    default: true
    }
  }

  /// Statuses and alerts are live by nature (ARIA's implicit `aria-live` of those roles).
  private static func naturalLiveRegion(of role: AccessibilityRole) -> LiveRegion? {
    switch role {
    case .status: .polite
    case .alert: .assertive
    default: nil
    }
  }
}
