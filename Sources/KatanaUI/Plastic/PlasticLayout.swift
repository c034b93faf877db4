/// Runs Plastic layouts on their own, without descriptions, a renderer or a backend.
///
/// A layout is pure math on `Double` points, so it can be computed, tested and reused anywhere:
/// give the keys of the views to place, the container's size and the multiplier, and run the
/// same assignments a ``PlasticNodeDescription/layout(views:props:state:)`` would run.
///
/// ```swift
/// enum Keys: String { case header, decrement, increment }
///
/// let size = Size(width: 320, height: 480)
/// let frames = PlasticLayout.frames(
///   of: [Keys.header, .decrement, .increment], in: size,
///   multiplier: PlasticLayout.multiplier(for: size, referenceSize: Size(width: 640, height: 960))
/// ) { views in
///   let header = views[.header]!
///   header.asHeader(views.nativeView)
///   header.height = .scalable(100)                 // 50 points at multiplier 0.5
///   let buttons = [views[.decrement]!, views[.increment]!]
///   buttons.fill(left: views.nativeView.left, right: views.nativeView.right)
///   for button in buttons {
///     button.top = header.bottom
///     button.bottom = views.nativeView.bottom
///   }
/// }
/// // frames[.decrement] == Rect(x: 0, y: 50, width: 160, height: 430)
/// ```
///
/// A description's own layout can be checked the same way, without rendering it:
/// `PlasticLayout.frames(of: keys, in: size, multiplier: m) { try Screen.layout(views: $0, props: p, state: s) }`.
///
/// The views are direct children of the container: their frames are in the container's
/// coordinates, with origin zero. Nothing here touches the main actor or shared state, so it can
/// run on any thread.
public enum PlasticLayout {
  /// The multiplier of a container of `size` designed at `referenceSize`:
  /// `min(size.width / referenceSize.width, size.height / referenceSize.height)`, as the renderer
  /// computes it for a ``PlasticReferenceSizeable`` description.
  ///
  /// - Returns: 0 when a reference side is not positive (scalable values then vanish, as at a
  ///   root without a reference size).
  public static func multiplier(for size: Size, referenceSize: Size) -> Double {
    guard referenceSize.width > 0, referenceSize.height > 0 else { return 0 }
    return min(size.width / referenceSize.width, size.height / referenceSize.height)
  }

  /// Lays out one view per key inside a container and returns every view's frame.
  ///
  /// - Parameters:
  ///   - keys: the views to create, looked up in `layout` as `views[key]`. Keys are matched by
  ///     their text (a `String` raw value, or the value's description), as in a description; a
  ///     key whose text repeats an earlier one shares that key's view.
  ///   - size: the container's size in points; `views.nativeView` is `(0, 0, size)`.
  ///   - multiplier: what scalable ``Value``s are multiplied by (see
  ///     ``multiplier(for:referenceSize:)``).
  ///   - initialFrames: the frames the views start from (what a description's children would
  ///     carry); a key without one starts at ``Rect/zero``.
  ///   - layout: the Plastic assignments, run once, in order.
  /// - Returns: the frame of every key, in the container's coordinates; views the layout did not
  ///   touch keep their starting frame.
  /// - Throws: whatever `layout` throws (for example a ``PlasticLayoutError`` from an array
  ///   layout); no frames are returned then.
  public static func frames<Key: Hashable, Failure: Error>(
    of keys: some Sequence<Key>, in size: Size, multiplier: Double, startingFrom initialFrames: [Key: Rect] = [:],
    _ layout: (ViewsContainer<Key>) throws(Failure) -> Void
  ) throws(Failure) -> [Key: Rect] {
    try layOut(keys, in: size, multiplier: multiplier, initialFrames: initialFrames, characterCell: nil, layout)
  }

  private static func layOut<Key: Hashable, Failure: Error>(
    _ keys: some Sequence<Key>, in size: Size, multiplier: Double, initialFrames: [Key: Rect],
    characterCell: Size?, _ layout: (ViewsContainer<Key>) throws(Failure) -> Void
  ) throws(Failure) -> [Key: Rect] {
    var views: [String: PlasticView] = [:]
    var orderedKeys: [String] = []
    var viewOfKey: [Key: PlasticView] = [:]
    for key in keys {
      let text = keyString(for: key)
      if let existing = views[text] {
        viewOfKey[key] = existing
        continue
      }
      let view = PlasticView(key: text, frame: initialFrames[key] ?? .zero, scaleValue: multiplier)
      views[text] = view
      orderedKeys.append(text)
      viewOfKey[key] = view
    }
    let nativeView = PlasticView(key: "", frame: Rect(origin: .zero, size: size), scaleValue: multiplier)
    try layout(ViewsContainer(nativeView: nativeView, views: views, orderedKeys: orderedKeys, characterCell: characterCell))
    return viewOfKey.mapValues(\.frame)
  }

  /// Lays out one view per key as ``frames(of:in:multiplier:startingFrom:_:)`` does, on a medium
  /// whose ``ViewsContainer/characterCell`` is `characterCell`: a terminal's cell size in points,
  /// or `nil` for a medium that places elements freely. Use it to check a layout that adapts to
  /// the medium, without a backend.
  public static func frames<Key: Hashable, Failure: Error>(
    of keys: some Sequence<Key>, in size: Size, multiplier: Double, startingFrom initialFrames: [Key: Rect] = [:],
    characterCell: Size?, _ layout: (ViewsContainer<Key>) throws(Failure) -> Void
  ) throws(Failure) -> [Key: Rect] {
    try layOut(keys, in: size, multiplier: multiplier, initialFrames: initialFrames, characterCell: characterCell, layout)
  }
}
