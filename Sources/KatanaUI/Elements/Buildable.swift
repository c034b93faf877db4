/// Props that can be created empty and configured in a closure, as the elements' props are.
///
/// ```swift
/// let props = LabelProps.build { $0.text = "Count: 0" }
/// ```
public protocol Buildable {
  /// The default value.
  init()
}

extension Buildable {
  /// A default value configured by `body`.
  public static func build(_ body: (inout Self) -> Void) -> Self {
    var value = Self()
    body(&value)
    return value
  }
}
