import Testing

@testable import KatanaTerminal

/// Which text a text field shows when the store's text comes back while the user types ahead.
@Suite("Typed-ahead text of a text field")
struct TypedAheadTextTests {
  @Test("an echo of an earlier edit keeps the field's text until the store catches up")
  func olderEchoesKeepTheLocalText() {
    var typed = TypedAheadText()
    typed.sent("a")
    typed.sent("ab")
    typed.sent("abc")
    #expect(typed.text(forStoreText: "a", showing: "abc") == "abc")
    #expect(typed.text(forStoreText: "ab", showing: "abc") == "abc")
    #expect(typed.text(forStoreText: "abc", showing: "abc") == "abc")
  }

  @Test("an echo that skips intermediate edits (coalesced renders) catches up at once")
  func coalescedEchoes() {
    var typed = TypedAheadText()
    for text in ["a", "ab", "abc"] { typed.sent(text) }
    #expect(typed.text(forStoreText: "abc", showing: "abc") == "abc")
    // Nothing pending: a new store text (the app cleared the field) is taken.
    #expect(typed.text(forStoreText: "", showing: "abc") == "")
  }

  @Test("a re-render repeating the acknowledged text while edits are pending keeps them")
  func repeatedAcknowledgedText() {
    var typed = TypedAheadText()
    typed.sent("a")
    #expect(typed.text(forStoreText: "a", showing: "a") == "a")
    typed.sent("ab")
    // Another prop changed; the text is still the acknowledged "a": the "b" is on its way.
    #expect(typed.text(forStoreText: "a", showing: "ab") == "ab")
    #expect(typed.text(forStoreText: "ab", showing: "ab") == "ab")
  }

  @Test("text that is no echo of typing replaces the field's and forgets pending edits")
  func appChangesTheText() {
    var typed = TypedAheadText()
    typed.sent("hello")
    #expect(typed.text(forStoreText: "HELLO", showing: "hello") == "HELLO")
    // The pending "hello" is forgotten: its late echo is now just another text.
    #expect(typed.text(forStoreText: "hello", showing: "HELLO") == "hello")
  }
}
