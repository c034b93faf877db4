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
/// - A size that would be negative becomes 0, and the line just assigned still lands on its
///   anchor: `bottom = 100` then `top = 150` gives `y = 150`, height 0 (as in the original).
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

  /// Creates a free-standing view, to lay out without a renderer.
  ///
  /// Prefer ``PlasticLayout/frames(of:in:multiplier:startingFrom:_:)``, which makes one view per
  /// key and hands back every frame; use this initialiser for a single view or a helper of your
  /// own. The view has no parent, so ``frame`` is in the coordinates of whatever you anchor it to.
  ///
  /// - Parameters:
  ///   - key: the key text the view stands for (free text when used on its own).
  ///   - frame: the starting frame, in points.
  ///   - scaleValue: the multiplier scalable ``Value``s are scaled by when assigned.
  public convenience init(key: String, frame: Rect, scaleValue: Double) {
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
  //
  // Each setter computes the new height first (clamped at 0), then puts the line it was given
  // on its coordinate: an edge assigned past the opposite edge lands where it was assigned, with
  // the height 0, as in the original. Only `height` keeps a remembered line fixed.

  func setTop(_ top: Double) {
    let current = frame
    let height: Double =
      switch latestY {
      case .bottom: current.maxY - top
      case .centerY: 2 * (current.midY - top)
      default: current.height
      }
    place(y: top, height: height)
    record(y: .top)
  }

  func setBottom(_ bottom: Double) {
    let current = frame
    let height: Double =
      switch latestY {
      case .top: bottom - current.minY
      case .centerY: 2 * (bottom - current.midY)
      default: current.height
      }
    let clamped = max(0, height)
    place(y: bottom - clamped, height: clamped)
    record(y: .bottom)
  }

  func setCenterY(_ center: Double) {
    let current = frame
    let height: Double =
      switch latestY {
      case .top: 2 * (center - current.minY)
      case .bottom: 2 * (current.maxY - center)
      default: current.height
      }
    let clamped = max(0, height)
    place(y: center - clamped / 2, height: clamped)
    record(y: .centerY)
  }

  func setHeight(_ height: Double) {
    let current = frame
    let clamped = max(0, height)
    let top: Double =
      switch latestY {
      case .bottom: current.maxY - clamped
      case .centerY: current.midY - clamped / 2
      default: current.minY
      }
    place(y: top, height: clamped)
    record(y: .height)
  }

  /// Sets the top and the height (clamped at 0) in one write of the frame.
  private func place(y: Double, height: Double) {
    var next = frame
    next.origin.y = y
    next.size.height = max(0, height)
    frame = next
  }

  // MARK: X axis (mirrors the Y axis)

  func setLeft(_ left: Double) {
    let current = frame
    let width: Double =
      switch latestX {
      case .right: current.maxX - left
      case .centerX: 2 * (current.midX - left)
      default: current.width
      }
    place(x: left, width: width)
    record(x: .left)
  }

  func setRight(_ right: Double) {
    let current = frame
    let width: Double =
      switch latestX {
      case .left: right - current.minX
      case .centerX: 2 * (right - current.midX)
      default: current.width
      }
    let clamped = max(0, width)
    place(x: right - clamped, width: clamped)
    record(x: .right)
  }

  func setCenterX(_ center: Double) {
    let current = frame
    let width: Double =
      switch latestX {
      case .left: 2 * (center - current.minX)
      case .right: 2 * (current.maxX - center)
      default: current.width
      }
    let clamped = max(0, width)
    place(x: center - clamped / 2, width: clamped)
    record(x: .centerX)
  }

  func setWidth(_ width: Double) {
    let current = frame
    let clamped = max(0, width)
    let left: Double =
      switch latestX {
      case .right: current.maxX - clamped
      case .centerX: current.midX - clamped / 2
      default: current.minX
      }
    place(x: left, width: clamped)
    record(x: .width)
  }

  /// Sets the left edge and the width (clamped at 0) in one write of the frame.
  private func place(x: Double, width: Double) {
    var next = frame
    next.origin.x = x
    next.size.width = max(0, width)
    frame = next
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
