import Foundation
import SwiftSyntax

/// <doc:DocumentedInterfaces>: every dispatchable visible outside its file has a documentation
/// comment, and so does each of its stored properties (its parameters) unless the type's comment
/// names it; every non-private method of a manager has one that names each parameter.
enum DocumentationCheck {
  static func findings(in file: SourceFile, index: SourceIndex) -> [Finding] {
    var findings: [Finding] = []
    for (scope, chain) in file.scopes {
      if scope.kind == .type, index.role(of: index.key(of: scope, in: chain)) != nil,
        !Scope.effectiveAccess(scope.access, in: chain).isFileScoped
      {
        let typeDocumentation = scope.node.documentation
        if typeDocumentation == nil {
          findings.append(
            file.finding(
              .documentation, at: scope.nameToken, firstLineOf: scope.node,
              "document \(scope.name): a /// comment that says what it does and what its parameters mean"
            )
          )
        }
        for member in scope.node.memberBlock.members {
          guard let variable = member.decl.as(VariableDeclSyntax.self), variable.isInstanceStored,
            AccessLevel(modifiers: variable.modifiers)?.isFileScoped != true, variable.documentation == nil
          else { continue }
          for binding in variable.bindings {
            guard let name = binding.name, !mentions(typeDocumentation, name.text) else { continue }
            findings.append(
              file.finding(
                .documentation, at: name, firstLineOf: variable,
                "document '\(name.text)', a parameter of \(scope.name): a /// comment above it, or '- Parameter \(name.text):' in \(scope.name)'s comment"
              )
            )
          }
        }
      }
      if PassiveManagersCheck.isManager(scope) {
        let scopeChain = chain + [scope]
        for member in scope.node.memberBlock.members {
          guard let function = member.decl.as(FunctionDeclSyntax.self),
            !Scope.effectiveAccess(AccessLevel(modifiers: function.modifiers), in: scopeChain).isFileScoped
          else { continue }
          let signature = "\(function.name.text)(\(function.signature.parameterClause.parameters.map { "\($0.firstName.text):" }.joined()))"
          guard let documentation = function.documentation else {
            findings.append(
              file.finding(
                .documentation, at: function.name, firstLineOf: function,
                "document \(scope.name).\(signature): a /// comment that says what it does, and '- Parameter name:' for each parameter"
              )
            )
            continue
          }
          for parameter in function.signature.parameterClause.parameters {
            let names = [parameter.firstName, parameter.secondName].compactMap { $0?.text }.filter { $0 != "_" }
            guard let shown = names.last, !names.contains(where: { mentions(documentation, $0) }) else { continue }
            findings.append(
              file.finding(
                .documentation, at: parameter.secondName ?? parameter.firstName, firstLineOf: function,
                "document the parameter '\(shown)' of \(scope.name).\(signature): add '- Parameter \(shown):' to its comment"
              )
            )
          }
        }
      }
    }
    return findings
  }

  /// Whether a documentation comment covers `name`: `- Parameter name:`, `- name:` in a
  /// `- Parameters:` list, or the name as a word of the prose ("an unknown id changes nothing").
  /// Whether the prose says enough about it is for a reviewer: a missed finding beats a false one.
  static func mentions(_ documentation: String?, _ name: String) -> Bool {
    guard let documentation else { return false }
    var rest = documentation[...]
    while let range = rest.range(of: name) {
      let before = range.lowerBound == documentation.startIndex ? nil : documentation[documentation.index(before: range.lowerBound)]
      let after = range.upperBound == documentation.endIndex ? nil : documentation[range.upperBound]
      if !isIdentifierCharacter(before), !isIdentifierCharacter(after) { return true }
      rest = documentation[range.upperBound...]
    }
    return false
  }

  private static func isIdentifierCharacter(_ character: Character?) -> Bool {
    guard let character else { return false }
    return character.isLetter || character.isNumber || character == "_"
  }
}
