/// A node's identity among its siblings: the description type plus the props key.
struct Identity: Hashable {
  let type: ObjectIdentifier
  let key: String?

  init(type: ObjectIdentifier, key: String?) {
    self.type = type
    self.key = key
  }

  init(_ description: AnyNodeDescription) {
    type = ObjectIdentifier(Swift.type(of: description))
    key = description.props.key
  }
}

/// Returns `description` with its frame replaced.
func withFrame(_ description: some NodeDescription, _ frame: Rect) -> AnyNodeDescription {
  var copy = description
  copy.props.frame = frame
  return copy
}

/// Returns `description` with its children (when its props are ``Childrenable``) replaced.
func withChildren<D: NodeDescription>(_ description: D, _ children: [AnyNodeDescription]) -> AnyNodeDescription {
  guard var props = description.props as? any Childrenable else { return description }
  props.children = children
  guard let typed = props as? D.PropsType else { return description }
  var copy = description
  copy.props = typed
  return copy
}
