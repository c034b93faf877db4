import Foundation
import Katana
import KatanaPersistence
import KatanaSupport

/// The call sites a flight recording kept, for the list to show on the updaters an import
/// replays (DevTools dispatches them itself, so the store gives them no call site).
///
/// The replayed updaters are recorded in the order they were dispatched, after the import began:
/// the first record after it that has no call site and the type of the next recorded updater is
/// that updater's replay. Records the page asks about are matched in id order, as the page asks.
///
/// Threading: safe from any thread; never takes another lock while holding its own.
final class ImportedCallSites: Sendable {
  private struct Storage {
    /// Ids from here on may be replays.
    var fromID = Int.max
    /// The recorded updaters still to match: their registered names and call sites, in order.
    var pending: [(name: String, site: DevToolsCallSite?)] = []
    var next = 0
    var lastMatchedID = 0
    var matched: [Int: DevToolsCallSite] = [:]
  }

  private let storage = LockedValue(Storage())

  /// The recorded updaters of `data` with their call sites, if it is a flight recording.
  static func sites<S: State & Codable>(
    in data: Data, registry: JournalRegistry<S>
  ) -> [(name: String, site: DevToolsCallSite?)] {
    guard DevToolsFlightRecording<S>.isFlightRecording(data),
      let recording = try? DevToolsFlightRecording(data: data, registry: registry)
    else { return [] }
    return recording.items.filter(\.isReplayable).map { item in
      (item.type, item.callSite.flatMap { callSite in
        // "Module/File.swift:line" back into its parts.
        guard let colon = callSite.lastIndex(of: ":"), let line = Int(callSite[callSite.index(after: colon)...]) else {
          return nil
        }
        return DevToolsCallSite(file: String(callSite[..<colon]), line: line, function: item.function ?? "")
      })
    }
  }

  /// An import begins: records from `fromID` on may be the replays of `sites`.
  func begin(fromID: Int, sites: [(name: String, site: DevToolsCallSite?)]) {
    storage.withLock { $0 = Storage(fromID: fromID, pending: sites) }
  }

  /// The recorded call site of `record`, if it is the replay of a recorded updater.
  func site<S: State>(of record: RecordedItem, registry: JournalRegistry<S>) -> DevToolsCallSite? {
    guard record.callSite == nil, record.kind == .stateUpdater else { return nil }
    return storage.withLock { storage -> DevToolsCallSite? in
      guard record.id >= storage.fromID else { return nil }
      if let site = storage.matched[record.id] { return site }
      guard record.id > storage.lastMatchedID, storage.next < storage.pending.count,
        registry.registration(of: record.item)?.name == storage.pending[storage.next].name
      else { return nil }
      let site = storage.pending[storage.next].site
      storage.next += 1
      storage.lastMatchedID = record.id
      if let site { storage.matched[record.id] = site }
      return site
    }
  }
}
