import NotesCore
import Testing

@Suite("Note manager")
struct NoteManagerTests {
  @Test("titles are trimmed and refused when blank or too long; bodies are kept as typed")
  func fields() throws {
    let manager = NoteManager()
    #expect(try manager.title(from: "  plan \n") == "plan")
    #expect(throws: NotesError.emptyTitle) { try manager.title(from: " \t") }
    #expect(throws: NotesError.titleTooLong(length: 201, maximum: 200)) {
      try manager.title(from: String(repeating: "é", count: 201))
    }
    #expect(try manager.body(from: "  indented\n\n") == "  indented\n\n")
    let small = NoteManager(maximumBodyLength: 3)
    #expect(try small.body(from: "日本語") == "日本語")  // 9 bytes, 3 characters
    #expect(throws: NotesError.bodyTooLong(length: 4, maximum: 3)) { try small.body(from: "abcd") }
  }

  @Test("the snippet is the first line with text; the listing marks pinned notes")
  func snippetAndListing() {
    let manager = NoteManager()
    #expect(manager.snippet(of: "\n   \n  first words \nsecond") == "first words")
    #expect(manager.snippet(of: "") == "")
    let notes = [Note(id: 1, folder: "Work", title: "plan", isPinned: true), Note(id: 4, folder: "Notes", title: "milk")]
    #expect(manager.listing(of: notes) == ["1. [Work] * plan", "4. [Notes] milk"])
  }
}
