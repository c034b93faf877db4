/// One place where the checked sources depart from a guideline.
///
/// ``description`` is the compiler's diagnostic form,
/// `path:line:column: warning: [identifier] message`, so editors and CI logs link it to the
/// offending line.
public struct Finding: Hashable, Sendable, CustomStringConvertible {
  /// The file, as the target folder was given to the checker joined with the file's path in it.
  public let path: String
  /// The 1-based line of the offending code: the dispatch call, the stored property, the
  /// declaration's name.
  public let line: Int
  /// The 1-based column (in UTF-8 bytes, as the compiler counts) on ``line``.
  public let column: Int
  /// The guideline's identifier (``Guideline/identifier``), or
  /// ``Guideline/ignoreCommentIdentifier`` for a finding about an ignore comment.
  public let identifier: String
  /// What is wrong and what to do instead.
  public let message: String
  /// The first line an ignore comment may stand on to silence this finding: the declaration's
  /// first attribute line for a declaration, otherwise ``line``.
  let firstLine: Int

  init(path: String, line: Int, column: Int, identifier: String, message: String, firstLine: Int? = nil) {
    self.path = path
    self.line = line
    self.column = column
    self.identifier = identifier
    self.message = message
    self.firstLine = min(firstLine ?? line, line)
  }

  /// `path:line:column: warning: [identifier] message`.
  public var description: String {
    "\(path):\(line):\(column): warning: [\(identifier)] \(message)"
  }
}
