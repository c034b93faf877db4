import SwiftSyntax

/// Every node of one kind in a tree.
final class NodeCollector<Node: SyntaxProtocol>: SyntaxAnyVisitor {
  private var nodes: [Node] = []

  static func all(in tree: some SyntaxProtocol) -> [Node] {
    let collector = NodeCollector(viewMode: .sourceAccurate)
    collector.walk(tree)
    return collector.nodes
  }

  override func visitAny(_ node: Syntax) -> SyntaxVisitorContinueKind {
    if let match = node.as(Node.self) { nodes.append(match) }
    return .visitChildren
  }
}
