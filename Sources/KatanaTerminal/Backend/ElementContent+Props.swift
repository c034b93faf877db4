import KatanaUI

extension ElementContent {
  /// What to draw for a node of `kind` with `props`.
  ///
  /// Unknown kinds draw as plain containers, as the backend protocol asks.
  init(kind: NativeViewKind, props: any NodeDescriptionProps) {
    switch kind {
    case .label: role = .label
    case .button: role = .button
    case .touchHandler: role = .touchHandler
    case .textField: role = .textField
    case .table: role = .table
    case .image: role = .image
    default: role = .view
    }
  }
}
