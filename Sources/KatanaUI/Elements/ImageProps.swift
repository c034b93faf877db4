/// The props of an ``Image``.
public struct ImageProps: NodeDescriptionProps, Buildable, Hashable, Sendable, AccessibleProps {
  /// The frame, in points, relative to the parent.
  public var frame: Rect = .zero
  /// The opacity, from 0 to 1.
  public var alpha: Double = 1
  /// The key among siblings of the same type; set by Plastic layouts to find the view.
  public var key: String?
  /// The fill color; clear by default (the original: white). See <doc:DeliberateDifferences>.
  public var backgroundColor: Color = .clear
  /// The corner radius: a Plastic value, scaled by the node's multiplier like the layout.
  ///
  /// Backends receive it resolved: `.fixed(points)` (see ``Mutation``).
  public var cornerRadius: Value = .zero
  /// The border width: a Plastic value, scaled by the node's multiplier like the layout. Use a
  /// `.fixed` width for borders that must not scale (a terminal's one-cell frame).
  ///
  /// Backends receive it resolved: `.fixed(points)` (see ``Mutation``).
  public var borderWidth: Value = .zero
  /// The border color.
  public var borderColor: Color = .clear
  /// Whether content is clipped to the frame.
  public var clipsToBounds = true
  /// The image's name; the backend resolves it (an asset, a file, a glyph).
  public var image: String?
  /// A color to tint template images with.
  public var tintColor: Color?

  /// What the element is to assistive technology; unset fields take its natural meaning.
  public var accessibility = Accessibility()

  /// Default props; configure them with `build`.
  public init() {}
}
