/// The ``PlasticView``s of one layout pass: one per keyed child, plus the node's own view.
///
/// Look views up by key: `views[.label]`. Keys are matched by their text (a `String` raw value,
/// or the value's description), the same text ``NodeDescriptionProps/setKey(_:)`` stores.
public final class ViewsContainer<Key> {
  /// The laid-out node itself, with origin zero and the node's size.
  public let nativeView: PlasticView
  /// The multiplier of this layout.
  public var multiplier: Double { nativeView.scaleValue }

  /// The size, in points, of one character cell when the backend draws on a character grid (a
  /// terminal: ``RendererBackend/characterCell``), or `nil` when it places elements freely (a
  /// browser, the recording backend).
  ///
  /// Most layouts ignore it. Read it where a shape only works on one kind of medium: a board
  /// cell that is three columns by one row in a terminal (room for focus brackets) can be a
  /// square in a browser.
  public let characterCell: Size?

  /// The smallest size, in points, of an element a person operates on this medium (see
  /// ``RenderingMedium/minimumTargetSize``): 24 or 44 CSS pixels in a browser, one cell in a
  /// terminal, zero when the backend asks for none. Make buttons at least this big.
  public let minimumTargetSize: Size

  let views: [String: PlasticView]
  /// The keys in the order the children were described.
  let orderedKeys: [String]

  init(
    nativeView: PlasticView, views: [String: PlasticView], orderedKeys: [String], characterCell: Size? = nil,
    minimumTargetSize: Size = Size(width: 0, height: 0)
  ) {
    self.nativeView = nativeView
    self.views = views
    self.orderedKeys = orderedKeys
    self.characterCell = characterCell
    self.minimumTargetSize = minimumTargetSize
  }

  /// The view of the child with `key`, or `nil` when no child has it.
  public subscript(key: Key) -> PlasticView? {
    views[keyString(for: key)]
  }

  /// The view of the child whose key text is `key`.
  public subscript(keyText key: String) -> PlasticView? {
    views[key]
  }

  /// The views whose key satisfies `filter`, in description order.
  public func filtered(with filter: (String) -> Bool) -> [PlasticView] {
    orderedKeys.filter(filter).compactMap { views[$0] }
  }

  /// The views passing `filter`, sorted by `areInIncreasingOrder` (which the original ignored).
  public func orderedViews(
    filter: (PlasticView) -> Bool, sortedBy areInIncreasingOrder: (PlasticView, PlasticView) -> Bool
  ) -> [PlasticView] {
    orderedKeys.compactMap { views[$0] }.filter(filter).sorted(by: areInIncreasingOrder)
  }
}
