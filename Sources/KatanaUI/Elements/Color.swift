/// A color as red, green, blue and alpha components from 0 to 1. Backends map it to what they
/// can show (a terminal picks the nearest palette entry).
public struct Color: Hashable, Sendable {
  /// The red component, from 0 to 1.
  public var red: Double
  /// The green component, from 0 to 1.
  public var green: Double
  /// The blue component, from 0 to 1.
  public var blue: Double
  /// The opacity, from 0 to 1.
  public var alpha: Double

  /// Creates a color from its components, each from 0 to 1.
  public init(red: Double, green: Double, blue: Double, alpha: Double = 1) {
    self.red = red
    self.green = green
    self.blue = blue
    self.alpha = alpha
  }

  /// Creates an opaque color from a 0xRRGGBB number.
  public init(rgb: UInt32) {
    self.init(
      red: Double((rgb >> 16) & 0xFF) / 255, green: Double((rgb >> 8) & 0xFF) / 255, blue: Double(rgb & 0xFF) / 255)
  }

  /// Clear (fully transparent).
  public static let clear = Color(red: 0, green: 0, blue: 0, alpha: 0)
  /// White.
  public static let white = Color(red: 1, green: 1, blue: 1)
  /// Black.
  public static let black = Color(red: 0, green: 0, blue: 0)
  /// Gray.
  public static let gray = Color(red: 0.5, green: 0.5, blue: 0.5)
  /// Red.
  public static let red = Color(red: 1, green: 0, blue: 0)
  /// Green.
  public static let green = Color(red: 0, green: 1, blue: 0)
  /// Blue.
  public static let blue = Color(red: 0, green: 0, blue: 1)
  /// Yellow.
  public static let yellow = Color(red: 1, green: 1, blue: 0)
}
