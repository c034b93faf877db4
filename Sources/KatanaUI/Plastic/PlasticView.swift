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
  /// The latest constraint assigned on each axis.
  private var latestX: PlasticAxis.Line?
  private var latestY: PlasticAxis.Line?

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

  // MARK: Axes
  //
  // The X and Y setters are the same rules on two axes: each puts its line through
  // `PlasticAxis.assign`, which keeps the line of the axis' latest constraint fixed.

  func setLeft(_ left: Double) { assign(.leading, left, onX: true) }
  func setRight(_ right: Double) { assign(.trailing, right, onX: true) }
  func setCenterX(_ center: Double) { assign(.center, center, onX: true) }
  func setWidth(_ width: Double) { assign(.length, width, onX: true) }

  func setTop(_ top: Double) { assign(.leading, top, onX: false) }
  func setBottom(_ bottom: Double) { assign(.trailing, bottom, onX: false) }
  func setCenterY(_ center: Double) { assign(.center, center, onX: false) }
  func setHeight(_ height: Double) { assign(.length, height, onX: false) }

  /// Assigns `line` on the X or Y axis in one write of the frame, and remembers it as the axis'
  /// latest constraint.
  private func assign(_ line: PlasticAxis.Line, _ value: Double, onX: Bool) {
    var next = frame
    if onX {
      var axis = PlasticAxis(start: next.origin.x, length: next.size.width)
      axis.assign(line, value, keeping: latestX)
      (next.origin.x, next.size.width) = (axis.start, axis.length)
      latestX = line
    } else {
      var axis = PlasticAxis(start: next.origin.y, length: next.size.height)
      axis.assign(line, value, keeping: latestY)
      (next.origin.y, next.size.height) = (axis.start, axis.length)
      latestY = line
    }
    frame = next
    wasChanged = true
  }
}
