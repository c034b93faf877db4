/// One character cell of the screen: a character and its style.
///
/// A wide character (CJK, most emoji; see ``CharacterWidth``) takes two cells: the left one holds
/// it and the right one is a ``isWideContinuation`` cell, which shows nothing of its own.
/// ``CellGrid`` keeps the pairs whole; zero-width characters never get a cell of their own.
public struct Cell: Hashable, Sendable {
  /// What the cell shows.
  public var character: Character
  /// How it is drawn.
  public var style: CellStyle

  /// A space in the terminal's default style.
  public static let blank = Cell(" ")

  /// The stand-in character of a continuation cell: NUL, which the grid never stores otherwise
  /// (it writes control characters as spaces).
  static let continuationCharacter: Character = "\u{0}"

  /// A cell showing `character` in `style`.
  public init(_ character: Character, style: CellStyle = .plain) {
    self.character = character
    self.style = style
  }

  /// The right half of a wide character in `style`; the character itself is in the cell to its
  /// left.
  public static func wideContinuation(style: CellStyle = .plain) -> Cell {
    Cell(continuationCharacter, style: style)
  }

  /// Whether this is the right half of a wide character.
  public var isWideContinuation: Bool { character == Self.continuationCharacter }

  /// The columns the character takes: 2 for a wide one, 0 for a continuation cell, else 1.
  public var width: Int {
    if isWideContinuation { return 0 }
    return CharacterWidth.columns(of: character) == 2 ? 2 : 1
  }
}
