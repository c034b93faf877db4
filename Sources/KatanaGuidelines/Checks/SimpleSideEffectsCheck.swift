import SwiftSyntax

/// <doc:SimpleSideEffects>: a side effect does not dispatch another side effect of its own
/// namespace, has at most ``GuidelinesConfiguration/maxSideEffectStoredProperties`` stored
/// properties, and a `sideEffect(_:)` body of at most
/// ``GuidelinesConfiguration/maxSideEffectBodyLines`` lines of code.
enum SimpleSideEffectsCheck {
  static func findings(in file: SourceFile, index: SourceIndex, configuration: GuidelinesConfiguration) -> [Finding] {
    var findings: [Finding] = []
    for (scope, chain) in file.scopes where scope.kind == .type {
      guard index.role(of: index.key(of: scope, in: chain)) == .sideEffect else { continue }
      var stored = 0
      var reportedCount = false
      for member in scope.node.memberBlock.members {
        if let variable = member.decl.as(VariableDeclSyntax.self), variable.isInstanceStored {
          for binding in variable.bindings {
            stored += 1
            if stored > configuration.maxSideEffectStoredProperties, !reportedCount, let name = binding.name {
              reportedCount = true
              findings.append(
                file.finding(
                  .simpleSideEffects, at: name, firstLineOf: variable,
                  "\(scope.name) has more than \(configuration.maxSideEffectStoredProperties) stored properties (maxSideEffectStoredProperties): split it into simpler side effects, or move the choices into a manager"
                )
              )
            }
          }
        }
        if let function = member.decl.as(FunctionDeclSyntax.self), function.name.text == "sideEffect",
          let body = function.body
        {
          let lines = Set(
            body.statements.tokens(viewMode: .sourceAccurate).map { file.line(of: $0.positionAfterSkippingLeadingTrivia) }
          ).count
          if lines > configuration.maxSideEffectBodyLines {
            findings.append(
              file.finding(
                .simpleSideEffects, at: function.name, firstLineOf: function,
                "\(scope.name).sideEffect has \(lines) lines of code, more than \(configuration.maxSideEffectBodyLines) (maxSideEffectBodyLines): move the logic into managers and keep the side effect a chain of manager calls and dispatches"
              )
            )
          }
        }
      }
    }
    for call in NodeCollector<FunctionCallExprSyntax>.all(in: file.tree) {
      guard let dispatch = DispatchCall(call), let dispatched = dispatch.dispatchedTypeComponents else { continue }
      let chain = Scope.chain(around: call)
      guard
        let dispatcher = chain.reversed().lazy.map({ index.key(of: $0, in: chain) })
          .first(where: { index.role(of: $0) == .sideEffect }),
        let target = index.resolve(dispatched, from: chain.last.map { index.key(of: $0, in: chain).split(separator: ".").map(String.init) } ?? []),
        index.role(of: target) == .sideEffect,
        namespace(of: target) == namespace(of: dispatcher)
      else { continue }
      let dispatcherName = dispatcher.split(separator: ".").last.map(String.init) ?? dispatcher
      let targetName = target.split(separator: ".").last.map(String.init) ?? target
      let namespaceText = namespace(of: target).map { " of \($0)" } ?? ""
      findings.append(
        file.finding(
          .simpleSideEffects, at: dispatch.nameToken,
          "\(dispatcherName) dispatches \(targetName), another side effect\(namespaceText): call the managers it uses, or dispatch its state updaters, from here"
        )
      )
    }
    return findings
  }

  /// The top-level namespace a dotted path is declared in; nil at the top level.
  private static func namespace(of key: String) -> String? {
    let components = key.split(separator: ".")
    return components.count > 1 ? String(components[0]) : nil
  }
}
