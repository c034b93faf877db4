import Foundation

/// The first line of a state file: what wrote it and how long the payload is.
///
/// The payload follows on the next line as the app's own JSON, so that a migration closure gets
/// exactly the bytes an older app encoded. `length` tells a payload cut short from a complete one
/// even when the cut leaves valid JSON.
struct StateFileHeader: Codable, Equatable {
  static let formatName = "katana-state"

  var format: String
  var version: Int
  /// The journal's sequence number of the last item the payload includes (0: none).
  var journalSequence: Int
  var length: Int

  /// Header line, newline, payload.
  static func encode(payload: Data, version: Int, journalSequence: Int) throws -> Data {
    let header = StateFileHeader(format: formatName, version: version, journalSequence: journalSequence, length: payload.count)
    var data = try JSONEncoder().encode(header)
    data.append(UInt8(ascii: "\n"))
    data.append(payload)
    return data
  }

  /// Splits a state file into its header and payload.
  ///
  /// - Throws: a reason, as text, when the file is not a complete state file.
  static func decode(_ data: Data) throws(StateFileDecodingFailure) -> (StateFileHeader, Data) {
    guard let newline = data.firstIndex(of: UInt8(ascii: "\n")) else {
      throw StateFileDecodingFailure(reason: "no header line (\(data.count) bytes)")
    }
    let header: StateFileHeader
    do {
      header = try JSONDecoder().decode(StateFileHeader.self, from: data[data.startIndex..<newline])
    } catch {
      throw StateFileDecodingFailure(reason: "the header line is not a state file header")
    }
    guard header.format == formatName else {
      throw StateFileDecodingFailure(reason: "format '\(header.format)' is not '\(formatName)'")
    }
    let payload = data[data.index(after: newline)...]
    guard payload.count == header.length else {
      throw StateFileDecodingFailure(reason: "payload has \(payload.count) bytes, the header says \(header.length)")
    }
    return (header, Data(payload))
  }
}

/// Why a state file's bytes were rejected.
struct StateFileDecodingFailure: Error {
  var reason: String
}
