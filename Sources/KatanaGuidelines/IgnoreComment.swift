import Foundation
import SwiftSyntax

/// `// katana-guidelines:ignore <identifier> -- <reason>`: silences one finding of that guideline
/// on the comment's line (a comment after code) or on the line of code below it (a comment on a
/// line of its own, possibly above other comments or attributes of the same declaration).
struct IgnoreComment {
  static let marker = "katana-guidelines:ignore"

  /// The identifier the comment names, as written.
  let identifier: String
  /// The reason after `--`, nil when there is none.
  let reason: String?
  /// Where the comment is (for findings about the comment).
  let line: Int
  let column: Int
  /// The line whose findings it silences.
  let targetLine: Int

  /// Every ignore comment of `file`.
  static func all(in file: SourceFile) -> [IgnoreComment] {
    var comments: [IgnoreComment] = []
    var isFirstToken = true
    for token in file.tree.tokens(viewMode: .sourceAccurate) {
      let tokenLine = file.line(of: token.positionAfterSkippingLeadingTrivia)
      var offset = token.position
      var ownLine = isFirstToken
      isFirstToken = false
      for piece in token.leadingTrivia {
        if case .lineComment(let text) = piece, let comment = parse(text, at: offset, file: file) {
          // A comment that shares its line with earlier code cannot be in leading trivia, so a
          // leading comment is either alone on its line or after a block comment: both target the
          // token's line.
          comments.append(comment.targeting(ownLine ? tokenLine : file.line(of: offset)))
        }
        if piece.isNewline { ownLine = true }
        offset += piece.sourceLength
      }
      offset = token.endPositionBeforeTrailingTrivia
      for piece in token.trailingTrivia {
        if case .lineComment(let text) = piece, let comment = parse(text, at: offset, file: file) {
          comments.append(comment.targeting(file.line(of: offset)))
        }
        offset += piece.sourceLength
      }
    }
    return comments
  }

  private func targeting(_ line: Int) -> IgnoreComment {
    IgnoreComment(identifier: identifier, reason: reason, line: self.line, column: column, targetLine: line)
  }

  private static func parse(_ text: String, at position: AbsolutePosition, file: SourceFile) -> IgnoreComment? {
    var body = Substring(text.dropFirst(2)).drop { $0 == " " || $0 == "\t" }
    guard body.hasPrefix(marker) else { return nil }
    body = body.dropFirst(marker.count)
    let words = body.split(separator: " ", maxSplits: 1, omittingEmptySubsequences: true)
    let identifier = words.first.map(String.init) ?? ""
    var reason: String?
    if words.count == 2 {
      let rest = words[1].trimmingCharacters(in: .whitespaces)
      if rest.hasPrefix("--") {
        let text = rest.dropFirst(2).trimmingCharacters(in: .whitespaces)
        reason = text.isEmpty ? nil : text
      }
    }
    let location = file.converter.location(for: position)
    return IgnoreComment(
      identifier: identifier, reason: reason, line: location.line, column: location.column,
      targetLine: location.line
    )
  }
}

extension TriviaPiece {
  fileprivate var isNewline: Bool {
    switch self {
    case .newlines, .carriageReturns, .carriageReturnLineFeeds: true
    default: false
    }
  }
}
