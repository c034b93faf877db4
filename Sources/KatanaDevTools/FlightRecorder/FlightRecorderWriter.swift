import DequeModule
import Foundation
import Katana
import KatanaPersistence
import KatanaSupport

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Writes a flight recording: encodes the batches ``FlightRecorderQueue`` hands over and keeps
/// the file within its bounds. Runs only on the queue's serial thread; the lock is uncontended
/// but for ``error`` readers.
///
/// The file is the header line and the window's lines. Lines are appended; when the window
/// would pass `2 × capacity` lines or the file ``DevToolsFlightRecorder/maximumBytes``, the
/// window is cut to the newest lines and the file replaced atomically (temporary file, `fsync`,
/// `rename`), so a kill leaves either the old or the new file, and at most a torn last line.
final class FlightRecorderWriter<S: State & Codable>: Sendable {
  /// One item line in the file, with the states its updater saw (to write the header after a cut).
  private struct WindowLine {
    var sequence: Int
    var bytes: Data
    var change: (any AnyStateChange)?
  }

  /// The writer's phases, each with its data.
  private enum Phase {
    /// Nothing written yet: an earlier file may still be at the path.
    case idle
    case writing(File)
    /// Stopped at its first failure.
    case failed(DevToolsFlightRecorderError)
  }

  private struct File {
    var window = Deque<WindowLine>()
    var bytes = 0
    /// Whether the header holds a state (false until the first updater).
    var headerHasState = false
    /// The newest change seen: the state when the window holds no updater.
    var latest: (any AnyStateChange)?
    var nextSequence = 1
  }

  private let options: DevToolsFlightRecorder
  private let registry: JournalRegistry<S>
  private let redaction: DevToolsRedaction
  private let names = TypeNameCache()
  private let fileSystem = POSIXFileSystem()
  private let phase = LockedValue(Phase.idle)

  init(options: DevToolsFlightRecorder, registry: JournalRegistry<S>, redaction: DevToolsRedaction) {
    self.options = options
    self.registry = registry
    self.redaction = redaction
  }

  /// The failure that stopped the recorder, if any.
  var error: DevToolsFlightRecorderError? {
    phase.withLock { phase in
      if case .failed(let error) = phase { return error }
      return nil
    }
  }

  /// Writes one batch; `dropped` items were lost before it, the newest state change among them
  /// being `droppedChange`.
  func write(_ batch: [FlightRecord], dropped: Int, droppedChange: (any AnyStateChange)?) {
    phase.withLock { phase in
      do throws(DevToolsFlightRecorderError) {
        var file: File
        switch phase {
        case .failed: return
        case .idle:
          try setAsideEarlierFile()
          file = File()
        case .writing(let current): file = current
        }
        phase = .idle  // not holding a second copy of the window while it changes
        try write(batch, dropped: dropped, droppedChange: droppedChange, to: &file)
        phase = .writing(file)
      } catch {
        phase = .failed(error)
      }
    }
  }

  // MARK: Writing

  private func write(
    _ batch: [FlightRecord], dropped: Int, droppedChange: (any AnyStateChange)?, to file: inout File
  ) throws(DevToolsFlightRecorderError) {
    var batch = batch[...]
    var dropped = dropped
    var droppedChange = droppedChange
    if batch.count > options.capacity {
      // Only the newest `capacity` would stay after the cut: encoding the others is wasted work
      // when the writer is behind.
      let skipped = batch.prefix(batch.count - options.capacity)
      dropped += skipped.count
      droppedChange = skipped.last(where: { $0.change != nil })?.change ?? droppedChange
      batch = batch.suffix(options.capacity)
    }
    var mustRewrite = file.bytes == 0
    var mustCut = false
    if dropped > 0 {
      // Every line in the window is older than the items dropped: none of them is among the
      // newest `capacity` any more, and replaying across the gap would be wrong. The state
      // after the gap is the dropped updaters' newest.
      file.window.removeAll()
      file.nextSequence += dropped
      if let droppedChange { file.latest = droppedChange }
      mustRewrite = true
    }
    var appended = Data()
    for record in batch {
      if record.item is DevToolsJump<S> {
        // DevTools' own move (time travel, an import) sets a state no line can replay: the
        // recording starts over from it.
        file.window.removeAll()
        if let change = record.change { file.latest = change }
        mustRewrite = true
        continue
      }
      let line = try encode(record, sequence: file.nextSequence)
      file.nextSequence += 1
      if let change = record.change {
        file.latest = change
        if !file.headerHasState { mustRewrite = true }
      }
      file.window.append(WindowLine(sequence: file.nextSequence - 1, bytes: line, change: record.change))
      if file.window.count > 2 * options.capacity || file.bytes + appended.count + line.count > options.maximumBytes {
        mustRewrite = true
        mustCut = true
      }
      if !mustRewrite { appended.append(line) }
    }
    if mustRewrite {
      try rewrite(&file, cut: mustCut)
    } else if !appended.isEmpty {
      do {
        try fileSystem.append(appended, toFileAt: options.path, synchronously: false)
      } catch {
        throw .writeFailed(path: options.path, reason: error.description)
      }
      file.bytes += appended.count
    }
  }

  /// Cuts the window to the newest lines that fit and replaces the file with them.
  private func rewrite(_ file: inout File, cut: Bool) throws(DevToolsFlightRecorderError) {
    var linesBytes = file.window.reduce(0) { $0 + $1.bytes.count }
    if cut {
      // The newest `capacity` lines at most, in half the cap, so the next cut is far.
      while file.window.count > options.capacity || (linesBytes > options.maximumBytes / 2 && file.window.count > 1) {
        linesBytes -= file.window.removeFirst().bytes.count
      }
    }
    var header = try header(for: file)
    // Only a very large state gets here: cut to what fits beside it, then encode it again (the
    // state before the new oldest line may differ).
    while header.count + linesBytes > options.maximumBytes, file.window.count > 1 {
      while header.count + linesBytes > options.maximumBytes, file.window.count > 1 {
        linesBytes -= file.window.removeFirst().bytes.count
      }
      header = try self.header(for: file)
    }
    var contents = header
    for line in file.window { contents.append(line.bytes) }
    do {
      try fileSystem.replaceFile(at: options.path, with: contents)
    } catch {
      throw .writeFailed(path: options.path, reason: error.description)
    }
    file.bytes = contents.count
    file.headerHasState = file.latest != nil
  }

  /// The header line: the state before the window's oldest item.
  private func header(for file: File) throws(DevToolsFlightRecorderError) -> Data {
    let state: JSONValue?
    if let change = file.window.first(where: { $0.change != nil })?.change {
      state = try json(Self.change(change).before)
    } else if let latest = file.latest {
      state = try json(Self.change(latest).after)
    } else {
      state = nil
    }
    let line = FlightRecordingHeaderLine<JSONValue>(
      sequence: 0, time: Date().timeIntervalSince1970, type: FlightRecordingLine.headerType,
      item: .init(
        format: FlightRecordingLine.format, version: FlightRecordingLine.version,
        stateType: DevToolsSession<S>.stateTypeName, capacity: options.capacity, state: state,
        droppedBefore: (file.window.first?.sequence ?? file.nextSequence) - 1))
    return try encodeLine(line)
  }

  private func encode(_ record: FlightRecord, sequence: Int) throws(DevToolsFlightRecorderError) -> Data {
    let callSite = record.callSite.map(DevToolsRecorder<S>.callSite(of:))
    let kind = DevToolsRecorder<S>.kindName(record.kind)
    let error = record.error.map { $0 is CancellationError ? "cancelled" : String(describing: $0) }
    let item = DevToolsRecorder<S>.dispatched(record.item)
    if record.kind == .stateUpdater, error == nil, let updater = item as? any StateUpdater,
      let registration = registry.registration(of: updater)
    {
      // The journal's own line, with the recorder's fields added before its closing brace.
      var line: Data
      do {
        line = try registration.encode(updater, sequence, record.time)
      } catch {
        throw .encodingFailed("\(registration.name): \(error)")
      }
      var extras = try encodeLine(
        FlightRecordingLineExtras(callSite: callSite, kind: kind, error: nil, replayable: true), newline: false)
      extras.removeFirst()  // its "{"
      line.removeLast()  // the journal line's "}"
      line.append(UInt8(ascii: ","))
      line.append(extras)
      line.append(UInt8(ascii: "\n"))
      return line
    }
    return try encodeLine(
      FlightRecordingItemLine(
        sequence: sequence, time: record.time, type: names.name(of: type(of: item)), callSite: callSite,
        kind: kind, error: error, replayable: false))
  }

  private func encodeLine(_ value: some Encodable, newline: Bool = true) throws(DevToolsFlightRecorderError) -> Data {
    do {
      let encoder = JSONEncoder()
      encoder.outputFormatting = [.sortedKeys]
      var data = try encoder.encode(value)
      if newline { data.append(UInt8(ascii: "\n")) }
      return data
    } catch {
      throw .encodingFailed("\(error)")
    }
  }

  /// `state` as JSON, redacted: the only way a state reaches the file.
  private func json(_ state: S) throws(DevToolsFlightRecorderError) -> JSONValue {
    do {
      return try redaction.apply(to: try JSONValue.of(state))
    } catch {
      throw .encodingFailed("\(error)")
    }
  }

  /// The store made the change for its own state type, which is `S`, so the cast cannot fail.
  private static func change(_ change: any AnyStateChange) -> StateChange<S> {
    change as! StateChange<S>
  }

  // MARK: Start-up

  /// Moves a file from an earlier run out of the way, never overwriting it in place: a flight
  /// recording becomes `PATH.previous`, anything else `PATH.unreadable-TIMESTAMP`.
  private func setAsideEarlierFile() throws(DevToolsFlightRecorderError) {
    let path = options.path
    let existing: Data?
    do {
      existing = try fileSystem.contentsOfFile(at: path)
    } catch {
      throw .cannotSetAside(path: path, reason: error.description)
    }
    guard let existing else { return }
    let firstLine = existing.prefix { $0 != UInt8(ascii: "\n") }
    let isRecording =
      (try? JSONDecoder().decode(FlightRecordingHeaderProbe.self, from: firstLine))?.type == FlightRecordingLine.headerType
    if isRecording {
      if rename(path, path + ".previous") != 0 {
        throw .cannotSetAside(path: path, reason: String(cString: strerror(errno)))
      }
    } else {
      do {
        _ = try fileSystem.moveAside(path, suffix: "unreadable-\(Int(Date().timeIntervalSince1970 * 1000))")
      } catch {
        throw .cannotSetAside(path: path, reason: error.description)
      }
    }
  }
}
