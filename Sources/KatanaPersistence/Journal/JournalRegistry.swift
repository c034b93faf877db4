package import Foundation
public import Katana

/// The updaters a ``Journal`` records, each under a stable name.
///
/// The name, not the Swift type name, is written in the file, so renaming or moving a type does
/// not break old journals: keep the name. Only registered types are journaled; others (UI-only
/// updates, say) are applied and not recorded, so a replay does not repeat them.
///
/// ```swift
/// var registry = JournalRegistry<TodosState>()
/// registry.register(Todos.Add.self, as: "todos.add")
/// registry.register(RestoreState<TodosState>.self, as: "katana.restore")  // undo/redo replay too
/// ```
public struct JournalRegistry<S: State>: Sendable {
  package struct Registration: Sendable {
    package let name: String
    package let encode: @Sendable (_ item: any StateUpdater, _ sequence: Int, _ time: Double) throws -> Data
    package let decode: @Sendable (_ line: Data, _ lineNumber: Int) throws -> JournalEntry<S>
  }

  package private(set) var byName: [String: Registration] = [:]
  private(set) var byType: [ObjectIdentifier: Registration] = [:]

  /// An empty registry.
  public init() {}

  /// Journals every applied `type` under `name`.
  ///
  /// - Parameters:
  ///   - type: a `Codable` updater of this state.
  ///   - name: the stable name written in each line; registering a name twice keeps the last type.
  public mutating func register<Updater: StateUpdater & Codable>(_ type: Updater.Type, as name: String)
  where Updater.StateType == S {
    let registration = Registration(
      name: name,
      encode: { item, sequence, time in
        // Only called for items whose dynamic type is `Updater` (looked up by type identifier).
        let line = JournalLine(sequence: sequence, time: time, type: name, item: item as! Updater)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]  // the same item always gives the same line
        return try encoder.encode(line)
      },
      decode: { data, lineNumber in
        let line = try JSONDecoder().decode(JournalLine<Updater>.self, from: data)
        let item = line.item
        return JournalEntry(
          sequence: line.sequence, time: Date(timeIntervalSince1970: line.time), typeName: name, item: item,
          line: lineNumber, apply: { item.updateState(&$0) })
      })
    byName[name] = registration
    byType[ObjectIdentifier(type)] = registration
  }

  /// The registration of `item`'s exact type, if any.
  package func registration(of item: any Dispatchable) -> Registration? {
    byType[ObjectIdentifier(Swift.type(of: item))]
  }
}
