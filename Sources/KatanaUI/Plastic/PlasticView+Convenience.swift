extension PlasticView {
  /// Spans the horizontal extent of `view`, inset by `insets.left` and `insets.right`.
  public func fillHorizontally(_ view: PlasticView, insets: EdgeInsets = .zero) {
    left = view.left + insets.left
    right = view.right - insets.right
  }

  /// Spans the vertical extent of `view`, inset by `insets.top` and `insets.bottom`.
  public func fillVertically(_ view: PlasticView, insets: EdgeInsets = .zero) {
    top = view.top + insets.top
    bottom = view.bottom - insets.bottom
  }

  /// Covers `view`, inset by `insets`.
  public func fill(_ view: PlasticView, insets: EdgeInsets = .zero) {
    fill(top: view.top, left: view.left, bottom: view.bottom, right: view.right, insets: insets)
  }

  /// Spans the area between four anchors, inset by `insets`. Sets left, right, top, bottom.
  public func fill(top: Anchor, left: Anchor, bottom: Anchor, right: Anchor, insets: EdgeInsets = .zero) {
    self.left = left + insets.left
    self.right = right - insets.right
    self.top = top + insets.top
    self.bottom = bottom - insets.bottom
  }

  /// Fills `view` (inset), then shrinks one side so that `width / height == aspectRatio`,
  /// centered in the inset area. See ``fit(top:left:bottom:right:insets:aspectRatio:)``.
  public func fit(_ view: PlasticView, insets: EdgeInsets = .zero, aspectRatio: Double = 1) {
    fit(top: view.top, left: view.left, bottom: view.bottom, right: view.right, insets: insets, aspectRatio: aspectRatio)
  }

  /// The original's argument order for ``fit(_:insets:aspectRatio:)``: same behaviour.
  ///
  /// Both arguments are required here, so that `fit(view)` and `fit(view, aspectRatio: 2)` keep
  /// resolving to the documented overload.
  public func fit(_ view: PlasticView, aspectRatio: Double, insets: EdgeInsets) {
    fit(view, insets: insets, aspectRatio: aspectRatio)
  }

  /// Fills the area between four anchors (inset), then shrinks one side so that
  /// `width / height == aspectRatio`, centered in that area.
  ///
  /// Like the original, when the area is narrower than the ratio the view is centered vertically
  /// and given `height = width / aspectRatio` (it then remembers its height); otherwise it is
  /// centered horizontally and given `width = height · aspectRatio` (it then remembers its width).
  /// An area of height 0 therefore gives a view of width 0. A ratio that is not a positive finite
  /// number only fills.
  public func fit(
    top: Anchor, left: Anchor, bottom: Anchor, right: Anchor, insets: EdgeInsets = .zero, aspectRatio: Double = 1
  ) {
    fill(top: top, left: left, bottom: bottom, right: right, insets: insets)
    guard aspectRatio > 0, aspectRatio.isFinite else { return }
    let area = frame
    // `width / 0` is infinite (or NaN for 0 / 0), so a flat area takes the second branch.
    if area.width / area.height < aspectRatio {
      setCenterY(area.midY)
      setHeight(area.width / aspectRatio)
    } else {
      setCenterX(area.midX)
      setWidth(area.height * aspectRatio)
    }
  }

  /// The original's argument order for ``fit(top:left:bottom:right:insets:aspectRatio:)``: same
  /// behaviour; both trailing arguments are required.
  public func fit(
    top: Anchor, left: Anchor, bottom: Anchor, right: Anchor, aspectRatio: Double, insets: EdgeInsets
  ) {
    fit(top: top, left: left, bottom: bottom, right: right, insets: insets, aspectRatio: aspectRatio)
  }

  /// Centers horizontally between two anchors, keeping the width.
  public func centerBetween(left: Anchor, right: Anchor) {
    setCenterX((left.coordinate + right.coordinate) / 2)
  }

  /// Centers vertically between two anchors, keeping the height.
  public func centerBetween(top: Anchor, bottom: Anchor) {
    setCenterY((top.coordinate + bottom.coordinate) / 2)
  }

  /// Centers on `view`, keeping the size.
  public func center(_ view: PlasticView) {
    centerX = view.centerX
    centerY = view.centerY
  }

  /// Sticks to the left side of `view`, full height (inset). Sets left, top, bottom.
  public func coverLeft(_ view: PlasticView, insets: EdgeInsets = .zero) {
    left = view.left + insets.left
    top = view.top + insets.top
    bottom = view.bottom - insets.bottom
  }

  /// Sticks to the right side of `view`, full height (inset). Sets right, top, bottom.
  public func coverRight(_ view: PlasticView, insets: EdgeInsets = .zero) {
    right = view.right - insets.right
    top = view.top + insets.top
    bottom = view.bottom - insets.bottom
  }

  /// Sticks to the top of `view`, full width (inset), keeping the height. Sets left, right, top.
  public func asHeader(_ view: PlasticView, insets: EdgeInsets = .zero) {
    left = view.left + insets.left
    right = view.right - insets.right
    top = view.top + insets.top
  }

  /// Sticks to the bottom of `view`, full width (inset), keeping the height. Sets left, right,
  /// bottom.
  public func asFooter(_ view: PlasticView, insets: EdgeInsets = .zero) {
    left = view.left + insets.left
    right = view.right - insets.right
    bottom = view.bottom - insets.bottom
  }
}
