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
    element.isChecked = given.isChecked ?? (props as? CheckboxProps)?.isChecked
    element.isSelected = given.isSelected
    element.isExpanded = given.isExpanded
    element.isBusy = given.isBusy || (props as? ActivityIndicatorProps)?.isAnimating == true
    element.isEnabled = naturalEnabled(of: props)
    element.range = given.range ?? naturalRange(of: props)
    element.liveRegion = given.liveRegion ?? naturalLiveRegion(of: element.role)
    return element
  }

  /// The kind's role, refined by props that say more (a switch, an alert dialog).
  private static func naturalRole(kind: NativeViewKind, props: any NodeDescriptionProps) -> AccessibilityRole {
    switch props {
    case let box as CheckboxProps: box.style == .switch ? .switch : .checkbox
    case let dialog as DialogProps: .dialog(isAlert: dialog.isAlert)
    default: defaultRole(for: kind)
    }
  }

  private static func naturalName(of props: any NodeDescriptionProps) -> String? {
    switch props {
    case let button as ButtonProps: button.title(for: .normal)
    case let label as LabelProps: label.text
    case let field as TextFieldProps: field.placeholder.isEmpty ? nil : field.placeholder
    case let box as CheckboxProps: box.title
    case let dialog as DialogProps: dialog.title
    case let status as StatusProps: status.text
    case let picker as PickerProps: picker.title.isEmpty ? nil : picker.title
    case let area as TextAreaProps: area.placeholder.isEmpty ? nil : area.placeholder
    case let progress as ProgressBarProps: progress.title.isEmpty ? nil : progress.title
    case let spinner as ActivityIndicatorProps: spinner.title.isEmpty ? nil : spinner.title
    default: nil
    }
  }

  private static func naturalValue(of props: any NodeDescriptionProps) -> String? {
    switch props {
    case let field as TextFieldProps: field.isSecure ? nil : field.text
    case let picker as PickerProps: picker.options.indices.contains(picker.selectedIndex) ? picker.options[picker.selectedIndex] : nil
    case let tabs as TabsProps: tabs.titles.indices.contains(tabs.selectedIndex) ? tabs.titles[tabs.selectedIndex] : nil
    default: nil
    }
  }

  private static func naturalRange(of props: any NodeDescriptionProps) -> AccessibilityRange? {
    guard let progress = props as? ProgressBarProps, let value = progress.value else { return nil }
    return AccessibilityRange(current: value)
  }

  private static func naturalEnabled(of props: any NodeDescriptionProps) -> Bool {
    switch props {
    case let button as ButtonProps: button.isEnabled
    case let field as TextFieldProps: field.isEnabled
    case let box as CheckboxProps: box.isEnabled
    case let tabs as TabsProps: tabs.isEnabled
    case let picker as PickerProps: picker.isEnabled
    case let area as TextAreaProps: area.isEnabled
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
