/// The props of a ``Label``.
public struct LabelProps: NodeDescriptionProps, Buildable, Hashable, Sendable {
  public var frame: Rect = .zero
  public var alpha: Double = 1
  public var key: String?
  public var backgroundColor: Color = .clear
  public var cornerRadius: Double = 0
  public var borderWidth: Double = 0
  public var borderColor: Color = .clear
  public var clipsToBounds = true
  /// The text shown.
  public var text = ""
  /// The text color.
  public var textColor: Color = .black
  /// The font size, in points; backends without fonts ignore it.
  public var fontSize: Double = 17
  /// The horizontal alignment.
  public var textAlignment: TextAlignment = .left
  /// What happens to text that does not fit.
  public var lineBreakMode: LineBreakMode = .byClipping
  /// The maximum number of lines; 0 for no limit.
  public var numberOfLines = 1
  /// Whether the font may shrink to fit the width.
  public var adjustsFontSizeToFitWidth = true
  /// Whether letters may be tightened before truncating.
  public var allowsDefaultTighteningForTruncation = false
  /// The smallest font scale allowed when shrinking.
  public var minimumScaleFactor: Double = 0.1

  public init() {}
}
