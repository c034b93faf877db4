/// Props that carry child descriptions, such as ``ViewProps``.
///
/// Plastic layouts look through them: the keyed descriptions inside a `Childrenable` child are
/// laid out by the same `layout` call as the direct children.
public protocol Childrenable {
  /// The child descriptions.
  var children: [AnyNodeDescription] { get set }
}
