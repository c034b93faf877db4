/// How many terminal columns text takes: 2 for wide characters (CJK, most emoji), 0 for
/// combining marks and other zero-width characters, 1 for the rest.
///
/// The same widths as the C library's `wcwidth` under a UTF-8 locale (checked code point by
/// code point in the tests), so the cells drawn line up with what terminals show. A character
/// (a grapheme cluster, such as a letter with its combining accents or an emoji with its skin
/// tone) is as wide as its widest code point.
public enum CharacterWidth {
  /// The columns one code point takes: 0, 1 or 2. Control characters count as 0 (they are never
  /// drawn: the grid turns them into spaces).
  public static func columns(of scalar: Unicode.Scalar) -> Int {
    let value = scalar.value
    if value < 0x7F { return value >= 0x20 ? 1 : 0 }
    if value < 0xA0 { return 0 }
    // Latin, Greek spacing letters and symbols below the combining marks are all narrow.
    if value < 0x300 { return 1 }
    if isWide(value) { return 2 }
    if isZeroWidth(scalar) { return 0 }
    return 1
  }

  /// The columns a character takes: its widest code point's.
  public static func columns(of character: Character) -> Int {
    let scalars = character.unicodeScalars
    // Most characters are one code point; skip the loop for them.
    if scalars.count == 1, let scalar = scalars.first { return columns(of: scalar) }
    var widest = 0
    for scalar in scalars { widest = max(widest, columns(of: scalar)) }
    return widest
  }

  /// The columns a string takes: the sum of its characters'.
  public static func columns(of text: some StringProtocol) -> Int {
    var total = 0
    for character in text { total += columns(of: character) }
    return total
  }

  private static func isZeroWidth(_ scalar: Unicode.Scalar) -> Bool {
    let value = scalar.value
    // Hangul vowel and final-consonant jamo combine with the preceding initial consonant.
    if (0x1160...0x11FF).contains(value) || (0xD7B0...0xD7FF).contains(value) { return true }
    switch scalar.properties.generalCategory {
    case .nonspacingMark, .enclosingMark:
      return true
    case .format:
      // Format characters are invisible, except the few that prefix a number and are drawn.
      return !formatCharactersWithWidth.contains(value)
    default:
      return value == 0x200B
    }
  }

  /// Format characters that take a column (they render as a sign above the following digits).
  private static let formatCharactersWithWidth: Set<UInt32> = [
    0x600, 0x601, 0x602, 0x603, 0x604, 0x605, 0x6DD, 0x70F, 0x890, 0x891, 0x8E2, 0x110BD, 0x110CD,
  ]

  private static func isWide(_ value: UInt32) -> Bool {
    guard value >= wideRanges[0].lowerBound else { return false }
    // Binary search for the last range starting at or before `value`.
    var low = 0
    var high = wideRanges.count - 1
    while low < high {
      let middle = (low + high + 1) / 2
      if wideRanges[middle].lowerBound <= value { low = middle } else { high = middle - 1 }
    }
    return wideRanges[low].contains(value)
  }

  /// East Asian Wide and Fullwidth code points: Hangul initial jamo, CJK symbols, ideographs,
  /// kana, Hangul syllables, fullwidth forms, and the emoji shown as pictures by default.
  /// Sorted and disjoint. Unassigned code points inside these blocks count as wide, as the
  /// Unicode standard recommends.
  private static let wideRanges: [ClosedRange<UInt32>] = [
    0x1100...0x115F, 0x231A...0x231B, 0x2329...0x232A, 0x23E9...0x23EC, 0x23F0...0x23F0,
    0x23F3...0x23F3, 0x25FD...0x25FE, 0x2614...0x2615, 0x2648...0x2653, 0x267F...0x267F,
    0x2693...0x2693, 0x26A1...0x26A1, 0x26AA...0x26AB, 0x26BD...0x26BE, 0x26C4...0x26C5,
    0x26CE...0x26CE, 0x26D4...0x26D4, 0x26EA...0x26EA, 0x26F2...0x26F3, 0x26F5...0x26F5,
    0x26FA...0x26FA, 0x26FD...0x26FD, 0x2705...0x2705, 0x270A...0x270B, 0x2728...0x2728,
    0x274C...0x274C, 0x274E...0x274E, 0x2753...0x2755, 0x2757...0x2757, 0x2795...0x2797,
    0x27B0...0x27B0, 0x27BF...0x27BF, 0x2B1B...0x2B1C, 0x2B50...0x2B50, 0x2B55...0x2B55,
    0x2E80...0x3029, 0x302E...0x303E, 0x3041...0x3096, 0x309B...0xA4CF, 0xA960...0xA97F,
    0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE10...0xFE19, 0xFE30...0xFE6F, 0xFF01...0xFF60,
    0xFFE0...0xFFE6, 0x16FE0...0x16FE3, 0x16FF0...0x1B2FF, 0x1F004...0x1F004, 0x1F0CF...0x1F0CF,
    0x1F18E...0x1F18E, 0x1F191...0x1F19A, 0x1F200...0x1F320, 0x1F32D...0x1F335, 0x1F337...0x1F37C,
    0x1F37E...0x1F393, 0x1F3A0...0x1F3CA, 0x1F3CF...0x1F3D3, 0x1F3E0...0x1F3F0, 0x1F3F4...0x1F3F4,
    0x1F3F8...0x1F43E, 0x1F440...0x1F440, 0x1F442...0x1F4FC, 0x1F4FF...0x1F53D, 0x1F54B...0x1F54E,
    0x1F550...0x1F567, 0x1F57A...0x1F57A, 0x1F595...0x1F596, 0x1F5A4...0x1F5A4, 0x1F5FB...0x1F64F,
    0x1F680...0x1F6C5, 0x1F6CC...0x1F6CC, 0x1F6D0...0x1F6D2, 0x1F6D5...0x1F6DF, 0x1F6EB...0x1F6EC,
    0x1F6F4...0x1F6FC, 0x1F7E0...0x1F7F0, 0x1F90C...0x1F93A, 0x1F93C...0x1F945, 0x1F947...0x1F9FF,
    0x1FA70...0x1FAFF, 0x20000...0x2FFFD, 0x30000...0x3FFFD,
  ]
}
