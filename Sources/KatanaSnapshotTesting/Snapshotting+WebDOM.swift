public import KatanaWeb
public import SnapshotTesting

extension Snapshotting where Value == WebDOM, Format == String {
  /// The page's document as normalised HTML (``/KatanaWeb/WebDOM/normalizedHTML``): one element
  /// per line with its sorted attributes, frame, value and own text, stored as a `.txt` file and
  /// compared line by line, so a failure prints the changed elements.
  ///
  /// ```swift
  /// let page = HeadlessPage(root: CounterScreen(props: .init()), store: store, viewport: .phone)
  /// await page.start()
  /// assertSnapshot(of: page.dom, as: .webDOM)
  /// ```
  ///
  /// It shows what the server decides: tags, roles, `aria-*` attributes, names, types, classes,
  /// text, field values and frames (so a 44-pixel phone target and a 24-pixel desktop one
  /// differ). It does not show what the page's script works out in the browser: colours lifted
  /// to a readable contrast, font sizes and the rest of the inline style.
  ///
  /// Record new references with swift-snapshot-testing's record mode: run the tests with
  /// `SNAPSHOT_TESTING_RECORD=all` in the environment (or `missing` for new ones only).
  public static var webDOM: Snapshotting {
    Snapshotting<String, String>.lines.pullback { $0.normalizedHTML }
  }
}
