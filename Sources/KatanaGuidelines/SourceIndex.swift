import Foundation
import SwiftSyntax

/// What the checks know across every file read: which types of the checked targets are state
/// updaters, side effects or dependency containers, and which names each file (checked or
/// context) mentions. All of it from syntax: a conformance is seen where it is written, in the
/// type's declaration or in an extension, by the protocol's name.
struct SourceIndex {
  enum Role { case updater, sideEffect, dispatchable }

  /// Protocols whose conformers are state updaters, side effects, other dispatchables, and
  /// dependency containers: Katana's own, plus protocols of the sources that refine them.
  private(set) var updaterProtocols: Set<String> = ["StateUpdater", "Undoable"]
  private(set) var sideEffectProtocols: Set<String> = ["SideEffect", "ReturningSideEffect"]
  private(set) var dispatchableProtocols: Set<String> = [
    "Dispatchable", "OnStartObserverDispatchable", "StateObserverDispatchable", "DispatchObserverDispatchable",
    "NotificationObserverDispatchable", "CancellableSideEffect",
  ]
  private(set) var containerProtocols: Set<String> = ["SideEffectDependencyContainer"]

  /// Every type and protocol declared, by its dotted path (`LoginActions.PerformLogin`).
  private var declared: Set<String> = []
  /// Declared types (not protocols) by dotted path.
  private var declaredTypes: Set<String> = []
  /// The names each type's declaration and extensions inherit, by dotted path.
  private var conformances: [String: Set<String>] = [:]
  /// The identifiers each file mentions, by the file's path.
  private var namesByFile: [String: Set<String>] = [:]

  /// - Parameters:
  ///   - files: the checked files, parsed.
  ///   - contextWords: the words of each context file, by path (see ``words(in:)``).
  init(files: [SourceFile], contextWords: [String: Set<String>]) {
    namesByFile = contextWords
    var protocolParents: [String: Set<String>] = [:]
    for file in files {
      namesByFile[file.path] = Set(
        file.tree.tokens(viewMode: .sourceAccurate).compactMap { token in
          if case .identifier(let name) = token.tokenKind { return name }
          return nil
        }
      )
      for (scope, _) in file.scopes {
        let key = scope.path.joined(separator: ".")
        switch scope.kind {
        case .protocol:
          declared.insert(key)
          protocolParents[scope.name, default: []].formUnion(scope.inherited)
        case .type:
          declared.insert(key)
          declaredTypes.insert(key)
          conformances[key, default: []].formUnion(scope.inherited)
        case .extension:
          conformances[key, default: []].formUnion(scope.inherited)
        }
      }
    }
    // A protocol of the sources that refines a known one takes its role (to a fixed point).
    var changed = true
    while changed {
      changed = false
      for (name, parents) in protocolParents {
        for keyPath in [\SourceIndex.updaterProtocols, \.sideEffectProtocols, \.dispatchableProtocols, \.containerProtocols]
        where !self[keyPath: keyPath].contains(name) && !parents.isDisjoint(with: self[keyPath: keyPath]) {
          self[keyPath: keyPath].insert(name)
          changed = true
        }
      }
    }
  }

  /// The dotted path of the type that `components`, written inside the scope at `scopePath`,
  /// names: looked up from the innermost scope outwards, as Swift does. Nil for a type the
  /// sources do not declare or extend.
  func resolve(_ components: [String], from scopePath: [String]) -> String? {
    for depth in stride(from: scopePath.count, through: 0, by: -1) {
      let key = (scopePath.prefix(depth) + components).joined(separator: ".")
      if declared.contains(key) || conformances[key] != nil { return key }
    }
    return nil
  }

  /// The dotted path a scope stands for (an extension's extended type, resolved).
  func key(of scope: Scope, in chain: [Scope]) -> String {
    if scope.kind == .extension {
      return resolve(scope.path, from: []) ?? scope.path.joined(separator: ".")
    }
    return scope.path.joined(separator: ".")
  }

  /// Whether `key` is a state updater, a side effect or another dispatchable.
  func role(of key: String) -> Role? {
    guard let inherited = conformances[key] else { return nil }
    if !inherited.isDisjoint(with: updaterProtocols) { return .updater }
    if !inherited.isDisjoint(with: sideEffectProtocols) { return .sideEffect }
    if !inherited.isDisjoint(with: dispatchableProtocols) { return .dispatchable }
    return nil
  }

  /// Whether `key` conforms to `SideEffectDependencyContainer` (or a protocol refining it).
  func isContainer(_ key: String) -> Bool {
    !(conformances[key] ?? []).isDisjoint(with: containerProtocols)
  }

  /// Whether `key` names a type (not a protocol) that the sources declare.
  func isDeclaredType(_ key: String) -> Bool { declaredTypes.contains(key) }

  /// The identifier-like words of a context file, comments and strings included: context files
  /// are not parsed (a test suite's thousands of lines would cost seconds in a debug build), and
  /// a word too many can only hide a finding, never make one.
  static func words(in text: String) -> Set<String> {
    var words = Set<String>()
    var current = ""
    for character in text.unicodeScalars {
      if CharacterSet.alphanumerics.contains(character) || character == "_" {
        current.unicodeScalars.append(character)
      } else if !current.isEmpty {
        words.insert(current)
        current = ""
      }
    }
    if !current.isEmpty { words.insert(current) }
    return words
  }

  /// Whether any file other than `path` mentions `name`.
  func isMentioned(_ name: String, outside path: String) -> Bool {
    namesByFile.contains { $0.key != path && $0.value.contains(name) }
  }
}
