/// How a group of children animates in or out: an ``AnimationType`` plus the transformers that
/// give an appearing child its starting props and a disappearing child its final props.
///
/// ```swift
/// container[.image] = Animation(type: .linear(duration: .milliseconds(300)),
///                               entryTransformers: [AnimationProps.fade()],
///                               leaveTransformers: [AnimationProps.moveLeft()])
/// ```
public struct Animation: Sendable {
  /// The curve and timing.
  public var type: AnimationType
  /// Applied, in order, to the props of a child that appears: where it animates *from*.
  public var entryTransformers: [AnimationPropsTransformer]
  /// Applied, in order, to the props of a child that disappears: where it animates *to*.
  public var leaveTransformers: [AnimationPropsTransformer]

  /// Creates an animation.
  public init(
    type: AnimationType, entryTransformers: [AnimationPropsTransformer] = [],
    leaveTransformers: [AnimationPropsTransformer] = []
  ) {
    self.type = type
    self.entryTransformers = entryTransformers
    self.leaveTransformers = leaveTransformers
  }

  /// No animation.
  public static let none = Animation(type: .none)

  func entryProps(_ props: any NodeDescriptionProps) -> any NodeDescriptionProps {
    entryTransformers.reduce(props) { $1.apply(to: $0) }
  }

  func leaveProps(_ props: any NodeDescriptionProps) -> any NodeDescriptionProps {
    leaveTransformers.reduce(props) { $1.apply(to: $0) }
  }
}

/// A change applied to a child's props when it enters or leaves with an ``Animation``.
public struct AnimationPropsTransformer: Sendable {
  let body: @Sendable (inout any NodeDescriptionProps) -> Void

  /// Creates a transformer from a closure that edits the props in place (usually frame or alpha).
  public init(_ body: @escaping @Sendable (inout any NodeDescriptionProps) -> Void) {
    self.body = body
  }

  /// The transformed copy of `props`.
  public func apply(to props: any NodeDescriptionProps) -> any NodeDescriptionProps {
    var copy = props
    body(&copy)
    return copy
  }
}
