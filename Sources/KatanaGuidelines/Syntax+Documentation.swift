import SwiftSyntax

extension SyntaxProtocol {
  /// The documentation comments (`///`, `/** */`) in front of the declaration, joined; nil if none.
  var documentation: String? {
    let pieces = leadingTrivia.compactMap { piece -> String? in
      switch piece {
      case .docLineComment(let text): String(text.dropFirst(3))
      case .docBlockComment(let text): String(text.dropFirst(3).dropLast(2))
      default: nil
      }
    }
    return pieces.isEmpty ? nil : pieces.joined(separator: "\n")
  }
}
