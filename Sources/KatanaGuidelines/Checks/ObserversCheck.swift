import SwiftSyntax

/// <doc:ObserversBringTheOutsideWorldIn>: in the logic (files under `Logic/` and `State/`), code
/// that dispatches is a side effect or an `…Observer`; and an `…Observer` of the sources is
/// created inside the dependency container only.
enum ObserversCheck {
  static func findings(in file: SourceFile, index: SourceIndex) -> [Finding] {
    var findings: [Finding] = []
    let inLogic = file.topFolder == "Logic" || file.topFolder == "State"
    for call in NodeCollector<FunctionCallExprSyntax>.all(in: file.tree) {
      let chain = Scope.chain(around: call)
      if inLogic, let dispatch = DispatchCall(call), !dispatch.isThroughSideEffectContext,
        !chain.contains(where: { scope in
          scope.name.hasSuffix("Observer") || PassiveManagersCheck.isManager(scope)
            || index.role(of: index.key(of: scope, in: chain)) == .sideEffect
        })
      {
        findings.append(
          file.finding(
            .observers, at: dispatch.nameToken,
            "dispatch from outside a side effect: the code that brings outside events in (callbacks, notifications, sockets) belongs in a type named …Observer, created by the dependency container"
          )
        )
      }
      if let components = call.calledExpression.typeNameComponents?.filter({ $0 != "init" }),
        let last = components.last, last.hasSuffix("Observer"),
        let key = index.resolve(components, from: chain.last?.path ?? []), index.isDeclaredType(key),
        !chain.contains(where: { index.isContainer(index.key(of: $0, in: chain)) || $0.name == last }),
        let token = call.calledExpression.lastToken(viewMode: .sourceAccurate)
      {
        findings.append(
          file.finding(
            .observers, at: token,
            "\(last) is created outside the dependency container: create it in the container's initializer and keep it there, so one observer lives as long as the store"
          )
        )
      }
    }
    return findings
  }
}
