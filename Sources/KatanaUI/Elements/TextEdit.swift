/// One change to a ``TextDocument``: the text between two positions replaced by another.
///
/// Typing a character is an edit with an empty range; deleting one replaces a one-character
/// range with nothing; a paste or a replaced selection replaces a range with the pasted text,
/// newlines included. A ``TextArea`` reports each as ``NodeEvent/textEdit(_:)``; apply it to your
/// document with ``TextDocument/apply(_:)``.
public struct TextEdit: Hashable, Sendable, CustomStringConvertible {
  /// Where the replaced text starts.
  public var start: TextPosition
  /// Where the replaced text ends (not included); equal to ``start`` for an insertion.
  public var end: TextPosition
  /// The new text; may contain newlines; empty for a deletion.
  public var replacement: String

  /// An edit replacing the text from `start` to `end` with `replacement` (the positions are put
  /// in order).
  public init(from start: TextPosition, to end: TextPosition, replacement: String) {
    self.start = min(start, end)
    self.end = max(start, end)
    self.replacement = replacement
  }

  /// Inserting `text` at `position`.
  public static func insert(_ text: String, at position: TextPosition) -> TextEdit {
    TextEdit(from: position, to: position, replacement: text)
  }

  /// `start-end "replacement"`, for logs and test failures.
  public var description: String { "\(start)-\(end) \(String(reflecting: replacement))" }
}
