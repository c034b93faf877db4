/// The internal state of a ``Table``: where its window of mounted rows is, when
/// ``TableProps/mountsOnlyVisibleRows`` is on.
public struct TableState: NodeDescriptionState {
  /// The scroll offset, in points, the window was last placed at: a multiple of half the table's
  /// height, at or before the offset the backend reported.
  public var windowAnchor: Double = 0

  /// The top of the content.
  public init() {}

  init(windowAnchor: Double) {
    self.windowAnchor = windowAnchor
  }

  /// The points of content (from the top of the first row) whose rows are mounted: from one
  /// table height above the anchor to two and a half below it, so every offset up to half a
  /// height past the anchor has at least one height of rows mounted on each side.
  func window(height: Double) -> ClosedRange<Double> {
    // A negative or NaN height (a frame the user got wrong) mounts what a zero height would.
    let height = max(0, height)
    return (windowAnchor - height)...(windowAnchor + 2.5 * height)
  }

  /// The anchor for a scroll offset: rounded down to a multiple of half the table's height, so
  /// scrolling re-renders the rows only every half height.
  static func anchor(offset: Double, height: Double) -> Double {
    let step = height / 2
    guard step > 0, offset.isFinite else { return 0 }
    return max(0, (offset / step).rounded(.down) * step)
  }
}
