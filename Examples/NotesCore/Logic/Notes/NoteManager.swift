import Foundation

/// The rules of a note's fields, kept out of the dispatchables so that side effects stay short and
/// the rules are tested alone. Passive and stateless: every input is a parameter.
public struct NoteManager: Sendable {
  /// The longest title accepted, in characters.
  public let maximumTitleLength: Int
  /// The longest body accepted, in characters.
  public let maximumBodyLength: Int

  /// - Parameters:
  ///   - maximumTitleLength: the longest title accepted, in characters.
  ///   - maximumBodyLength: the longest body accepted, in characters (a million: about 300 pages).
  public init(maximumTitleLength: Int = 200, maximumBodyLength: Int = 1_000_000) {
    self.maximumTitleLength = maximumTitleLength
    self.maximumBodyLength = maximumBodyLength
  }

  /// The title to store for what the user typed: trimmed, and refused when empty or too long.
  ///
  /// - Parameter text: the title as typed.
  /// - Throws: ``NotesError/emptyTitle`` or ``NotesError/titleTooLong(length:maximum:)``.
  public func title(from text: String) throws(NotesError) -> String {
    let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
    guard !trimmed.isEmpty else { throw .emptyTitle }
    guard trimmed.count <= maximumTitleLength else {
      throw .titleTooLong(length: trimmed.count, maximum: maximumTitleLength)
    }
    return trimmed
  }

  /// The body to store: as typed (lines and spaces are the user's), refused when too long.
  ///
  /// - Parameter text: the body as typed.
  /// - Throws: ``NotesError/bodyTooLong(length:maximum:)``.
  public func body(from text: String) throws(NotesError) -> String {
    // Counted in UTF-8 bytes first: cheap, and a body under the limit in bytes is under it in
    // characters too.
    guard text.utf8.count > maximumBodyLength, text.count > maximumBodyLength else { return text }
    throw .bodyTooLong(length: text.count, maximum: maximumBodyLength)
  }

  /// `name` if it is one of `folders`.
  ///
  /// - Parameters:
  ///   - name: the folder asked for.
  ///   - folders: the app's folders.
  /// - Throws: ``NotesError/noSuchFolder(_:folders:)``.
  public func folder(_ name: String, in folders: [String]) throws(NotesError) -> String {
    guard folders.contains(name) else { throw .noSuchFolder(name, folders: folders) }
    return name
  }

  /// The first line of `body` that has text, trimmed: what the list shows after a title.
  ///
  /// - Parameter body: a note's text.
  public func snippet(of body: String) -> String {
    body.split(whereSeparator: \.isNewline).lazy.map { $0.trimmingCharacters(in: .whitespaces) }
      .first { !$0.isEmpty } ?? ""
  }

  /// One line per note for the shell: `3. [Work] * Title` (`*` marks a pinned note).
  ///
  /// - Parameter notes: the notes to list, in order.
  public func listing(of notes: [Note]) -> [String] {
    notes.map { note in "\(note.id). [\(note.folder)] \(note.isPinned ? "* " : "")\(note.title)" }
  }
}
