import SwiftParser
import SwiftSyntax

/// One parsed Swift file: its tree, where its tokens are, and its ignore comments.
struct SourceFile {
  /// The path findings print (the target folder as given, joined with ``pathInTarget``).
  let path: String
  /// The path's components below the target's folder (`["Logic", "Login", "LoginManager.swift"]`).
  let pathInTarget: [String]
  let tree: SourceFileSyntax
  let converter: SourceLocationConverter
  /// Every type, protocol and extension of the file with the scopes around it, found once for
  /// all the checks.
  let scopes: [(scope: Scope, chain: [Scope])]

  init(_ loaded: (path: String, pathInTarget: [String], text: String)) {
    self.init(path: loaded.path, pathInTarget: loaded.pathInTarget, text: loaded.text)
  }

  init(path: String, pathInTarget: [String], text: String) {
    self.path = path
    self.pathInTarget = pathInTarget
    tree = Parser.parse(source: text)
    converter = SourceLocationConverter(fileName: path, tree: tree)
    scopes = ScopeCollector.scopes(in: tree)
  }

  /// The top folder of the file inside its target (`Logic`), or nil for a file at the top.
  var topFolder: String? { pathInTarget.count > 1 ? pathInTarget[0] : nil }

  /// The line of a position.
  func line(of position: AbsolutePosition) -> Int {
    converter.location(for: position).line
  }

  /// A finding on `token` (its first character, after comments and blank lines).
  func finding(
    _ guideline: Guideline, at token: TokenSyntax, firstLineOf node: (any SyntaxProtocol)? = nil, _ message: String
  ) -> Finding {
    let location = converter.location(for: token.positionAfterSkippingLeadingTrivia)
    let firstLine = node.map { line(of: $0.positionAfterSkippingLeadingTrivia) }
    return Finding(
      path: path, line: location.line, column: location.column, identifier: guideline.identifier,
      message: message, firstLine: firstLine
    )
  }

  /// A finding about the whole file, on its first token, silenced by an ignore comment at the
  /// top of the file.
  func fileFinding(_ guideline: Guideline, _ message: String) -> Finding {
    let token = tree.firstToken(viewMode: .sourceAccurate) ?? tree.endOfFileToken
    let location = converter.location(for: token.positionAfterSkippingLeadingTrivia)
    return Finding(
      path: path, line: location.line, column: location.column, identifier: guideline.identifier,
      message: message, firstLine: 1
    )
  }
}
