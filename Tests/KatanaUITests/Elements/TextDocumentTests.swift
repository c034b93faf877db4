import Testing

@testable import KatanaUI

@Suite("Text documents")
struct TextDocumentTests {
  @Test("edits insert, break and join lines, replace across lines, and clamp positions outside the text")
  func edits() {
    var document = TextDocument("one\ntwo\nthree")
    document.apply(.insert("X", at: TextPosition(line: 1, column: 1)))
    #expect(document.lines == ["one", "tXwo", "three"])
    document.apply(.insert("\n", at: TextPosition(line: 0, column: 3)))
    #expect(document.lines == ["one", "", "tXwo", "three"])
    document.apply(TextEdit(from: TextPosition(line: 0, column: 3), to: TextPosition(line: 1, column: 0), replacement: ""))
    #expect(document.lines == ["one", "tXwo", "three"])
    document.apply(TextEdit(from: TextPosition(line: 0, column: 1), to: TextPosition(line: 2, column: 2), replacement: "-a\nb-"))
    #expect(document.lines == ["o-a", "b-ree"])
    document.apply(.insert("!", at: TextPosition(line: 9, column: 99)))
    #expect(document.text == "o-a\nb-ree!")
  }

  @Test("columns count characters: an emoji or a wide character is one column")
  func characters() {
    var document = TextDocument("a👍🏽b漢c")
    document.apply(TextEdit(from: TextPosition(line: 0, column: 1), to: TextPosition(line: 0, column: 2), replacement: ""))
    document.apply(TextEdit(from: TextPosition(line: 0, column: 2), to: TextPosition(line: 0, column: 3), replacement: "字"))
    #expect(document.text == "ab字c")
  }

  @Test("the same edits on the same text give equal documents; other edits or texts do not")
  func equality() {
    let base = TextDocument("hello")
    let edit = TextEdit.insert("!", at: TextPosition(line: 0, column: 5))
    #expect(base.applying(edit) == TextDocument("hello").applying(edit))
    #expect(base.applying(edit) != base)
    #expect(TextDocument("hello!") != base.applying(edit))
    #expect(TextDocument("a") != TextDocument("b"))
  }
}

@Suite("Text documents in chunks")
struct TextDocumentChunkTests {
  /// The same edit on a plain array of lines: what the chunked document must match.
  func reference(_ lines: [String], _ edit: TextEdit) -> [String] {
    var lines = lines
    let start = edit.start, end = edit.end
    let before = lines[start.line].prefix(start.column)
    let after = lines[end.line].dropFirst(end.column)
    var pieces = edit.replacement.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    pieces[0] = before + pieces[0]
    pieces[pieces.count - 1] += after
    lines.replaceSubrange(start.line...end.line, with: pieces)
    return lines
  }

  @Test("edits within, across and splitting chunks of a 2,000-line document match a plain array of lines")
  func acrossChunks() {
    var lines = (0..<2000).map { "line \($0)" }
    var document = TextDocument(lines.joined(separator: "\n"))
    let manyLines = Array(repeating: "x", count: 700).joined(separator: "\n")
    let edits = [
      TextEdit.insert("!", at: TextPosition(line: 511, column: 2)),
      TextEdit(from: TextPosition(line: 510, column: 3), to: TextPosition(line: 513, column: 1), replacement: "joined"),
      TextEdit.insert(manyLines, at: TextPosition(line: 100, column: 0)),
      TextEdit(from: TextPosition(line: 5, column: 0), to: TextPosition(line: 1500, column: 0), replacement: ""),
      TextEdit.insert("a\nb", at: TextPosition(line: 1100, column: 4)),
    ]
    for edit in edits {
      lines = reference(lines, edit)
      document.apply(edit)
      #expect(document.lineCount == lines.count)
      #expect(document.lines == lines)
    }
    #expect(document[line: 3] == lines[3])
    #expect(document[line: lines.count - 1] == lines[lines.count - 1])
  }
}
