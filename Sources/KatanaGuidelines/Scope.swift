import SwiftSyntax

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
