import Foundation

/// Finds notes by words: every word of the query must appear in the note's title or body,
/// ignoring case and accents.
///
/// Deliberately slow, as a search over a server or a big index is: each search first waits
/// ``latency`` on the injected clock, so the screen shows its spinner, a newer query cancels an
/// older one mid-wait, and tests drive the wait with a manual clock. Passive and stateless.
public struct SearchManager: Sendable {
  /// How long every search takes before it answers.
  public let latency: Duration
  /// The clock the wait runs on.
  public let clock: any Clock<Duration>

  /// - Parameters:
  ///   - latency: the wait before each answer.
  ///   - clock: what the wait runs on: `ContinuousClock` in the app, a manual clock in tests.
  public init(latency: Duration, clock: any Clock<Duration>) {
    self.latency = latency
    self.clock = clock
  }

  /// The ids of the notes of `notes` that `query` finds, in the order given; none for a blank
  /// query, at once.
  ///
  /// - Parameters:
  ///   - query: the words to find, as typed.
  ///   - notes: where to look, in the order the results come in.
  /// - Throws: `CancellationError` when the calling task is cancelled during the wait.
  public func search(_ query: String, in notes: [Note]) async throws -> [Int] {
    let words = Self.words(of: query)
    guard !words.isEmpty else { return [] }
    try await clock.sleep(for: latency)
    try Task.checkCancellation()
    return notes.filter { Self.matches(words, $0) }.map(\.id)
  }

  /// The words of `query`, folded for comparison.
  ///
  /// - Parameter query: the query as typed.
  static func words(of query: String) -> [String] {
    query.split(whereSeparator: \.isWhitespace).map { fold(String($0)) }
  }

  /// Whether every one of `words` is in `note`'s title or body.
  ///
  /// - Parameters:
  ///   - words: folded words (see ``words(of:)``).
  ///   - note: the note to look in.
  static func matches(_ words: [String], _ note: Note) -> Bool {
    let title = fold(note.title)
    let body = fold(note.body)
    return words.allSatisfy { title.contains($0) || body.contains($0) }
  }

  /// `text` without case or accents, for comparison.
  ///
  /// - Parameter text: any text.
  private static func fold(_ text: String) -> String {
    text.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil)
  }
}
