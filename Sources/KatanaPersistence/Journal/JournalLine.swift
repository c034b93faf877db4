/// One journal line, as JSON: `{"sequence":3,"time":1763900000.25,"type":"todos.add","item":{…}}`.
struct JournalLine<Item: Codable>: Codable {
  var sequence: Int
  /// Seconds since 1970, UTC.
  var time: Double
  var type: String
  var item: Item
}

/// The fields of a journal line that do not depend on the item's type, read first to find it
/// (`package`: DevTools' session files hold journal lines too).
package struct JournalLineHeader: Decodable {
  package var sequence: Int
  package var time: Double
  package var type: String
}
