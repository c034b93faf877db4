/// A ref to a mounted ``Table``: scrolls it imperatively.
@MainActor
public struct TableRef: NativeViewRef {
  /// The table's handle.
  public let nativeView: NativeViewHandle

  /// Wraps the handle of a mounted table.
  public init(nativeView: NativeViewHandle) {
    self.nativeView = nativeView
  }

  /// Whether the table is still mounted.
  public var isValid: Bool { nativeView.isValid }

  /// Asks the backend to scroll the table so the row at `indexPath` shows at `position`.
  ///
  /// Sent as ``NativeViewCommand/scrollToRow(_:position:animated:)``; backends that cannot
  /// scroll, or do not know the row, ignore it. Does nothing when the ref is no longer valid.
  ///
  /// - Returns: whether the request was sent.
  @discardableResult
  public func scroll(at indexPath: TableIndexPath, at position: TableScrollPosition, animated: Bool) -> Bool {
    nativeView.send(.scrollToRow(indexPath, position: position, animated: animated))
  }
}
