extension Array where Element == PlasticView {
  /// Centers the group horizontally between two anchors, keeping each view's width and putting
  /// `spacings[i]` between view `i` and view `i + 1`.
  ///
  /// Each view's width is set again, then its left edge, so the widths survive whatever X
  /// constraint a view carried before; afterwards each view remembers its left edge.
  ///
  /// - Parameter spacings: `count − 1` values, or `nil` for no spacing.
  /// - Throws: ``PlasticLayoutError/wrongSpacingCount(expected:actual:)``; no view moves then.
  public func centerBetween(left: Anchor, right: Anchor, spacings: [Value]?) throws(PlasticLayoutError) {
    guard let first else { return }
    let gaps = try scaledSpacings(spacings, multiplier: first.scaleValue)
    let total = map(\.frame.width).reduce(0, +) + gaps.reduce(0, +)
    let widths = map(\.frame.width)
    var position = (left.coordinate + right.coordinate) / 2 - total / 2
    for (index, view) in enumerated() {
      // Width first, then the left edge: the edge then only moves the view, whatever X
      // constraint it carried before, so every view keeps its size.
      view.setWidth(widths[index])
      view.setLeft(position)
      position = view.frame.maxX + (index < gaps.count ? gaps[index] : 0)
    }
  }

  /// Centers the group vertically between two anchors, keeping each view's height and putting
  /// `spacings[i]` between view `i` and view `i + 1`.
  ///
  /// Each view's height is set again, then its top edge; afterwards each view remembers its top.
  ///
  /// - Parameter spacings: `count − 1` values, or `nil` for no spacing.
  /// - Throws: ``PlasticLayoutError/wrongSpacingCount(expected:actual:)``; no view moves then.
  public func centerBetween(top: Anchor, bottom: Anchor, spacings: [Value]?) throws(PlasticLayoutError) {
    guard let first else { return }
    let gaps = try scaledSpacings(spacings, multiplier: first.scaleValue)
    let total = map(\.frame.height).reduce(0, +) + gaps.reduce(0, +)
    let heights = map(\.frame.height)
    var position = (top.coordinate + bottom.coordinate) / 2 - total / 2
    for (index, view) in enumerated() {
      view.setHeight(heights[index])
      view.setTop(position)
      position = view.frame.maxY + (index < gaps.count ? gaps[index] : 0)
    }
  }

  /// Splits the space between two anchors among the views, left to right, in proportion to
  /// their weights, with equal parts and no spacing by default.
  ///
  /// The space is `right − left − insets.left − insets.right − Σ spacings`; view `i` gets
  /// `space · widths[i] / Σ widths` and its left edge is chained to the previous view's right
  /// edge plus `spacings[i − 1]`. Only `insets.left` and `insets.right` are used; the vertical
  /// position of the views is left as it is.
  ///
  /// Each view gets its width, then its left edge (as in the original), so the result does not
  /// depend on the X constraints the views carried before, and each view then remembers its left
  /// edge: a later `width =` keeps the left edge, a later `right =` stretches from it.
  ///
  /// - Parameters:
  ///   - spacings: `count − 1` values between consecutive views, or `nil`.
  ///   - widths: one weight per view, or `nil` for equal parts.
  /// - Throws: a ``PlasticLayoutError`` on a wrong count or invalid weights; no view moves then.
  public func fill(
    left: Anchor, right: Anchor, insets: EdgeInsets = .zero, spacings: [Value]?, widths: [Double]? = nil
  ) throws(PlasticLayoutError) {
    guard let first else { return }
    let multiplier = first.scaleValue
    let gaps = try scaledSpacings(spacings, multiplier: multiplier)
    let weights = try checkedWeights(widths)
    let start = left.coordinate + insets.left.scale(by: multiplier)
    let end = right.coordinate - insets.right.scale(by: multiplier)
    let space = end - start - gaps.reduce(0, +)
    let totalWeight = weights.reduce(0, +)
    var position = start
    for (index, view) in enumerated() {
      // As in the original: the width (the share, clamped at 0), then the left edge. The
      // edge only moves the view, so constraints it carried before cannot stretch it, and a
      // later `width =` keeps the left edge.
      view.setWidth(space * weights[index] / totalWeight)
      view.setLeft(position)
      position = view.frame.maxX + (index < gaps.count ? gaps[index] : 0)
    }
  }

  /// Splits the space between two anchors among the views, top to bottom, in proportion to
  /// their weights; the vertical twin of ``fill(left:right:insets:spacings:widths:)``.
  ///
  /// Only `insets.top` and `insets.bottom` are used. Each view gets its height, then its top
  /// edge, and then remembers its top edge.
  ///
  /// - Throws: a ``PlasticLayoutError`` on a wrong count or invalid weights; no view moves then.
  public func fill(
    top: Anchor, bottom: Anchor, insets: EdgeInsets = .zero, spacings: [Value]?, heights: [Double]? = nil
  ) throws(PlasticLayoutError) {
    guard let first else { return }
    let multiplier = first.scaleValue
    let gaps = try scaledSpacings(spacings, multiplier: multiplier)
    let weights = try checkedWeights(heights)
    let start = top.coordinate + insets.top.scale(by: multiplier)
    let end = bottom.coordinate - insets.bottom.scale(by: multiplier)
    let space = end - start - gaps.reduce(0, +)
    let totalWeight = weights.reduce(0, +)
    var position = start
    for (index, view) in enumerated() {
      view.setHeight(space * weights[index] / totalWeight)
      view.setTop(position)
      position = view.frame.maxY + (index < gaps.count ? gaps[index] : 0)
    }
  }

  /// Splits the space between two anchors equally among the views, left to right, with no
  /// spacing. Cannot fail; see ``fill(left:right:insets:spacings:widths:)`` for spacings and weights.
  public func fill(left: Anchor, right: Anchor, insets: EdgeInsets = .zero) {
    try? fill(left: left, right: right, insets: insets, spacings: nil, widths: nil)
  }

  /// Splits the space between two anchors by weights, left to right, with no spacing.
  ///
  /// - Throws: a ``PlasticLayoutError`` on a wrong count or invalid weights; no view moves then.
  public func fill(left: Anchor, right: Anchor, insets: EdgeInsets = .zero, widths: [Double]) throws(PlasticLayoutError) {
    try fill(left: left, right: right, insets: insets, spacings: nil, widths: widths)
  }

  /// Splits the space between two anchors equally among the views, top to bottom, with no
  /// spacing. Cannot fail; see ``fill(top:bottom:insets:spacings:heights:)`` for spacings and weights.
  public func fill(top: Anchor, bottom: Anchor, insets: EdgeInsets = .zero) {
    try? fill(top: top, bottom: bottom, insets: insets, spacings: nil, heights: nil)
  }

  /// Splits the space between two anchors by weights, top to bottom, with no spacing.
  ///
  /// - Throws: a ``PlasticLayoutError`` on a wrong count or invalid weights; no view moves then.
  public func fill(top: Anchor, bottom: Anchor, insets: EdgeInsets = .zero, heights: [Double]) throws(PlasticLayoutError) {
    try fill(top: top, bottom: bottom, insets: insets, spacings: nil, heights: heights)
  }

  /// Centers the group horizontally between two anchors with no spacing. Cannot fail.
  public func centerBetween(left: Anchor, right: Anchor) {
    try? centerBetween(left: left, right: right, spacings: nil)
  }

  /// Centers the group vertically between two anchors with no spacing. Cannot fail.
  public func centerBetween(top: Anchor, bottom: Anchor) {
    try? centerBetween(top: top, bottom: bottom, spacings: nil)
  }

  private func scaledSpacings(_ spacings: [Value]?, multiplier: Double) throws(PlasticLayoutError) -> [Double] {
    guard let spacings else { return [] }
    guard spacings.count == count - 1 else {
      throw .wrongSpacingCount(expected: count - 1, actual: spacings.count)
    }
    return spacings.map { $0.scale(by: multiplier) }
  }

  private func checkedWeights(_ weights: [Double]?) throws(PlasticLayoutError) -> [Double] {
    guard let weights else { return Swift.Array(repeating: 1, count: count) }
    guard weights.count == count else { throw .wrongWeightCount(expected: count, actual: weights.count) }
    guard weights.allSatisfy({ $0.isFinite && $0 >= 0 }), weights.contains(where: { $0 > 0 }) else {
      throw .invalidWeights(weights)
    }
    return weights
  }
}
