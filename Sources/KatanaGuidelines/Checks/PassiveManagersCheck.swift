import SwiftSyntax

/// <doc:ManagersArePassive>: a `…Manager` type (its declaration and its extensions) does not
/// dispatch, does not read the store's state, holds no store or side-effect context, keeps no
/// mutable stored state, and does not build the managers it uses.
enum PassiveManagersCheck {
  /// Types a manager must not hold: the store, a side-effect context, their dispatch and
  /// getState functions.
  static let storeTypes: Set<String> = [
    "Store", "AnyStore", "PartialStore", "SideEffectContext", "AnySideEffectContext", "AnyDispatch", "GetState",
    "AnyDispatching", "StoreDispatching",
  ]

  static func isManager(_ scope: Scope) -> Bool {
    scope.kind != .protocol && scope.name.hasSuffix("Manager") && scope.name != "Manager"
  }

  static func findings(in file: SourceFile) -> [Finding] {
    var findings: [Finding] = []
    for (scope, _) in file.scopes where isManager(scope) {
      let name = scope.name
      for member in scope.node.memberBlock.members {
        guard let variable = member.decl.as(VariableDeclSyntax.self) else { continue }
        for binding in variable.bindings where binding.isStored {
          guard let property = binding.name else { continue }
          let typeNames = Set(binding.typeAnnotation?.type.tokens(viewMode: .sourceAccurate).map(\.text) ?? [])
          if !typeNames.isDisjoint(with: storeTypes) {
            findings.append(
              file.finding(
                .passiveManagers, at: property, firstLineOf: variable,
                "\(name) holds the store or a side-effect context in '\(property.text)': managers never touch Katana; give the methods the values they need as parameters and let the calling side effect dispatch"
              )
            )
          } else if variable.isMutable {
            findings.append(
              file.finding(
                .passiveManagers, at: property, firstLineOf: variable,
                "\(name) keeps mutable state in 'var \(property.text)': managers are stateless; keep state in the store and pass what a method needs as a parameter"
              )
            )
          }
          if let value = binding.initializer?.value, let built = constructedManager(value, besides: name) {
            findings.append(
              file.finding(
                .passiveManagers, at: property, firstLineOf: variable,
                "\(name) builds the \(built) it uses: take it as an initializer parameter, so the dependency container (or a test) chooses it"
              )
            )
          }
        }
      }
      for call in NodeCollector<FunctionCallExprSyntax>.all(in: scope.node.memberBlock)
      where Scope.chain(around: call).last.map({ Syntax($0.node).id == Syntax(scope.node).id }) == true {
        if let dispatch = DispatchCall(call) {
          findings.append(
            file.finding(
              .passiveManagers, at: dispatch.nameToken,
              "\(name) dispatches: managers are passive; return the result and let the side effect that called the manager dispatch"
            )
          )
        } else if let called = call.calledExpression.typeNameComponents?.last,
          called == "getState" || called == "getAnyState",
          let token = call.calledExpression.lastToken(viewMode: .sourceAccurate)
        {
          findings.append(
            file.finding(
              .passiveManagers, at: token,
              "\(name) reads the store's state: take the values it needs as method parameters"
            )
          )
        } else if call.isInsideInitializer, let built = constructedManager(ExprSyntax(call), besides: name),
          let token = call.calledExpression.lastToken(viewMode: .sourceAccurate)
        {
          findings.append(
            file.finding(
              .passiveManagers, at: token,
              "\(name) builds the \(built) it uses: take it as an initializer parameter, so the dependency container (or a test) chooses it"
            )
          )
        }
      }
    }
    return findings
  }

  /// The name of the manager `expression` builds (`LoginManager(…)`), other than `own`.
  private static func constructedManager(_ expression: ExprSyntax, besides own: String) -> String? {
    guard let call = expression.as(FunctionCallExprSyntax.self),
      var components = call.calledExpression.typeNameComponents
    else { return nil }
    if components.last == "init" { components.removeLast() }
    guard let last = components.last, last.hasSuffix("Manager"), last != own, last != "Self" else { return nil }
    return last
  }
}

extension FunctionCallExprSyntax {
  fileprivate var isInsideInitializer: Bool {
    var current = parent
    while let node = current {
      if node.is(InitializerDeclSyntax.self) { return true }
      if node.is(MemberBlockSyntax.self) { return false }
      current = node.parent
    }
    return false
  }
}
