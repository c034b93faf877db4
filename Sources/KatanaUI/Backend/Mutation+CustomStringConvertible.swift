extension Mutation: CustomStringConvertible {
  /// One readable line, with a summary of the props: only the properties that differ from the
  /// props type's defaults (for ``Buildable`` props), frames as `(x, y, width, height)`,
  /// dictionaries sorted and lists of children counted, so it is stable from run to run.
  ///
  /// ```
  /// create #2 label LabelProps(frame: (0, 0, 320, 50), key: "title", text: "Count: 0")
  /// insert #2 into #1 at 0
  /// setFrame #3 (0, 50, 160, 430)
  /// ```
  ///
  /// Compare ``RecordingBackend/logDescription`` with the expected text when an exact
  /// `==` (see ``==(_:_:)``) would need too many props spelled out.
  public var description: String {
    switch self {
    case .create(let id, let kind, let props):
      "create \(id) \(kind) \(Self.summary(of: props))"
    case .updateProps(let id, let props):
      "updateProps \(id) \(Self.summary(of: props))"
    case .insert(let id, let parent, let index):
      "insert \(id) into \(parent) at \(index)"
    case .move(let id, let parent, let index):
      "move \(id) in \(parent) to \(index)"
    case .remove(let id):
      "remove \(id)"
    case .setFrame(let id, let frame):
      "setFrame \(id) \(Self.text(of: frame))"
    case .animate(let type, let mutations):
      "animate \(type) [\(mutations.map(\.description).joined(separator: "; "))]"
    case .command(let id, let command):
      "command \(id) \(command)"
    }
  }

  /// `TypeName(label: value, …)` with the properties that differ from the type's defaults (all of
  /// them when the type has no `init()`).
  static func summary(of props: any NodeDescriptionProps) -> String {
    let defaults = (type(of: props) as? any Buildable.Type).map { Mirror(reflecting: $0.init()) }
    var defaultText: [String: String] = [:]
    if let defaults {
      for child in defaults.children {
        if let label = child.label { defaultText[label] = text(of: child.value) }
      }
    }
    var parts: [String] = []
    for child in Mirror(reflecting: props).children {
      guard let label = child.label else { continue }
      let value = text(of: child.value)
      if defaults != nil, defaultText[label] == value { continue }
      parts.append("\(label.hasPrefix("_") ? String(label.dropFirst()) : label): \(value)")
    }
    return "\(type(of: props))(\(parts.joined(separator: ", ")))"
  }

  /// A short, stable text for one property value.
  private static func text(of value: Any) -> String {
    switch value {
    case let rect as Rect:
      return "(\(number(rect.minX)), \(number(rect.minY)), \(number(rect.width)), \(number(rect.height)))"
    case let value as Value:
      if value.scalable == 0 { return ".fixed(\(number(value.fixed)))" }
      if value.fixed == 0 { return ".scalable(\(number(value.scalable)))" }
      return "Value(scalable: \(number(value.scalable)), fixed: \(number(value.fixed)))"
    case let number as Double:
      return Self.number(number)
    case let string as String:
      return String(reflecting: string)
    case let descriptions as [AnyNodeDescription]:
      return "[\(descriptions.count) children]"
    default:
      let mirror = Mirror(reflecting: value)
      if mirror.displayStyle == .dictionary {
        let entries = mirror.children.map { entry -> String in
          let pair = Array(Mirror(reflecting: entry.value).children)
          guard pair.count == 2 else { return String(describing: entry.value) }
          return "\(text(of: pair[0].value)): \(text(of: pair[1].value))"
        }
        return entries.isEmpty ? "[:]" : "[\(entries.sorted().joined(separator: ", "))]"
      }
      if mirror.displayStyle == .optional {
        guard let wrapped = mirror.children.first else { return "nil" }
        return text(of: wrapped.value)
      }
      return String(describing: value)
    }
  }

  /// `3` rather than `3.0`; other numbers as Swift prints them.
  private static func number(_ value: Double) -> String {
    value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(value)
  }
}
