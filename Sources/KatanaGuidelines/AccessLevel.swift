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
