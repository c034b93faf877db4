/// An edge or center line of a ``PlasticView``, plus an offset: the right-hand side of a Plastic
/// assignment such as `button.top = label.bottom + .scalable(10)`.
///
/// Anchors are read in the layout's absolute coordinates (the laid-out node's own space).
public struct Anchor {
  /// Which line of the view.
  public enum Kind: Hashable, Sendable {
    /// The left edge.
    case left
    /// The right edge.
    case right
    /// The vertical center line.
    case centerX
    /// The top edge.
    case top
    /// The bottom edge.
    case bottom
    /// The horizontal center line.
    case centerY
  }

  /// Which line of the view.
  public let kind: Kind
  /// The view the line belongs to.
  public let view: PlasticView
  /// Added to the line's coordinate, scaled by the view's multiplier.
  public let offset: Value

  /// Creates an anchor.
  public init(kind: Kind, view: PlasticView, offset: Value = .zero) {
    self.kind = kind
    self.view = view
    self.offset = offset
  }

  /// The line's absolute coordinate plus the scaled offset.
  public var coordinate: Double {
    let frame = view.frame
    let base: Double =
      switch kind {
      case .left: frame.minX
      case .right: frame.maxX
      case .centerX: frame.midX
      case .top: frame.minY
      case .bottom: frame.maxY
      case .centerY: frame.midY
      }
    return base + offset.scale(by: view.scaleValue)
  }

  /// The same line with `value` added to the offset.
  public static func + (lhs: Anchor, rhs: Value) -> Anchor { Anchor(kind: lhs.kind, view: lhs.view, offset: lhs.offset + rhs) }
  /// The same line with `value` subtracted from the offset.
  public static func - (lhs: Anchor, rhs: Value) -> Anchor { lhs + -rhs }
  /// Adds a scalable amount (a bare number counts as scalable, as in the original Plastic).
  public static func + (lhs: Anchor, rhs: Double) -> Anchor { lhs + .scalable(rhs) }
  /// Subtracts a scalable amount.
  public static func - (lhs: Anchor, rhs: Double) -> Anchor { lhs + .scalable(-rhs) }
}

extension Anchor: Equatable {
  /// Two anchors are equal when they name the same line of the same view; offsets are ignored.
  public static func == (lhs: Anchor, rhs: Anchor) -> Bool { lhs.kind == rhs.kind && lhs.view === rhs.view }
}
