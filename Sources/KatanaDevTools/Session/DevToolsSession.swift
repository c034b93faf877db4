public import Foundation
public import Katana
public import KatanaPersistence

/// A recorded session as a file: the state before the first recorded updater and the journal of
/// the updaters that followed, so anyone can replay a bug report into a fresh store.
///
/// The DevTools page exports and imports these files; code can read one too:
/// ```swift
/// let session = try DevToolsSession(data: Data(contentsOf: url), registry: registry)
/// let store = Store<TodosState, TodosDependencies>(interceptors: [], stateInitializer: { session.initialState })
/// try await session.replay(into: store)
/// ```
///
/// The file is JSON: `{"format":"katana-devtools-session","version":1,"stateType":…,
/// "initialState":{…},"journal":"…","skippedTypes":[…]}` where `journal` holds the lines of a
/// KatanaPersistence journal (one JSON object per updater, under the names of the app's
/// ``/KatanaPersistence/JournalRegistry``). Updaters whose types are not registered cannot be
/// written; their names are listed in ``skippedTypes`` so a replay that diverges says why.
public struct DevToolsSession<S: State & Codable>: Sendable {
  /// The value of the file's `format` field.
  public static var format: String { "katana-devtools-session" }
  /// The file version this library writes and reads.
  public static var version: Int { 1 }

  /// The state before the first recorded updater.
  public var initialState: S
  /// The recorded updaters, in the order the store applied them.
  public var entries: [JournalEntry<S>]
  /// Types of updaters that were recorded but could not be written (not registered), in order
  /// of first appearance.
  public var skippedTypes: [String]

  /// Reads a session file.
  ///
  /// - Parameters:
  ///   - data: the file's bytes.
  ///   - registry: the app's journal registry; every updater in the file must be registered.
  /// - Throws: ``DevToolsSessionError`` naming what is wrong; nothing is applied anywhere.
  public init(data: Data, registry: JournalRegistry<S>) throws(DevToolsSessionError) {
    let header: SessionFileHeader
    do {
      header = try JSONDecoder().decode(SessionFileHeader.self, from: data)
    } catch {
      throw .notASession(reason: "not a DevTools session file (\(DecodingFailure.describe(error)))")
    }
    guard header.format == Self.format else {
      throw .notASession(reason: "format is \"\(header.format)\", expected \"\(Self.format)\"")
    }
    guard header.version <= Self.version else { throw .newerVersion(header.version) }
    guard header.stateType == Self.stateTypeName else {
      throw .wrongStateType(found: header.stateType, expected: Self.stateTypeName)
    }
    let file: SessionFile<S>
    do {
      file = try JSONDecoder().decode(SessionFile<S>.self, from: data)
    } catch {
      throw .undecodableState(reason: DecodingFailure.describe(error))
    }
    var entries: [JournalEntry<S>] = []
    var lineNumber = 0
    for line in file.journal.split(separator: "\n", omittingEmptySubsequences: true) {
      lineNumber += 1
      let bytes = Data(line.utf8)
      guard let lineHeader = try? JSONDecoder().decode(JournalLineHeader.self, from: bytes) else {
        throw .undecodableEntry(line: lineNumber, reason: "not a journal line")
      }
      guard let registration = registry.byName[lineHeader.type] else {
        throw .unknownUpdater(line: lineNumber, name: lineHeader.type)
      }
      do {
        entries.append(try registration.decode(bytes, lineNumber))
      } catch {
        throw .undecodableEntry(line: lineNumber, reason: "\(lineHeader.type): \(DecodingFailure.describe(error))")
      }
    }
    initialState = file.initialState
    self.entries = entries
    skippedTypes = file.skippedTypes
  }

  /// A session with the given contents (DevTools makes these when exporting).
  public init(initialState: S, entries: [JournalEntry<S>], skippedTypes: [String] = []) {
    self.initialState = initialState
    self.entries = entries
    self.skippedTypes = skippedTypes
  }

  /// The state after every entry is applied to ``initialState``, as a replay ends.
  public var finalState: S {
    entries.reduce(into: initialState) { state, entry in entry.apply(to: &state) }
  }

  /// Replays the session into `store`: puts it in ``initialState``, then dispatches every entry
  /// in order, waiting for each to be applied.
  ///
  /// - Throws: what the store's `value` throws for an entry (an interceptor refused it, the
  ///   store was released).
  public func replay<Target: PartialStore>(into store: Target) async throws where Target.StateType == S {
    await store.waitUntilReady()
    _ = try await store.anyDispatch(RestoreState(initialState)).value
    for entry in entries {
      _ = try await store.anyDispatch(entry.item).value
    }
  }

  static var stateTypeName: String { String(reflecting: S.self) }
}

/// Why a session file cannot be replayed.
public enum DevToolsSessionError: Error, Sendable, Hashable, CustomStringConvertible {
  /// The bytes are not a DevTools session file.
  case notASession(reason: String)
  /// Written by a newer version of DevTools.
  case newerVersion(Int)
  /// Recorded from a store of another state type.
  case wrongStateType(found: String, expected: String)
  /// The initial state does not decode as this app's state.
  case undecodableState(reason: String)
  /// A journal line names an updater the app's registry does not know.
  case unknownUpdater(line: Int, name: String)
  /// A journal line does not decode.
  case undecodableEntry(line: Int, reason: String)

  /// What is wrong, in a sentence the DevTools page shows as is.
  public var description: String {
    switch self {
    case .notASession(let reason): reason
    case .newerVersion(let version):
      "the session was written by a newer DevTools (version \(version); this one reads up to \(DevToolsSession<EmptyDevToolsState>.version))"
    case .wrongStateType(let found, let expected): "the session records \(found), this store holds \(expected)"
    case .undecodableState(let reason): "the initial state does not decode: \(reason)"
    case .unknownUpdater(let line, let name): "journal line \(line): updater \"\(name)\" is not registered in this app"
    case .undecodableEntry(let line, let reason): "journal line \(line) does not decode: \(reason)"
    }
  }
}

/// Only names the version constant from a non-generic context.
struct EmptyDevToolsState: State, Codable {}

/// The fields read first, to say what is wrong before decoding the state.
struct SessionFileHeader: Decodable {
  var format: String
  var version: Int
  var stateType: String
}

/// The whole file.
struct SessionFile<S: Codable>: Codable {
  var format: String
  var version: Int
  var stateType: String
  var initialState: S
  var journal: String
  var skippedTypes: [String]
}
