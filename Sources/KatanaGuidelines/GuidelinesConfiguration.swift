/// The thresholds of the checks that count: what "many stored parameters" and "a long body" mean
/// for a side effect (<doc:SimpleSideEffects>).
///
/// Decoded from a `.katana-guidelines.json` file at a package's root, for example
/// `{"maxSideEffectStoredProperties": 3, "maxSideEffectBodyLines": 15}`; a key left out keeps
/// its default.
public struct GuidelinesConfiguration: Hashable, Sendable, Codable {
  /// The most stored instance properties a side effect may have; the next one is reported.
  /// Defaults to 4.
  public var maxSideEffectStoredProperties: Int
  /// The most lines of code (blank and comment-only lines not counted) a side effect's
  /// `sideEffect(_:)` body may have. Defaults to 20.
  public var maxSideEffectBodyLines: Int

  /// A configuration with the given thresholds.
  ///
  /// - Parameters:
  ///   - maxSideEffectStoredProperties: the most stored properties a side effect may have.
  ///   - maxSideEffectBodyLines: the most lines of code a side effect's body may have.
  public init(maxSideEffectStoredProperties: Int = 4, maxSideEffectBodyLines: Int = 20) {
    self.maxSideEffectStoredProperties = maxSideEffectStoredProperties
    self.maxSideEffectBodyLines = maxSideEffectBodyLines
  }

  /// Decodes a configuration; keys that are missing keep their defaults.
  ///
  /// - Parameter decoder: the decoder to read from.
  /// - Throws: `DecodingError` when a key holds something other than an integer.
  public init(from decoder: any Decoder) throws {
    let defaults = GuidelinesConfiguration()
    let container = try decoder.container(keyedBy: CodingKeys.self)
    maxSideEffectStoredProperties =
      try container.decodeIfPresent(Int.self, forKey: .maxSideEffectStoredProperties)
      ?? defaults.maxSideEffectStoredProperties
    maxSideEffectBodyLines =
      try container.decodeIfPresent(Int.self, forKey: .maxSideEffectBodyLines) ?? defaults.maxSideEffectBodyLines
  }
}
