
extension RouteStack: Codable where Route: Codable {
  private enum CodingKeys: String, CodingKey {
    case entries
  }

  /// Decodes a stack; an empty list of entries is refused (a stack always holds its root).
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    let entries = try container.decode([Entry].self, forKey: .entries)
    do {
      try self.init(entries: entries)
    } catch {
      throw DecodingError.dataCorruptedError(forKey: .entries, in: container, debugDescription: error.description)
    }
  }

  /// Encodes the entries, root first.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(entries, forKey: .entries)
  }
}
