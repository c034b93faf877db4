import KatanaUI

/// A terminal text area's editing state: its document as shown, the caret, the first row in
/// view, and the edits sent to the store and not echoed back yet.
///
/// A plain value: every operation takes the area's width and height in cells and touches only
/// the lines around the caret and those in view (each wrapped on demand), never the whole
/// document, so a key costs the same in a 10-line and a 10,000-line text.
struct TextAreaEditor {
  /// One wrapped row: a line and the index of the row among the line's rows.
  struct Row: Hashable, Comparable {
    var line: Int
    var row: Int

    static func < (lhs: Row, rhs: Row) -> Bool { (lhs.line, lhs.row) < (rhs.line, rhs.row) }
  }

  /// The document shown: the store's, plus the edits typed since that it has not echoed yet.
  private(set) var document: TextDocument
  /// The caret, always inside ``document``.
  var caret = TextPosition(line: 0, column: 0)
  /// The first row in view.
  private(set) var top = Row(line: 0, row: 0)
  /// The revisions ``document`` reached after each edit sent, oldest first.
  private var sentRevisions: [UInt64] = []

  init(document: TextDocument) {
    self.document = document
  }

  // MARK: Wrapping

  /// The rows `line` wraps into at `width` columns, as ranges of character offsets: broken after
  /// the last space that fits, or inside a word longer than a row; never empty (an empty line
  /// is one empty row). Wide characters count two columns.
  static func rows(of line: String, width: Int) -> [Range<Int>] {
    let characters = Array(line)
    guard width > 0, !characters.isEmpty else { return [0..<characters.count] }
    var rows: [Range<Int>] = []
    var start = 0
    var used = 0
    var lastBreak: Int?
    var index = 0
    while index < characters.count {
      let width1 = CharacterWidth.columns(of: characters[index])
      if used + width1 > width, index > start {
        if characters[index] == " " {
          // A space at the end of a full row stays on it, out of sight, as editors do.
          index += 1
          rows.append(start..<index)
          start = index
          used = 0
          lastBreak = nil
          continue
        }
        let end = lastBreak.flatMap { $0 > start ? $0 : nil } ?? index
        rows.append(start..<end)
        start = end
        used = characters[start..<index].reduce(0) { $0 + CharacterWidth.columns(of: $1) }
        lastBreak = nil
        continue
      }
      used += width1
      if characters[index] == " " { lastBreak = index + 1 }
      index += 1
    }
    rows.append(start..<characters.count)
    return rows
  }

  private func rows(ofLine line: Int, width: Int) -> [Range<Int>] {
    Self.rows(of: document[line: line], width: width)
  }

  /// The index of the row of `rows` that shows a caret at `column`.
  private static func rowIndex(of column: Int, in rows: [Range<Int>]) -> Int {
    for (index, row) in rows.enumerated() where column < row.upperBound { return index }
    return rows.count - 1
  }

  /// The caret's row and its column in cells from the row's start.
  func caretPlace(width: Int) -> (row: Row, x: Int) {
    let rows = rows(ofLine: caret.line, width: width)
    let index = Self.rowIndex(of: caret.column, in: rows)
    let characters = Array(document[line: caret.line])
    let x = characters[rows[index].lowerBound..<caret.column].reduce(0) { $0 + CharacterWidth.columns(of: $1) }
    return (Row(line: caret.line, row: index), x)
  }

  /// The column of the character at `x` cells into row `index` of `line` (the row's end at most).
  private func column(atX x: Int, row index: Int, ofLine line: Int, rows: [Range<Int>]) -> Int {
    let characters = Array(document[line: line])
    let range = rows[index]
    // The last character of a row that is not the line's last belongs to the next row's start
    // for the caret, so the caret stops before it.
    let limit = index == rows.count - 1 ? range.upperBound : max(range.lowerBound, range.upperBound - 1)
    var used = 0
    var column = range.lowerBound
    while column < limit {
      let width = CharacterWidth.columns(of: characters[column])
      if used + width > x { break }
      used += width
      column += 1
    }
    return column
  }

  /// The row after (or before) `row`, or nil past the document's end (or start).
  private func step(_ row: Row, forward: Bool, width: Int) -> Row? {
    if forward {
      if row.row + 1 < rows(ofLine: row.line, width: width).count { return Row(line: row.line, row: row.row + 1) }
      return row.line + 1 < document.lineCount ? Row(line: row.line + 1, row: 0) : nil
    }
    if row.row > 0 { return Row(line: row.line, row: row.row - 1) }
    guard row.line > 0 else { return nil }
    return Row(line: row.line - 1, row: rows(ofLine: row.line - 1, width: width).count - 1)
  }

  /// The rows in view, top first: each a line, its text's character range, and whether the
  /// caret is on it (with its column in cells).
  func visibleRows(width: Int, height: Int) -> [(line: Int, range: Range<Int>)] {
    var result: [(line: Int, range: Range<Int>)] = []
    var line = min(top.line, document.lineCount - 1)
    var first = top.line < document.lineCount ? top.row : 0
    while result.count < height, line < document.lineCount {
      let rows = rows(ofLine: line, width: width)
      for range in rows.dropFirst(min(first, rows.count - 1)) where result.count < height {
        result.append((line, range))
      }
      first = 0
      line += 1
    }
    return result
  }

  // MARK: Moving

  /// Scrolls the least that brings the caret's row into a view of `height` rows.
  mutating func scrollToCaret(width: Int, height: Int) {
    clampTop(width: width)
    let caretRow = caretPlace(width: width).row
    if caretRow < top {
      top = caretRow
      return
    }
    var distance = 0
    var row = top
    while row < caretRow, distance < height, let next = step(row, forward: true, width: width) {
      row = next
      distance += 1
    }
    guard distance >= height else { return }
    // The caret is below the view: the view ends on its row.
    var newTop = caretRow
    for _ in 0..<max(0, height - 1) {
      guard let previous = step(newTop, forward: false, width: width) else { break }
      newTop = previous
    }
    top = newTop
  }

  private mutating func clampTop(width: Int) {
    if top.line >= document.lineCount { top = Row(line: document.lineCount - 1, row: 0) }
    let count = rows(ofLine: top.line, width: width).count
    if top.row >= count { top.row = count - 1 }
  }

  /// Moves the caret one wrapped row up or down, keeping its column in cells where the row is
  /// long enough; past the first (last) row it goes to the document's start (end).
  mutating func moveVertically(down: Bool, width: Int) {
    let place = caretPlace(width: width)
    guard let target = step(place.row, forward: down, width: width) else {
      caret = down ? document.endPosition : TextPosition(line: 0, column: 0)
      return
    }
    let rows = rows(ofLine: target.line, width: width)
    caret = TextPosition(line: target.line, column: column(atX: place.x, row: target.row, ofLine: target.line, rows: rows))
  }

  /// Moves the caret one character left or right, across line ends.
  mutating func moveByCharacter(forward: Bool) {
    if forward {
      if caret.column < document[line: caret.line].count {
        caret.column += 1
      } else if caret.line + 1 < document.lineCount {
        caret = TextPosition(line: caret.line + 1, column: 0)
      }
    } else if caret.column > 0 {
      caret.column -= 1
    } else if caret.line > 0 {
      caret = TextPosition(line: caret.line - 1, column: document[line: caret.line - 1].count)
    }
  }

  /// Moves the caret to the start of the next word (at a line's end: the next line's start), or
  /// to the start of the word before it (at a line's start: the previous line's last word).
  mutating func moveByWord(forward: Bool) {
    let isWord = { (character: Character) in character.isLetter || character.isNumber || character == "_" }
    if forward {
      let characters = Array(document[line: caret.line])
      var column = caret.column
      guard column < characters.count else { return moveByCharacter(forward: true) }
      while column < characters.count, isWord(characters[column]) { column += 1 }
      while column < characters.count, !isWord(characters[column]) { column += 1 }
      caret.column = column
    } else {
      if caret.column == 0 { moveByCharacter(forward: false) }
      let characters = Array(document[line: caret.line])
      var column = caret.column
      while column > 0, !isWord(characters[column - 1]) { column -= 1 }
      while column > 0, isWord(characters[column - 1]) { column -= 1 }
      caret.column = column
    }
  }

  /// Moves the caret to the start or end of its line.
  mutating func moveToLineEdge(end: Bool) {
    caret.column = end ? document[line: caret.line].count : 0
  }

  /// Puts the caret at the character shown at (`x`, `y`) cells from the view's top-left corner.
  mutating func place(atX x: Int, y: Int, width: Int, height: Int) {
    let rows = visibleRows(width: width, height: height)
    guard !rows.isEmpty else { return }
    let target = rows[min(max(0, y), rows.count - 1)]
    let lineRows = self.rows(ofLine: target.line, width: width)
    let index = lineRows.firstIndex(of: target.range) ?? 0
    caret = TextPosition(line: target.line, column: column(atX: max(0, x), row: index, ofLine: target.line, rows: lineRows))
  }

  // MARK: Editing

  /// Applies `edit` to the document shown, remembers it as sent, and puts the caret after the
  /// replacement. Returns the edit to send.
  mutating func apply(_ edit: TextEdit) -> TextEdit {
    document.apply(edit)
    sentRevisions.append(document.revision)
    let start = document.clamped(edit.start)
    let pieces = edit.replacement.split(separator: "\n", omittingEmptySubsequences: false)
    if pieces.count == 1 {
      caret = document.clamped(TextPosition(line: start.line, column: start.column + edit.replacement.count))
    } else {
      caret = document.clamped(TextPosition(line: start.line + pieces.count - 1, column: pieces[pieces.count - 1].count))
    }
    return edit
  }

  /// The edit Backspace makes: the character before the caret, or the line break before it.
  func backspaceEdit() -> TextEdit? {
    if caret.column > 0 {
      return TextEdit(from: TextPosition(line: caret.line, column: caret.column - 1), to: caret, replacement: "")
    }
    guard caret.line > 0 else { return nil }
    return TextEdit(from: TextPosition(line: caret.line - 1, column: document[line: caret.line - 1].count), to: caret, replacement: "")
  }

  /// The edit Delete makes: the character after the caret, or the line break after it.
  func deleteEdit() -> TextEdit? {
    if caret.column < document[line: caret.line].count {
      return TextEdit(from: caret, to: TextPosition(line: caret.line, column: caret.column + 1), replacement: "")
    }
    guard caret.line + 1 < document.lineCount else { return nil }
    return TextEdit(from: caret, to: TextPosition(line: caret.line + 1, column: 0), replacement: "")
  }

  /// Takes the store's document: the echo of edits sent is recognised by its revision (the
  /// shown document stays ahead while later edits are on their way); any other document (the
  /// app changed the text) replaces the shown one and the caret is kept inside it.
  mutating func adopt(_ storeDocument: TextDocument) {
    if let index = sentRevisions.firstIndex(of: storeDocument.revision) {
      sentRevisions.removeFirst(index + 1)
      if sentRevisions.isEmpty { document = storeDocument }
      return
    }
    guard storeDocument != document || !sentRevisions.isEmpty else { return }
    document = storeDocument
    sentRevisions = []
    caret = document.clamped(caret)
    if top.line >= document.lineCount { top = Row(line: max(0, document.lineCount - 1), row: 0) }
  }
}
