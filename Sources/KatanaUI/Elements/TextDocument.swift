/// The text of a ``TextArea``: lines, edited in place one ``TextEdit`` at a time.
///
/// Built for long texts. An edit touches the lines it spans and the chunk of lines they are in,
/// never the whole text, even when the document is shared (a screen's props and the store's
/// state hold the same one); a backend draws only the lines it shows.
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
  /// The lines, without their newlines, in chunks of at most 512 lines: an edit
  /// copies (when the document is shared, as a screen's props share it with the store's state)
  /// only the array of chunks and the chunk it touches, never every line. Never empty, and no
  /// chunk is empty; an empty document has one empty line.
  private var chunks: [[String]]
  /// The number of lines.
  public private(set) var lineCount: Int
  /// The digest of the document's origin and edits (see the type's note on equality).
  public private(set) var revision: UInt64

  /// The most lines one chunk holds.
  static let chunkCapacity = 512

  /// A document holding `text`, split at newlines.
  public init(_ text: String = "") {
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    chunks = Self.chunked(lines)
    lineCount = lines.count
    var digest = Digest()
    digest.add(text)
    revision = digest.value
  }

  private static func chunked(_ lines: [String]) -> [[String]] {
    stride(from: 0, to: lines.count, by: chunkCapacity).map { Array(lines[$0..<min($0 + chunkCapacity, lines.count)]) }
  }

  /// Every line, in order. Costs the length of the document; ``subscript(line:)`` does not.
  public var lines: [String] { chunks.flatMap { $0 } }

  /// The whole text, lines joined by newlines. Costs the length of the document.
  public var text: String { lines.joined(separator: "\n") }

  /// The chunk holding line `index` and the line's place in it. Costs the number of chunks.
  private func locate(_ index: Int) -> (chunk: Int, offset: Int) {
    var remaining = index
    for (chunk, lines) in chunks.enumerated() {
      if remaining < lines.count { return (chunk, remaining) }
      remaining -= lines.count
    }
    return (chunks.count - 1, chunks[chunks.count - 1].count - 1)
  }

  /// The line at `index` (from 0; clamped into the document), without its newline.
  public subscript(line index: Int) -> String {
    let place = locate(min(max(index, 0), lineCount - 1))
    return chunks[place.chunk][place.offset]
  }

  /// The position after the last character.
  public var endPosition: TextPosition {
    TextPosition(line: lineCount - 1, column: self[line: lineCount - 1].count)
  }

  /// `position` moved into the document: the line clamped to the lines, the column to the line.
  public func clamped(_ position: TextPosition) -> TextPosition {
    let line = min(max(position.line, 0), lineCount - 1)
    return TextPosition(line: line, column: min(max(position.column, 0), self[line: line].count))
  }

  /// Replaces the edit's range (clamped into the document) with its replacement. Costs the
  /// length of the lines the edit spans and of the replacement, and the number of chunks; never
  /// the length of the document.
  public mutating func apply(_ edit: TextEdit) {
    let start = clamped(edit.start)
    let end = clamped(edit.end)
    let before = self[line: start.line].prefix(start.column)
    let after = self[line: end.line].dropFirst(end.column)
    var pieces = edit.replacement.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    pieces[0] = String(before) + pieces[0]
    pieces[pieces.count - 1] += String(after)
    replaceLines(start.line...end.line, with: pieces)
    var digest = Digest(value: revision)
    digest.add(UInt64(start.line), UInt64(start.column), UInt64(end.line), UInt64(end.column))
    digest.add(edit.replacement)
    revision = digest.value
  }

  /// Replaces the lines of `range` with `replacement` (at least one line), chunk by chunk.
  private mutating func replaceLines(_ range: ClosedRange<Int>, with replacement: [String]) {
    let first = locate(range.lowerBound)
    let last = locate(range.upperBound)
    if first.chunk == last.chunk {
      chunks[first.chunk].replaceSubrange(first.offset...last.offset, with: replacement)
    } else {
      // The edit spans chunks: they become one, then split again if it is too long.
      var merged = Array(chunks[first.chunk][..<first.offset])
      merged += replacement
      merged += chunks[last.chunk][(last.offset + 1)...]
      chunks.replaceSubrange(first.chunk...last.chunk, with: CollectionOfOne(merged))
    }
    lineCount += replacement.count - range.count
    let touched = first.chunk
    if chunks[touched].count > Self.chunkCapacity {
      chunks.replaceSubrange(touched...touched, with: Self.chunked(chunks[touched]))
    } else if chunks[touched].isEmpty {
      chunks.remove(at: touched)
    }
  }

  /// The document with `edit` applied.
  public func applying(_ edit: TextEdit) -> TextDocument {
    var copy = self
    copy.apply(edit)
    return copy
  }

  /// Equal revisions and line counts (see the type's note on equality).
  public static func == (lhs: TextDocument, rhs: TextDocument) -> Bool {
    lhs.revision == rhs.revision && lhs.lineCount == rhs.lineCount
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
