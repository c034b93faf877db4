/// One character cell of the screen: a character and its style.
///
/// Every character is taken to be one column wide; wide characters (CJK, most emoji) would
/// overflow their cell, so elements should draw with narrow ones.
public struct Cell: Hashable, Sendable {
  /// What the cell shows.
  public var character: Character
  /// How it is drawn.
  public var style: CellStyle

  /// A space in the terminal's default style.
  public static let blank = Cell(" ")

  /// A cell showing `character` in `style`.
  public init(_ character: Character, style: CellStyle = .plain) {
    self.character = character
    self.style = style
  }
}
