/// A problem the renderer met and survived; collected in ``Renderer/errors``.
///
/// None of these stops rendering: the renderer reports the error and goes on as described by
/// each case.
public enum RendererError: Error, Sendable, CustomStringConvertible {
  /// A Plastic layout threw; the frames it had set before the error are used.
  case layoutFailed(description: String, error: any Error)
  /// A connected description expects another store state type; it renders unconnected.
  case storeStateMismatch(description: String, expected: String, actual: String)
  /// A connected description was rendered without a store; it renders unconnected.
  case missingStore(description: String)
  /// ``Renderer/render(in:)`` was called again; the second call is ignored.
  case alreadyRendered
  /// `count` children of `parent` share `key`. Everything is still mounted, but a Plastic layout
  /// places only the first of them (`views[key]` is that one) and the reconciler pairs them with
  /// the old children by order. Give each sibling its own key (for lists, one built from the
  /// item's identity). Debug builds also print the message to standard error.
  case duplicateKey(parent: String, key: String, count: Int)
  /// An ``Image`` child of `parent` (with `key`, if any) neither says what it shows
  /// (``Accessibility/label``) nor is marked decorative (``Accessibility/decorative``): a screen
  /// reader would announce an image and nothing else. It is still drawn. Checked in debug builds
  /// only, where the message is also printed to standard error.
  case unnamedImage(parent: String, key: String?)

  /// A readable form for logs and test failures.
  public var description: String {
    switch self {
    case .layoutFailed(let description, let error):
      "KatanaUI: the layout of \(description) failed: \(error)"
    case .storeStateMismatch(let description, let expected, let actual):
      "KatanaUI: \(description) connects to \(expected) but the store holds \(actual); rendered unconnected"
    case .missingStore(let description):
      "KatanaUI: \(description) is connected but the renderer has no store; rendered unconnected"
    case .alreadyRendered:
      "KatanaUI: render(in:) can be called only once per renderer"
    case .duplicateKey(let parent, let key, let count):
      "KatanaUI: \(parent) has \(count) children with the key \"\(key)\"; keys must be unique among siblings "
        + "(the layout places only the first, the reconciler matches them by order)"
    case .unnamedImage(let parent, let key):
      "KatanaUI: an image\(key.map { " \"\($0)\"" } ?? "") in \(parent) has no accessibility label; say what it "
        + "shows (accessibility.label) or mark it decorative (accessibility = .decorative)"
    }
  }
}
