/// A description that lays out its keyed children with Plastic.
///
/// Before the node renders or updates, the renderer collects the keyed descendants it describes
/// (recursing into containers such as ``View``), gives ``layout(views:props:state:)`` one
/// ``PlasticView`` per key and writes the resulting frames back into their props. Frames are
/// plain `Double` points; a backend rounds them.
public protocol PlasticNodeDescription: NodeDescription {
  /// Positions the keyed children. `views.nativeView` is this node's own frame, with origin zero.
  static func layout(views: ViewsContainer<Keys>, props: PropsType, state: StateType) throws

  /// A hash of everything the layout depends on besides the size and multiplier, or `nil` (the
  /// default) to run the layout every time. Equal hashes reuse the frames computed before.
  static func layoutHash(props: PropsType, state: StateType) -> Int?
}

extension PlasticNodeDescription {
  public static func layoutHash(props: PropsType, state: StateType) -> Int? { nil }
}

/// A description that declares the size its scalable Plastic values were designed for.
///
/// The node's multiplier is `min(width / referenceSize.width, height / referenceSize.height)` of
/// its own frame. Descriptions without a reference size inherit their parent's multiplier; at the
/// root it is 0, so scalable values vanish.
public protocol PlasticReferenceSizeable {
  /// The size the layout was designed at, in points.
  static var referenceSize: Size { get }
}
