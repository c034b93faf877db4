/// A decoding error in a sentence: what a journal line or a saved session lacks, with its path.
/// Shared by the journal and DevTools' session files so both report bad input the same way.
package enum DecodingFailure {
  package static func describe(_ error: any Error) -> String {
    switch error {
    case DecodingError.dataCorrupted(let context): return context.debugDescription
    case DecodingError.keyNotFound(let key, _): return "missing '\(key.stringValue)'"
    case DecodingError.typeMismatch(_, let context), DecodingError.valueNotFound(_, let context):
      return "\(context.codingPath.map(\.stringValue).joined(separator: ".")): \(context.debugDescription)"
    default: return "\(error)"
    }
  }
}
