/// Props whose styling lengths (corner radius, border width) are Plastic ``Value``s, so a design
/// scales them with the multiplier like its frames.
///
/// The renderer resolves them for each node before anything else sees the props: both values
/// become `.fixed(value.scale(by: multiplier))`, where the multiplier is the node's own (its
/// parent's, or its own reference size's). Backends therefore receive points in `fixed` and a
/// `scalable` part of 0, and a multiplier change that leaves the frame alone still updates them.
package protocol PlasticStyledProps: NodeDescriptionProps {
  /// The corner radius.
  var cornerRadius: Value { get set }
  /// The border width.
  var borderWidth: Value { get set }
}

extension PlasticStyledProps {
  /// Replaces the corner radius and border width with their points for `multiplier`.
  package mutating func resolveStyling(multiplier: Double) {
    cornerRadius = .fixed(cornerRadius.scale(by: multiplier))
    borderWidth = .fixed(borderWidth.scale(by: multiplier))
  }
}
