/// The text of a ``TextArea``: lines, edited in place one ``TextEdit`` at a time.
///
/// Built for long texts. An edit touches the lines it spans (and shifts the line array when it
/// adds or removes lines), never the whole text; a backend draws only the lines it shows.
///
/// ## Equality
/// Two documents are equal when they have the same ``revision`` and line count: comparing them
/// costs nothing, whatever their length, so a screen holding a 10,000-line document re-renders
/// as cheaply as one holding a word. The revision is a 64-bit digest of the text a document
/// was made from and of every edit applied since, in order, so the same edits on the same text
/// give equal documents (that is how a backend recognises the echo of its own typing). The same
/// text reached by other edits compares unequal: the cost is a needless re-render, never a
/// missed one. Compare ``text`` when you need equality of the text itself.
///
/// A value type, thread-safe like `String`.
public struct TextDocument: Hashable, Sendable, CustomStringConvertible {
  /// The lines, without their newlines; there is always at least one (an empty document has
  /// one empty line).
  public private(set) var lines: [String]
  /// The digest of the document's origin and edits (see the type's note on equality).
  public private(set) var revision: UInt64

  /// A document holding `text`, split at newlines.
  public init(_ text: String = "") {
    lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    var digest = Digest()
    digest.add(text)
    revision = digest.value
  }

  /// The whole text, lines joined by newlines. Costs the length of the document.
  public var text: String { lines.joined(separator: "\n") }

  /// The number of lines (at least one).
  public var lineCount: Int { lines.count }

  /// The position after the last character.
  public var endPosition: TextPosition {
    TextPosition(line: lines.count - 1, column: lines[lines.count - 1].count)
  }

  /// `position` moved into the document: the line clamped to the lines, the column to the line.
  public func clamped(_ position: TextPosition) -> TextPosition {
    let line = min(max(position.line, 0), lines.count - 1)
    return TextPosition(line: line, column: min(max(position.column, 0), lines[line].count))
  }

  /// Replaces the edit's range (clamped into the document) with its replacement. Costs the
  /// length of the lines the edit spans and of the replacement, plus a shift of the line array
  /// when the number of lines changes.
  public mutating func apply(_ edit: TextEdit) {
    let start = clamped(edit.start)
    let end = clamped(edit.end)
    let first = lines[start.line]
    let last = lines[end.line]
    let before = first.prefix(start.column)
    let after = last.dropFirst(end.column)
    if !edit.replacement.contains("\n") {
      let joined = String(before) + edit.replacement + String(after)
      if start.line == end.line {
        lines[start.line] = joined
      } else {
        lines.replaceSubrange(start.line...end.line, with: CollectionOfOne(joined))
      }
    } else {
      var pieces = edit.replacement.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
      pieces[0] = String(before) + pieces[0]
      pieces[pieces.count - 1] += String(after)
      lines.replaceSubrange(start.line...end.line, with: pieces)
    }
    var digest = Digest(value: revision)
    digest.add(UInt64(start.line), UInt64(start.column), UInt64(end.line), UInt64(end.column))
    digest.add(edit.replacement)
    revision = digest.value
  }

  /// The document with `edit` applied.
  public func applying(_ edit: TextEdit) -> TextDocument {
    var copy = self
    copy.apply(edit)
    return copy
  }

  /// Equal revisions and line counts (see the type's note on equality).
  public static func == (lhs: TextDocument, rhs: TextDocument) -> Bool {
    lhs.revision == rhs.revision && lhs.lines.count == rhs.lines.count
  }

  /// Hashes the revision.
  public func hash(into hasher: inout Hasher) {
    hasher.combine(revision)
  }

  /// The text.
  public var description: String { text }

  /// FNV-1a, 64 bits: deterministic across runs and processes (Swift's `Hasher` is seeded).
  private struct Digest {
    var value: UInt64 = 0xcbf2_9ce4_8422_2325

    mutating func add(_ text: String) {
      for byte in text.utf8 { mix(byte) }
      mix(0xFF)
    }

    mutating func add(_ numbers: UInt64...) {
      for number in numbers {
        for shift in stride(from: 0, to: 64, by: 8) { mix(UInt8(truncatingIfNeeded: number >> UInt64(shift))) }
      }
    }

    private mutating func mix(_ byte: UInt8) {
      value = (value ^ UInt64(byte)) &* 0x0000_0100_0000_01B3
    }
  }
}
