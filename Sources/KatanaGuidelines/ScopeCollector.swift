import SwiftSyntax

/// Every type, protocol and extension of a tree, with the scopes around it (outermost first).
final class ScopeCollector: SyntaxAnyVisitor {
  private var stack: [Scope] = []
  private var found: [(Scope, [Scope])] = []

  static func scopes(in tree: some SyntaxProtocol) -> [(scope: Scope, chain: [Scope])] {
    let collector = ScopeCollector(viewMode: .sourceAccurate)
    collector.walk(tree)
    return collector.found.map { (scope: $0.0, chain: $0.1) }
  }

  override func visitAny(_ node: Syntax) -> SyntaxVisitorContinueKind {
    if let scope = Scope(node, in: stack.last) {
      found.append((scope, stack))
      stack.append(scope)
    }
    return .visitChildren
  }

  override func visitAnyPost(_ node: Syntax) {
    if let last = stack.last, Syntax(last.node).id == node.id { stack.removeLast() }
  }
}
