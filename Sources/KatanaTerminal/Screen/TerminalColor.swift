/// A colour a terminal can show, from the 16 classic ANSI colours up to 24-bit RGB.
///
/// Colours are downgraded to what the terminal supports when a frame is written (see
/// ``ColorSupport``), so an app may always ask for the colour it wants.
public enum TerminalColor: Hashable, Sendable {
  /// One of the 16 ANSI colours: 0–7 normal, 8–15 bright. Larger values are clamped to 15.
  case ansi(UInt8)
  /// An entry of the 256-colour palette.
  case indexed(UInt8)
  /// A 24-bit colour.
  case rgb(red: UInt8, green: UInt8, blue: UInt8)

  // The 16 ANSI colours by name; how they look is up to the terminal's palette.

  /// ANSI colour 0: black, as the terminal's palette shows it.
  public static let black = TerminalColor.ansi(0)
  /// ANSI colour 1: red, as the terminal's palette shows it.
  public static let red = TerminalColor.ansi(1)
  /// ANSI colour 2: green, as the terminal's palette shows it.
  public static let green = TerminalColor.ansi(2)
  /// ANSI colour 3: yellow, as the terminal's palette shows it.
  public static let yellow = TerminalColor.ansi(3)
  /// ANSI colour 4: blue, as the terminal's palette shows it.
  public static let blue = TerminalColor.ansi(4)
  /// ANSI colour 5: magenta, as the terminal's palette shows it.
  public static let magenta = TerminalColor.ansi(5)
  /// ANSI colour 6: cyan, as the terminal's palette shows it.
  public static let cyan = TerminalColor.ansi(6)
  /// ANSI colour 7: white (light grey on many terminals), as the terminal's palette shows it.
  public static let white = TerminalColor.ansi(7)
  /// ANSI colour 8: bright black (dark grey), as the terminal's palette shows it.
  public static let brightBlack = TerminalColor.ansi(8)
  /// ANSI colour 9: bright red, as the terminal's palette shows it.
  public static let brightRed = TerminalColor.ansi(9)
  /// ANSI colour 10: bright green, as the terminal's palette shows it.
  public static let brightGreen = TerminalColor.ansi(10)
  /// ANSI colour 11: bright yellow, as the terminal's palette shows it.
  public static let brightYellow = TerminalColor.ansi(11)
  /// ANSI colour 12: bright blue, as the terminal's palette shows it.
  public static let brightBlue = TerminalColor.ansi(12)
  /// ANSI colour 13: bright magenta, as the terminal's palette shows it.
  public static let brightMagenta = TerminalColor.ansi(13)
  /// ANSI colour 14: bright cyan, as the terminal's palette shows it.
  public static let brightCyan = TerminalColor.ansi(14)
  /// ANSI colour 15: bright white, as the terminal's palette shows it.
  public static let brightWhite = TerminalColor.ansi(15)
}

extension TerminalColor {
  /// The colour as the terminal can show it, or nil when it shows no colour at all.
  func downgraded(to support: ColorSupport) -> TerminalColor? {
    switch (support, self) {
    case (.none, _): return nil
    case (.trueColor, _): return self
    case (.ansi256, .rgb(let red, let green, let blue)):
      return .indexed(Self.paletteIndex(red: red, green: green, blue: blue))
    case (.ansi256, _): return self
    case (.ansi16, .ansi): return self
    case (.ansi16, .indexed(let index)):
      if index < 16 { return .ansi(index) }
      let (red, green, blue) = Self.paletteRGB(index)
      return .ansi(Self.nearestANSI(red: red, green: green, blue: blue))
    case (.ansi16, .rgb(let red, let green, let blue)):
      return .ansi(Self.nearestANSI(red: red, green: green, blue: blue))
    }
  }

  /// The parameters of an SGR sequence selecting this colour.
  func sgrParameters(background: Bool) -> String {
    switch self {
    case .ansi(let raw):
      let index = Int(min(raw, 15))
      let base = index < 8 ? (background ? 40 : 30) : (background ? 100 : 90)
      return String(base + index % 8)
    case .indexed(let index):
      return "\(background ? 48 : 38);5;\(index)"
    case .rgb(let red, let green, let blue):
      return "\(background ? 48 : 38);2;\(red);\(green);\(blue)"
    }
  }

  /// The 6×6×6 cube (or grey ramp) entry closest to an RGB colour.
  private static func paletteIndex(red: UInt8, green: UInt8, blue: UInt8) -> UInt8 {
    if red == green, green == blue {
      if red < 8 { return 16 }
      if red > 248 { return 231 }
      return UInt8(232 + (Int(red) - 8) * 24 / 247)
    }
    func level(_ value: UInt8) -> Int { Int(value) < 48 ? 0 : Int(value) < 115 ? 1 : (Int(value) - 35) / 40 }
    return UInt8(16 + 36 * level(red) + 6 * level(green) + level(blue))
  }

  /// The RGB value of a 256-palette entry at or above 16.
  private static func paletteRGB(_ index: UInt8) -> (Int, Int, Int) {
    if index >= 232 {
      let grey = 8 + Int(index - 232) * 10
      return (grey, grey, grey)
    }
    let cube = Int(index) - 16
    func value(_ level: Int) -> Int { level == 0 ? 0 : 55 + level * 40 }
    return (value(cube / 36), value(cube / 6 % 6), value(cube % 6))
  }

  /// The ANSI colour (0–15) closest to an RGB colour, by the classic xterm palette.
  private static func nearestANSI<T: BinaryInteger>(red: T, green: T, blue: T) -> UInt8 {
    let palette: [(Int, Int, Int)] = [
      (0, 0, 0), (205, 0, 0), (0, 205, 0), (205, 205, 0), (0, 0, 238), (205, 0, 205), (0, 205, 205),
      (229, 229, 229), (127, 127, 127), (255, 0, 0), (0, 255, 0), (255, 255, 0), (92, 92, 255),
      (255, 0, 255), (0, 255, 255), (255, 255, 255),
    ]
    let target = (Int(red), Int(green), Int(blue))
    var best = 0
    var bestDistance = Int.max
    for (index, entry) in palette.enumerated() {
      let distance = (entry.0 - target.0) * (entry.0 - target.0) + (entry.1 - target.1) * (entry.1 - target.1)
        + (entry.2 - target.2) * (entry.2 - target.2)
      if distance < bestDistance {
        best = index
        bestDistance = distance
      }
    }
    return UInt8(best)
  }
}
