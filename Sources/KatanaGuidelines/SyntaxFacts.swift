import SwiftSyntax

/// Swift's access levels, in order, as written in a declaration's modifiers.
enum AccessLevel: Int, Comparable {
  case `private`, `fileprivate`, `internal`, `package`, `public`, `open`

  init?(modifiers: DeclModifierListSyntax) {
    for modifier in modifiers where modifier.detail == nil {
      switch modifier.name.tokenKind {
      case .keyword(.private): self = .private
      case .keyword(.fileprivate): self = .fileprivate
      case .keyword(.internal): self = .internal
      case .keyword(.package): self = .package
      case .keyword(.public): self = .public
      case .keyword(.open): self = .open
      default: continue
      }
      return
    }
    return nil
  }

  /// Private or fileprivate: nothing outside the file sees it.
  var isFileScoped: Bool { self <= .fileprivate }

  static func < (lhs: AccessLevel, rhs: AccessLevel) -> Bool { lhs.rawValue < rhs.rawValue }
}

/// A declaration that other declarations nest in: a type or an extension.
struct Scope {
  enum Kind { case type, `protocol`, `extension` }
  let kind: Kind
  /// The type's name, or the last component of an extension's extended type.
  let name: String
  /// The components naming the scope from the top level (`["LoginActions", "PerformLogin"]`);
  /// for an extension, its extended type as written.
  let path: [String]
  let access: AccessLevel?
  let node: any DeclGroupSyntax
  /// The token findings about the declaration point at: the type's name, or the extended type.
  let nameToken: TokenSyntax

  /// The scope `node` declares, given the scope it is declared in.
  init?(_ node: Syntax, in enclosing: Scope?) {
    let prefix = enclosing?.path ?? []
    if let decl = node.as(StructDeclSyntax.self) {
      self.init(kind: .type, name: decl.name, prefix: prefix, node: decl)
    } else if let decl = node.as(ClassDeclSyntax.self) {
      self.init(kind: .type, name: decl.name, prefix: prefix, node: decl)
    } else if let decl = node.as(EnumDeclSyntax.self) {
      self.init(kind: .type, name: decl.name, prefix: prefix, node: decl)
    } else if let decl = node.as(ActorDeclSyntax.self) {
      self.init(kind: .type, name: decl.name, prefix: prefix, node: decl)
    } else if let decl = node.as(ProtocolDeclSyntax.self) {
      self.init(kind: .protocol, name: decl.name, prefix: prefix, node: decl)
    } else if let decl = node.as(ExtensionDeclSyntax.self) {
      guard let path = decl.extendedType.nameComponents, let last = path.last,
        let token = decl.extendedType.lastToken(viewMode: .sourceAccurate)
      else { return nil }
      self.init(
        kind: .extension, name: last, path: path, access: AccessLevel(modifiers: decl.modifiers), node: decl,
        nameToken: token
      )
    } else {
      return nil
    }
  }

  private init(kind: Kind, name: TokenSyntax, prefix: [String], node: some DeclGroupSyntax) {
    self.init(
      kind: kind, name: name.text, path: prefix + [name.text], access: AccessLevel(modifiers: node.modifiers),
      node: node, nameToken: name
    )
  }

  private init(
    kind: Kind, name: String, path: [String], access: AccessLevel?, node: any DeclGroupSyntax, nameToken: TokenSyntax
  ) {
    self.kind = kind
    self.name = name
    self.path = path
    self.access = access
    self.node = node
    self.nameToken = nameToken
  }

  /// The names of the types in the inheritance clause (last components, without generics).
  var inherited: [String] {
    node.inheritanceClause?.inheritedTypes.compactMap { $0.type.nameComponents?.last } ?? []
  }

  /// The scopes around `node`, outermost first.
  static func chain(around node: some SyntaxProtocol) -> [Scope] {
    var ancestors: [Syntax] = []
    var current = node.parent
    while let parent = current {
      ancestors.append(parent)
      current = parent.parent
    }
    var scopes: [Scope] = []
    for ancestor in ancestors.reversed() {
      if let scope = Scope(ancestor, in: scopes.last) { scopes.append(scope) }
    }
    return scopes
  }

  /// The access a declaration inside `chain` with its own `access` has: the narrowest of its own
  /// (internal when unwritten) and its scopes' (an extension's modifier is its members' default).
  static func effectiveAccess(_ access: AccessLevel?, in chain: [Scope]) -> AccessLevel {
    var result = access ?? .internal
    for scope in chain {
      if let scopeAccess = scope.access { result = min(result, scopeAccess == .private ? .fileprivate : scopeAccess) }
    }
    if chain.isEmpty, result == .private { result = .fileprivate }
    return result
  }
}

extension TypeSyntax {
  /// `A.B<C>` → `["A", "B"]`; nil for a function, tuple or other composite type.
  var nameComponents: [String]? {
    if let type = self.as(IdentifierTypeSyntax.self) { return [type.name.text] }
    if let type = self.as(MemberTypeSyntax.self) {
      guard let base = type.baseType.nameComponents else { return nil }
      return base + [type.name.text]
    }
    if let type = self.as(AttributedTypeSyntax.self) { return type.baseType.nameComponents }
    return nil
  }
}

extension ExprSyntax {
  /// `A.B`, `A.B<C>` or `B` used as a type in an expression → its components; nil otherwise.
  var typeNameComponents: [String]? {
    if let expr = self.as(DeclReferenceExprSyntax.self) { return [expr.baseName.text] }
    if let expr = self.as(MemberAccessExprSyntax.self) {
      guard let base = expr.base?.typeNameComponents else { return nil }
      return base + [expr.declName.baseName.text]
    }
    if let expr = self.as(GenericSpecializationExprSyntax.self) { return expr.expression.typeNameComponents }
    return nil
  }
}

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

extension VariableDeclSyntax {
  /// Whether it declares instance stored properties (not `static`/`class`, no getter).
  var isInstanceStored: Bool {
    if modifiers.contains(where: { [.keyword(.static), .keyword(.class)].contains($0.name.tokenKind) }) {
      return false
    }
    return bindings.allSatisfy(\.isStored)
  }

  var isStatic: Bool {
    modifiers.contains { [.keyword(.static), .keyword(.class)].contains($0.name.tokenKind) }
  }

  var isMutable: Bool { bindingSpecifier.tokenKind == .keyword(.var) }
}

extension PatternBindingSyntax {
  /// No accessors, or only observers (`willSet`/`didSet`).
  var isStored: Bool {
    guard let block = accessorBlock else { return true }
    guard case .accessors(let accessors) = block.accessors else { return false }
    return accessors.allSatisfy {
      [.keyword(.willSet), .keyword(.didSet)].contains($0.accessorSpecifier.tokenKind)
    }
  }

  var name: TokenSyntax? { pattern.as(IdentifierPatternSyntax.self)?.identifier }
}
