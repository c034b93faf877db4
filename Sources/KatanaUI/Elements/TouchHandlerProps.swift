/// The props of a ``TouchHandler``.
///
/// `==` compares the children and which events have handlers, not the closures.
public struct TouchHandlerProps: NodeDescriptionProps, Buildable, Childrenable, AccessibleProps {
  /// The frame, in points, relative to the parent.
  public var frame: Rect = .zero
  /// The opacity, from 0 to 1.
  public var alpha: Double = 1
  /// The key among siblings of the same type; set by Plastic layouts to find the view.
  public var key: String?
  /// Handlers per touch phase; a handler runs for every phase its key contains.
  public var handlers: [TouchHandlerEvent: TouchHandlerClosure] = [:]
  /// Handles key presses reaching this node; return `true` when handled.
  public var keyHandler: (@MainActor (KeyPress) -> Bool)?
  /// Grows (negative values) or shrinks the touchable area, in points.
  public var hitTestInsets: Insets = .zero
  /// The children.
  public var children: [AnyNodeDescription] = []

  /// What the element is to assistive technology; unset fields take its natural meaning.
  public var accessibility = Accessibility()

  /// Default props; configure them with `build`.
  public init() {}

  /// Props with children built by a closure.
  public init(children: () -> [AnyNodeDescription]) {
    self.children = children()
  }

  /// Equal when every compared property is equal (see the type's note on closures).
  public static func == (lhs: TouchHandlerProps, rhs: TouchHandlerProps) -> Bool {
    lhs.frame == rhs.frame && lhs.accessibility == rhs.accessibility && lhs.alpha == rhs.alpha && lhs.key == rhs.key
      && lhs.hitTestInsets == rhs.hitTestInsets && Set(lhs.handlers.keys) == Set(rhs.handlers.keys)
      && (lhs.keyHandler == nil) == (rhs.keyHandler == nil) && descriptionsAreEqual(lhs.children, rhs.children)
  }
}
