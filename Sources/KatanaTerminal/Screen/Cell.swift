/// One character cell of the screen: a character and its style.
///
/// Every character is taken to be one column wide; wide characters (CJK, most emoji) would
/// overflow their cell, so elements should draw with narrow ones.
public struct Cell: Hashable, Sendable {
  public var character: Character
  public var style: CellStyle

  /// A space in the terminal's default style.
  public static let blank = Cell(" ")

  public init(_ character: Character, style: CellStyle = .plain) {
    self.character = character
    self.style = style
  }
}
