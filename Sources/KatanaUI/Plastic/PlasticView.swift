/// The layout handle of one keyed child during a Plastic layout pass.
///
/// Plastic is imperative and order-dependent: each assignment moves or resizes the view at once.
/// Every setter remembers itself as the latest constraint of its axis (X: `left`, `right`,
/// `centerX`, `width`; Y: `top`, `bottom`, `centerY`, `height`), and the next setter on that axis
/// keeps the remembered line fixed:
///
/// - `height = v` (clamped at 0) keeps the bottom if the latest Y constraint was `bottom`, the
///   center if it was `centerY`, and the top otherwise.
/// - `top = a` after `bottom` sets the height to `bottom − top`; after `centerY` to
///   `2 · (center − top)`; otherwise it moves the view and keeps its height. `bottom` and
///   `centerY` follow the same rule, and the X axis mirrors the Y axis.
/// - A height that would be negative becomes 0, with the remembered line still fixed.
///
/// Getters of `width`, `height` and `size` return fixed values of the current frame, so
/// `a.width = b.width` copies a width exactly.
///
/// Coordinates are absolute within the layout pass: the laid-out node's own frame has its
/// origin at zero (see ``ViewsContainer/nativeView``).
public final class PlasticView {
  enum ConstraintX { case left, right, centerX, width }
  enum ConstraintY { case top, bottom, centerY, height }

  /// The key of the child this view lays out (empty for the node's own view).
  public let key: String
  /// The multiplier scalable values are scaled by.
  public let scaleValue: Double
  /// The current frame in the layout's absolute coordinates (the laid-out node's own space).
  ///
  /// Derived from the frame relative to the parent view, so moving a container moves the views
  /// inside it, as in a real view tree.
  public internal(set) var frame: Rect {
    get {
      guard let parent else { return relativeFrame }
      let origin = parent.frame.origin
      return relativeFrame.offsetBy(dx: origin.x, dy: origin.y)
    }
    set {
      guard let parent else { return relativeFrame = newValue }
      let origin = parent.frame.origin
      relativeFrame = newValue.offsetBy(dx: -origin.x, dy: -origin.y)
    }
  }

  /// The frame relative to ``parent`` (or to the laid-out node when there is none); what is
  /// written back into the child's props.
  private(set) var relativeFrame: Rect

  /// The view this one's frame is relative to: a keyed or unkeyed container child; `nil` for the
  /// node's own view and its direct children.
  let parent: PlasticView?
  /// Whether a layout assigned anything to this view.
  private(set) var wasChanged = false
  private var latestX: ConstraintX?
  private var latestY: ConstraintY?

  /// Creates a view from its frame relative to `parent`.
  init(key: String, relativeFrame: Rect, scaleValue: Double, parent: PlasticView? = nil) {
    self.key = key
    self.relativeFrame = relativeFrame
    self.scaleValue = scaleValue
    self.parent = parent
  }

  /// Creates a view without a parent (tests and the node's own view).
  convenience init(key: String, frame: Rect, scaleValue: Double) {
    self.init(key: key, relativeFrame: frame, scaleValue: scaleValue)
  }

  // MARK: Anchors

  /// The left edge.
  public var left: Anchor {
    get { Anchor(kind: .left, view: self) }
    set { setLeft(newValue.coordinate) }
  }
  /// The right edge.
  public var right: Anchor {
    get { Anchor(kind: .right, view: self) }
    set { setRight(newValue.coordinate) }
  }
  /// The vertical center line.
  public var centerX: Anchor {
    get { Anchor(kind: .centerX, view: self) }
    set { setCenterX(newValue.coordinate) }
  }
  /// The top edge.
  public var top: Anchor {
    get { Anchor(kind: .top, view: self) }
    set { setTop(newValue.coordinate) }
  }
  /// The bottom edge.
  public var bottom: Anchor {
    get { Anchor(kind: .bottom, view: self) }
    set { setBottom(newValue.coordinate) }
  }
  /// The horizontal center line.
  public var centerY: Anchor {
    get { Anchor(kind: .centerY, view: self) }
    set { setCenterY(newValue.coordinate) }
  }

  // MARK: Sizes

  /// The width; setting it scales the value by ``scaleValue``.
  public var width: Value {
    get { .fixed(frame.width) }
    set { setWidth(newValue.scale(by: scaleValue)) }
  }
  /// The height; setting it scales the value by ``scaleValue``.
  public var height: Value {
    get { .fixed(frame.height) }
    set { setHeight(newValue.scale(by: scaleValue)) }
  }
  /// Width and height; setting it sets the height, then the width.
  public var size: PlasticSize {
    get { .fixed(frame.width, frame.height) }
    set {
      height = newValue.height
      width = newValue.width
    }
  }

  // MARK: Y axis

  func setTop(_ top: Double) {
    switch latestY {
    case .bottom: setVertical(keeping: frame.maxY, height: frame.maxY - top, anchor: .bottom)
    case .centerY: setVertical(keeping: frame.midY, height: 2 * (frame.midY - top), anchor: .centerY)
    default: frame.origin.y = top
    }
    record(y: .top)
  }

  func setBottom(_ bottom: Double) {
    switch latestY {
    case .top: setVertical(keeping: frame.minY, height: bottom - frame.minY, anchor: .top)
    case .centerY: setVertical(keeping: frame.midY, height: 2 * (bottom - frame.midY), anchor: .centerY)
    default: frame.origin.y = bottom - frame.height
    }
    record(y: .bottom)
  }

  func setCenterY(_ center: Double) {
    switch latestY {
    case .top: setVertical(keeping: frame.minY, height: 2 * (center - frame.minY), anchor: .top)
    case .bottom: setVertical(keeping: frame.maxY, height: 2 * (frame.maxY - center), anchor: .bottom)
    default: frame.origin.y = center - frame.height / 2
    }
    record(y: .centerY)
  }

  func setHeight(_ height: Double) {
    let anchor: ConstraintY =
      switch latestY {
      case .bottom: .bottom
      case .centerY: .centerY
      default: .top
      }
    let line: Double =
      switch anchor {
      case .bottom: frame.maxY
      case .centerY: frame.midY
      default: frame.minY
      }
    setVertical(keeping: line, height: height, anchor: anchor)
    record(y: .height)
  }

  /// Sets a clamped height while the line named by `anchor` stays at `line`.
  private func setVertical(keeping line: Double, height: Double, anchor: ConstraintY) {
    let height = max(0, height)
    frame.size.height = height
    switch anchor {
    case .bottom: frame.origin.y = line - height
    case .centerY: frame.origin.y = line - height / 2
    default: frame.origin.y = line
    }
  }

  // MARK: X axis

  func setLeft(_ left: Double) {
    switch latestX {
    case .right: setHorizontal(keeping: frame.maxX, width: frame.maxX - left, anchor: .right)
    case .centerX: setHorizontal(keeping: frame.midX, width: 2 * (frame.midX - left), anchor: .centerX)
    default: frame.origin.x = left
    }
    record(x: .left)
  }

  func setRight(_ right: Double) {
    switch latestX {
    case .left: setHorizontal(keeping: frame.minX, width: right - frame.minX, anchor: .left)
    case .centerX: setHorizontal(keeping: frame.midX, width: 2 * (right - frame.midX), anchor: .centerX)
    default: frame.origin.x = right - frame.width
    }
    record(x: .right)
  }

  func setCenterX(_ center: Double) {
    switch latestX {
    case .left: setHorizontal(keeping: frame.minX, width: 2 * (center - frame.minX), anchor: .left)
    case .right: setHorizontal(keeping: frame.maxX, width: 2 * (frame.maxX - center), anchor: .right)
    default: frame.origin.x = center - frame.width / 2
    }
    record(x: .centerX)
  }

  func setWidth(_ width: Double) {
    switch latestX {
    case .right: setHorizontal(keeping: frame.maxX, width: width, anchor: .right)
    case .centerX: setHorizontal(keeping: frame.midX, width: width, anchor: .centerX)
    default: setHorizontal(keeping: frame.minX, width: width, anchor: .left)
    }
    record(x: .width)
  }

  private func setHorizontal(keeping line: Double, width: Double, anchor: ConstraintX) {
    let width = max(0, width)
    frame.size.width = width
    switch anchor {
    case .right: frame.origin.x = line - width
    case .centerX: frame.origin.x = line - width / 2
    default: frame.origin.x = line
    }
  }

  private func record(x: ConstraintX) {
    latestX = x
    wasChanged = true
  }

  private func record(y: ConstraintY) {
    latestY = y
    wasChanged = true
  }
}
