import SwiftSyntax

/// What a call to `dispatch` looks like to the checks.
struct DispatchCall {
  static let names: Set<String> = ["dispatch", "anyDispatch"]

  let call: FunctionCallExprSyntax
  /// The `dispatch` name, where findings point.
  let nameToken: TokenSyntax
  /// What `dispatch` is called on (`context` in `context.dispatch(…)`), nil for a bare call.
  let base: ExprSyntax?

  init?(_ call: FunctionCallExprSyntax) {
    if let reference = call.calledExpression.as(DeclReferenceExprSyntax.self),
      Self.names.contains(reference.baseName.text)
    {
      nameToken = reference.baseName
      base = nil
    } else if let access = call.calledExpression.as(MemberAccessExprSyntax.self),
      Self.names.contains(access.declName.baseName.text)
    {
      nameToken = access.declName.baseName
      base = access.base
    } else {
      return nil
    }
    self.call = call
  }

  /// The type of the dispatched item when it is built in the call (`dispatch(Login.Save(…))`):
  /// its components as written, nil otherwise (a variable, `.init(…)`).
  var dispatchedTypeComponents: [String]? {
    guard let argument = call.arguments.first, argument.label == nil,
      let construction = argument.expression.as(FunctionCallExprSyntax.self),
      var components = construction.calledExpression.typeNameComponents
    else { return nil }
    if components.last == "init" { components.removeLast() }
    return components.isEmpty ? nil : components
  }

  /// Whether the call goes through a side effect's context: called on something named
  /// `context`, or inside a function or closure that takes a side-effect context.
  var isThroughSideEffectContext: Bool {
    if let base {
      let text = base.trimmedDescription
      if text == "context" || text.hasSuffix(".context") { return true }
    }
    var current = call.parent
    while let node = current {
      if let function = node.as(FunctionDeclSyntax.self),
        function.signature.parameterClause.trimmedDescription.contains("SideEffectContext")
      {
        return true
      }
      if let closure = node.as(ClosureExprSyntax.self),
        let signature = closure.signature, signature.trimmedDescription.contains("SideEffectContext")
      {
        return true
      }
      current = node.parent
    }
    return false
  }
}
