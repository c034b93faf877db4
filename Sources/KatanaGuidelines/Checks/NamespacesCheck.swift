import SwiftSyntax

/// <doc:NamespacesAndVisibility>: every state updater and side effect is declared inside a
/// namespace, and one that only its own file mentions is `fileprivate` or `private`.
enum NamespacesCheck {
  static func findings(in file: SourceFile, index: SourceIndex) -> [Finding] {
    var findings: [Finding] = []
    for (scope, chain) in file.scopes where scope.kind == .type {
      guard let role = index.role(of: index.key(of: scope, in: chain)), role != .dispatchable else { continue }
      let kind = role == .updater ? "state updater" : "side effect"
      if chain.isEmpty {
        findings.append(
          file.finding(
            .namespaces, at: scope.nameToken, firstLineOf: scope.node,
            "\(scope.name) is a \(kind) at the top level: declare it inside its module's namespace (enum …Actions { … } or an extension of it)"
          )
        )
      }
      let access = Scope.effectiveAccess(scope.access, in: chain)
      if access == .internal || access == .package, !index.isMentioned(scope.name, outside: file.path) {
        findings.append(
          file.finding(
            .namespaces, at: scope.nameToken, firstLineOf: scope.node,
            "only this file uses the \(kind) \(scope.name): make it fileprivate (in a fileprivate extension of its namespace), so the module's interface shows only what the rest of the app dispatches"
          )
        )
      }
    }
    return findings
  }
}
