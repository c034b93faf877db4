/// How a ``Checkbox`` looks and what it is to assistive technology.
public enum CheckboxStyle: Hashable, Sendable {
  /// A box with a check mark: `[x]` in a terminal, `<input type=checkbox>` in a browser; the
  /// ``AccessibilityRole/checkbox`` role.
  case checkbox
  /// An on/off switch: `(on )` in a terminal, a checkbox with the `switch` role in a browser; the
  /// ``AccessibilityRole/switch`` role.
  case `switch`
}
