public import Foundation

/// Reads and writes notes exports (see ``ExportFile`` for the format), in batches paced on an
/// injected clock. Passive and stateless: every input is a parameter.
///
/// The pause between batches keeps a transfer of thousands of notes from holding the store in one
/// burst, lets the progress bar move, and gives the user's cancel a moment to land in; tests run
/// it on a manual clock.
public struct TransferManager: Sendable {
  /// How many notes go between two progress reports.
  public let batchSize: Int
  /// The pause after each batch.
  public let pause: Duration
  /// The clock the pauses run on.
  public let clock: any Clock<Duration>
  /// The largest file an import reads, in bytes.
  public let maximumBytes: Int

  /// - Parameters:
  ///   - batchSize: notes per progress report, at least 1.
  ///   - pause: the pause after each batch; zero on the command line.
  ///   - clock: what the pauses run on: `ContinuousClock` in the app, a manual clock in tests.
  ///   - maximumBytes: the largest file an import reads (32 MiB by default).
  public init(batchSize: Int, pause: Duration, clock: any Clock<Duration>, maximumBytes: Int = 32 << 20) {
    self.batchSize = max(1, batchSize)
    self.pause = pause
    self.clock = clock
    self.maximumBytes = maximumBytes
  }

  /// `path` made absolute against the process's working folder.
  ///
  /// - Parameter path: a path as typed; surrounding spaces are dropped.
  public func resolve(_ path: String) -> String {
    let trimmed = path.trimmingCharacters(in: .whitespaces)
    return trimmed.hasPrefix("/") ? trimmed : FileManager.default.currentDirectoryPath + "/" + trimmed
  }

  /// `items` cut into batches of ``batchSize``, each keeping the indices it had in `items`.
  ///
  /// - Parameter items: what to cut.
  public func batches<Element>(of items: [Element]) -> [ArraySlice<Element>] {
    stride(from: 0, to: items.count, by: batchSize).map { items[$0..<min($0 + batchSize, items.count)] }
  }

  /// Waits ``pause`` on the clock: the point where a cancelled transfer stops.
  ///
  /// - Throws: `CancellationError` when the calling task is cancelled.
  public func pauseAfterBatch() async throws {
    if pause > .zero { try await clock.sleep(for: pause) }
    try Task.checkCancellation()
  }

  // MARK: Export

  /// The header line of an export of `count` notes.
  ///
  /// - Parameter count: how many notes follow the header.
  public func header(count: Int) -> Data {
    (try? encoder.encode(ExportHeader(count: count))).map { $0 + Data("\n".utf8) } ?? Data()
  }

  /// One line per note.
  ///
  /// - Parameter notes: the notes to encode.
  public func encode(_ notes: some Sequence<NoteContent>) -> Data {
    var data = Data()
    for note in notes {
      // A struct of strings and a Bool always encodes.
      guard let line = try? encoder.encode(note) else { continue }
      data.append(line)
      data.append(0x0A)
    }
    return data
  }

  /// Writes an export at `path` at once (a reader never sees half a file), replacing an older
  /// export there but nothing else.
  ///
  /// - Parameters:
  ///   - data: the header and the notes' lines.
  ///   - path: an absolute path.
  /// - Throws: ``TransferError/wouldReplace(path:)`` when `path` holds something else, or
  ///   ``TransferError/unwritable(path:reason:)``.
  public func write(_ data: Data, to path: String) throws(TransferError) {
    var isFolder: ObjCBool = false
    if FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) {
      guard !isFolder.boolValue, isExport(at: path) else { throw .wouldReplace(path: path) }
    }
    do {
      try data.write(to: URL(fileURLWithPath: path), options: .atomic)
    } catch {
      throw .unwritable(path: path, reason: Self.reason(error))
    }
  }

  // MARK: Import

  /// Reads the export at `path`: checks its size, its header and its count of lines.
  ///
  /// - Parameter path: an absolute path.
  /// - Throws: ``TransferError/unreadable(path:reason:)``, ``TransferError/tooLarge(path:bytes:maximum:)``,
  ///   ``TransferError/notAnExport(path:)``, ``TransferError/unsupportedVersion(path:version:)`` or
  ///   ``TransferError/badLine(path:line:reason:)`` for a count that does not match.
  public func read(at path: String) throws(TransferError) -> ExportFile {
    guard let handle = FileHandle(forReadingAtPath: path) else {
      throw .unreadable(path: path, reason: FileManager.default.fileExists(atPath: path) ? "permission denied" : "no such file")
    }
    defer { try? handle.close() }
    let data: Data
    do {
      // One byte more than allowed tells a file that is too large without reading all of it.
      data = try handle.read(upToCount: maximumBytes + 1) ?? Data()
    } catch {
      throw .unreadable(path: path, reason: Self.reason(error))
    }
    guard data.count <= maximumBytes else {
      let size = (try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? Int
      throw .tooLarge(path: path, bytes: size ?? data.count, maximum: maximumBytes)
    }
    var lines = data.split(separator: 0x0A, omittingEmptySubsequences: false).map { Data($0) }
    if lines.last?.isEmpty == true { lines.removeLast() }
    guard let first = lines.first, let header = try? JSONDecoder().decode(ExportHeader.self, from: first),
      header.format == ExportHeader.format
    else { throw .notAnExport(path: path) }
    guard header.version == ExportHeader.version else { throw .unsupportedVersion(path: path, version: header.version) }
    lines.removeFirst()
    guard lines.count == header.count else {
      throw .badLine(
        path: path, line: lines.count + 1, reason: "the header says \(header.count) notes, the file has \(lines.count)")
    }
    return ExportFile(path: path, lines: lines)
  }

  /// The notes of a batch of `file`'s lines (a slice of ``ExportFile/lines``).
  ///
  /// - Parameters:
  ///   - lines: a slice of the file's lines, with their indices.
  ///   - file: the file they come from, for the errors' path and line numbers.
  /// - Throws: ``TransferError/badLine(path:line:reason:)`` for a line that is not a note, or a
  ///   note without a title.
  public func decode(_ lines: ArraySlice<Data>, of file: ExportFile) throws(TransferError) -> [NoteContent] {
    var notes: [NoteContent] = []
    notes.reserveCapacity(lines.count)
    let decoder = JSONDecoder()
    for (index, line) in zip(lines.indices, lines) {
      guard let note = try? decoder.decode(NoteContent.self, from: line) else {
        throw .badLine(path: file.path, line: index + 2, reason: "not a note")
      }
      guard !note.title.allSatisfy(\.isWhitespace), !note.folder.allSatisfy(\.isWhitespace) else {
        throw .badLine(path: file.path, line: index + 2, reason: "a note needs a title and a folder")
      }
      notes.append(note)
    }
    return notes
  }

  // MARK: Helpers

  private var encoder: JSONEncoder {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    return encoder
  }

  /// Whether the file at `path` starts with an export's header.
  ///
  /// - Parameter path: an absolute path.
  private func isExport(at path: String) -> Bool {
    guard let handle = FileHandle(forReadingAtPath: path) else { return false }
    defer { try? handle.close() }
    guard let start = try? handle.read(upToCount: 4096),
      let line = start.split(separator: 0x0A, maxSplits: 1, omittingEmptySubsequences: false).first
    else { return false }
    return (try? JSONDecoder().decode(ExportHeader.self, from: Data(line)))?.format == ExportHeader.format
  }

  /// What the system said about a failed file operation.
  ///
  /// - Parameter error: the error Foundation threw.
  private static func reason(_ error: any Error) -> String {
    if let posix = (error as NSError).userInfo[NSUnderlyingErrorKey] as? NSError, posix.domain == NSPOSIXErrorDomain {
      return String(cString: strerror(Int32(posix.code)))
    }
    return (error as NSError).localizedDescription
  }
}
