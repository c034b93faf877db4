public import Foundation
public import Katana
public import KatanaPersistence

/// A flight recording read back: the state before its oldest item, every item it kept with its
/// call site, and the updaters that can be replayed.
///
/// ```swift
/// let recording = try DevToolsFlightRecording(contentsOfFile: path, registry: TodosStorage.registry)
/// for item in recording.items.suffix(10) { print(item) }  // what led up to the end
/// ```
/// ``DevTools/open(recordingAt:)`` replays one into the attached store, and the page's Import
/// accepts the file as it accepts a session.
///
/// Reading tolerates what a kill leaves: a last line cut short is ignored (``tornLine``). Any
/// other bad line is a ``DevToolsFlightRecordingError`` naming it; reading never changes the file.
public struct DevToolsFlightRecording<S: State & Codable>: Sendable {
  /// One recorded item, as the page would list it.
  public struct Item: Sendable, Hashable, CustomStringConvertible {
    /// Its position among every item the recorder saw (gaps are dropped items).
    public var sequence: Int
    /// When its handling ended.
    public var time: Date
    /// The registered name of a replayable updater, else the Swift type name.
    public var type: String
    /// `updater`, `sideEffect` or `returning`.
    public var kind: String
    /// Where it was dispatched, `Module/File.swift:line`, when the store knew.
    public var callSite: String?
    /// The function that dispatched it, as `#function` gives it.
    public var function: String?
    /// How its handling failed, if it did.
    public var error: String?
    /// Whether it is in ``DevToolsFlightRecording/entries``.
    public var isReplayable: Bool

    /// `#12 updater todos.add at TodosCore/Todos.swift:40 (failed: …)`.
    public var description: String {
      var text = "#\(sequence) \(kind) \(type)"
      if let callSite { text += " at \(callSite)" }
      if let function { text += " in \(function)" }
      if let error { text += " (failed: \(error))" }
      return text
    }
  }

  /// The state before the oldest item; `nil` when no updater ran while recording.
  public var initialState: S?
  /// Every kept item, oldest first.
  public var items: [Item]
  /// The replayable updaters, in the order the store applied them.
  public var entries: [JournalEntry<S>]
  /// Types of updaters that were recorded but cannot be replayed (not registered, or failed),
  /// in order of first appearance.
  public var skippedTypes: [String]
  /// How many items the recorder saw before the oldest one kept.
  public var droppedBefore: Int
  /// The 1-based number of a last line cut short by the end of the process; not in ``items``.
  public var tornLine: Int?

  /// Reads the recording at `path` without changing it.
  ///
  /// - Throws: ``DevToolsFlightRecordingError``.
  public init(contentsOfFile path: String, registry: JournalRegistry<S>) throws(DevToolsFlightRecordingError) {
    let data: Data?
    do {
      data = try POSIXFileSystem().contentsOfFile(at: path)
    } catch {
      throw .unreadableFile(path: path, reason: error.description)
    }
    guard let data else { throw .unreadableFile(path: path, reason: "no such file") }
    try self.init(data: data, registry: registry)
  }

  /// Reads a recording's bytes.
  ///
  /// - Parameters:
  ///   - data: the file's bytes.
  ///   - registry: the app's journal registry; every replayable line's updater must be in it.
  /// - Throws: ``DevToolsFlightRecordingError`` naming the first problem.
  public init(data: Data, registry: JournalRegistry<S>) throws(DevToolsFlightRecordingError) {
    var lines = data.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
    // The part after the last newline: empty, or a line the end of the process cut short.
    let tail = lines.removeLast()
    guard let first = lines.first else {
      throw .notAFlightRecording(reason: tail.isEmpty ? "the file is empty" : "its first line is incomplete")
    }
    tornLine = tail.isEmpty ? nil : lines.count + 1
    let decoder = JSONDecoder()
    guard let probe = try? decoder.decode(FlightRecordingHeaderProbe.self, from: first),
      probe.type == FlightRecordingLine.headerType, let header = probe.item,
      header.format == FlightRecordingLine.format
    else {
      throw .notAFlightRecording(reason: "its first line is not a flight recording header")
    }
    guard header.version <= FlightRecordingLine.version else { throw .newerVersion(header.version) }
    let expected = DevToolsSession<S>.stateTypeName
    guard header.stateType == expected else { throw .wrongStateType(found: header.stateType, expected: expected) }
    let headerLine: FlightRecordingHeaderLine<S>
    do {
      headerLine = try decoder.decode(FlightRecordingHeaderLine<S>.self, from: first)
    } catch {
      throw .undecodableState(reason: DecodingFailure.describe(error))
    }
    initialState = headerLine.item.state
    droppedBefore = headerLine.item.droppedBefore
    items = []
    entries = []
    skippedTypes = []
    for (offset, bytes) in lines.enumerated().dropFirst() {
      let lineNumber = offset + 1
      let line: FlightRecordingItemLine
      do {
        line = try decoder.decode(FlightRecordingItemLine.self, from: bytes)
      } catch {
        throw .corruptLine(line: lineNumber, reason: DecodingFailure.describe(error))
      }
      if line.replayable {
        guard let registration = registry.byName[line.type] else {
          throw .unknownUpdater(line: lineNumber, name: line.type)
        }
        do {
          entries.append(try registration.decode(Data(bytes), lineNumber))
        } catch {
          throw .undecodableEntry(line: lineNumber, reason: "\(line.type): \(DecodingFailure.describe(error))")
        }
      } else if line.kind == DevToolsRecorder<S>.kindName(.stateUpdater), !skippedTypes.contains(line.type) {
        skippedTypes.append(line.type)
      }
      items.append(
        Item(
          sequence: line.sequence, time: Date(timeIntervalSince1970: line.time), type: line.type, kind: line.kind,
          callSite: line.callSite.map { "\($0.file):\($0.line)" }, function: line.callSite?.function,
          error: line.error, isReplayable: line.replayable))
    }
    if !entries.isEmpty, initialState == nil {
      throw .undecodableState(reason: "updaters are recorded but the state before them is missing")
    }
  }

  /// A session seen as a recording: its updaters, without call sites.
  init(session: DevToolsSession<S>) {
    initialState = session.initialState
    entries = session.entries
    skippedTypes = session.skippedTypes
    droppedBefore = 0
    items = session.entries.enumerated().map { offset, entry in
      Item(
        sequence: offset + 1, time: entry.time, type: entry.typeName, kind: DevToolsRecorder<S>.kindName(.stateUpdater),
        callSite: nil, function: nil, error: nil, isReplayable: true)
    }
  }

  /// The state after every entry is applied to ``initialState``: the state at the end.
  public var finalState: S? {
    initialState.map { entries.reduce(into: $0) { state, entry in entry.apply(to: &state) } }
  }

  /// The recording as a session (its initial state and replayable updaters), to replay or export.
  ///
  /// - Throws: ``DevToolsFlightRecordingError/noState`` when no updater ran while recording.
  public func session() throws(DevToolsFlightRecordingError) -> DevToolsSession<S> {
    guard let initialState else { throw .noState }
    return DevToolsSession(initialState: initialState, entries: entries, skippedTypes: skippedTypes)
  }

  /// Whether `data` starts like a flight recording (its first line is the header).
  static func isFlightRecording(_ data: Data) -> Bool {
    let first = data.prefix { $0 != UInt8(ascii: "\n") }
    return (try? JSONDecoder().decode(FlightRecordingHeaderProbe.self, from: first))?.type == FlightRecordingLine.headerType
  }
}
