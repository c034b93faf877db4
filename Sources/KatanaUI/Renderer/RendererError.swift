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
    }
  }
}
