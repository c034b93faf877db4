import SwiftSyntax

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
