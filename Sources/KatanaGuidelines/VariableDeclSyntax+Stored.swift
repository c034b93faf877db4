import SwiftSyntax

extension VariableDeclSyntax {
  /// Whether it declares instance stored properties (not `static`/`class`, no getter).
  var isInstanceStored: Bool {
    if modifiers.contains(where: { [.keyword(.static), .keyword(.class)].contains($0.name.tokenKind) }) {
      return false
    }
    return bindings.allSatisfy(\.isStored)
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
