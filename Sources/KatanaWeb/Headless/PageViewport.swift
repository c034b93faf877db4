/// The size of a browser window's page, in CSS pixels: what a ``HeadlessPage`` reports to the
/// app, as a page reports its `#katana-root`.
public struct PageViewport: Hashable, Sendable, CustomStringConvertible {
  /// The width, in CSS pixels.
  public var width: Double
  /// The height, in CSS pixels.
  public var height: Double

  /// A viewport of `width` × `height` CSS pixels (at least 1 × 1, as a page reports).
  public init(width: Double, height: Double) {
    self.width = max(1, width)
    self.height = max(1, height)
  }

  /// A phone held upright: 390 × 844, narrower than ``WebBackend/phoneWidth``, so targets are
  /// 44 pixels.
  public static let phone = PageViewport(width: 390, height: 844)
  /// A laptop's window: 1280 × 800.
  public static let desktop = PageViewport(width: 1280, height: 800)

  /// `390x844`: how snapshot names carry the size.
  public var description: String { "\(WebDOM.pixels(width))x\(WebDOM.pixels(height))" }
}
