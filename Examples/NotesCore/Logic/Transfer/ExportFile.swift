public import Foundation

/// A notes export read from disk, not yet decoded: the count its header gives and one line of
/// JSON per note.
///
/// The format (JSON Lines, UTF-8): a header `{"count":N,"format":"katana-notes","version":1}`,
/// then N lines, each a ``NoteContent``. One note per line, so an import decodes and reports
/// progress note by note, and a file is easy to produce with other tools.
public struct ExportFile: Equatable, Sendable {
  /// The file's absolute path.
  public var path: String
  /// The notes' lines; line `i` of this array is line `i + 2` of the file.
  public var lines: [Data]

  public init(path: String, lines: [Data]) {
    self.path = path
    self.lines = lines
  }
}

/// The first line of an export.
struct ExportHeader: Codable, Equatable {
  static let format = "katana-notes"
  static let version = 1

  var format: String
  var version: Int
  var count: Int

  init(count: Int) {
    format = Self.format
    version = Self.version
    self.count = count
  }
}
