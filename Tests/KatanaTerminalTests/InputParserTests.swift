import Testing

@testable import KatanaTerminal

@Suite("Input parser")
struct InputParserTests {
  private func keys(_ events: [TerminalEvent]) -> [TerminalKeyPress] {
    events.compactMap { if case .key(let press) = $0 { press } else { nil } }
  }

  @Test("a batch of printable keys becomes one event per key, in order")
  func batchOfCharacters() {
    var parser = InputParser()
    #expect(keys(parser.parse(Array("hjkl".utf8))) == ["h", "j", "k", "l"].map { TerminalKeyPress.character($0) })
    #expect(!parser.hasPendingInput)
  }

  @Test("arrows, Enter and letters mixed in one read all come out")
  func mixedBatch() {
    var parser = InputParser()
    let bytes = Array("\u{1B}[A\u{1B}[B\u{1B}[C\u{1B}[Dx\r f\t\u{7F}".utf8)
    #expect(keys(parser.parse(bytes)) == [
      TerminalKeyPress(.up), TerminalKeyPress(.down), TerminalKeyPress(.right), TerminalKeyPress(.left), .character("x"),
      TerminalKeyPress(.enter), .character(" "), .character("f"), TerminalKeyPress(.tab), TerminalKeyPress(.backspace),
    ])
  }

  @Test("an escape sequence split across two reads is joined")
  func splitSequence() {
    var parser = InputParser()
    #expect(parser.parse([0x1B, UInt8(ascii: "[")]).isEmpty)
    #expect(parser.hasPendingInput)
    #expect(keys(parser.parse([UInt8(ascii: "B")])) == [TerminalKeyPress(.down)])
    #expect(!parser.hasPendingInput)
  }

  @Test("a lone ESC waits, then flush turns it into the Escape key")
  func loneEscape() {
    var parser = InputParser()
    #expect(parser.parse([0x1B]).isEmpty)
    #expect(keys(parser.flush()) == [TerminalKeyPress(.escape)])
    #expect(!parser.hasPendingInput)
  }

  @Test("two ESCs in a row are an Escape and then whatever follows")
  func doubleEscape() {
    var parser = InputParser()
    #expect(keys(parser.parse(Array("\u{1B}\u{1B}[A".utf8))) == [TerminalKeyPress(.escape), TerminalKeyPress(.up)])
  }

  @Test("SS3 arrows and F1-F4 (application cursor mode) are understood")
  func singleShiftThree() {
    var parser = InputParser()
    #expect(keys(parser.parse(Array("\u{1B}OA\u{1B}OD\u{1B}OP\u{1B}OS".utf8))) == [
      TerminalKeyPress(.up), TerminalKeyPress(.left), TerminalKeyPress(.function(1)), TerminalKeyPress(.function(4)),
    ])
  }

  @Test("tilde sequences give Home, Delete, PageUp, PageDown and F5-F12")
  func tildeSequences() {
    var parser = InputParser()
    let bytes = Array("\u{1B}[1~\u{1B}[3~\u{1B}[5~\u{1B}[6~\u{1B}[4~\u{1B}[15~\u{1B}[24~".utf8)
    #expect(keys(parser.parse(bytes)) == [
      TerminalKeyPress(.home), TerminalKeyPress(.delete), TerminalKeyPress(.pageUp), TerminalKeyPress(.pageDown), TerminalKeyPress(.end),
      TerminalKeyPress(.function(5)), TerminalKeyPress(.function(12)),
    ])
  }

  @Test("xterm modifier parameters and Shift-Tab carry their modifiers")
  func modifiers() {
    var parser = InputParser()
    #expect(keys(parser.parse(Array("\u{1B}[1;5C\u{1B}[1;2A\u{1B}[Z".utf8))) == [
      TerminalKeyPress(.right, modifiers: .control), TerminalKeyPress(.up, modifiers: .shift),
      TerminalKeyPress(.backTab, modifiers: .shift),
    ])
  }

  @Test("control bytes become Ctrl-letters, so Ctrl-C reaches the app as a key")
  func controlLetters() {
    var parser = InputParser()
    #expect(keys(parser.parse([0x03, 0x11, 0x01])) == [.control("c"), .control("q"), .control("a")])
  }

  @Test("ESC followed by a character is that character with Alt")
  func altCharacter() {
    var parser = InputParser()
    #expect(keys(parser.parse(Array("\u{1B}x".utf8))) == [TerminalKeyPress(.character("x"), modifiers: .alt)])
  }

  @Test("UTF-8 characters decode, even when split across reads")
  func utf8() {
    var parser = InputParser()
    let bytes = Array("é€".utf8)  // 2 + 3 bytes
    #expect(keys(parser.parse(bytes[0..<3])) == [.character("é")])
    #expect(keys(parser.parse(bytes[3...])) == [.character("€")])
  }

  @Test("invalid bytes are skipped without losing the keys around them")
  func invalidBytes() {
    var parser = InputParser()
    #expect(keys(parser.parse([UInt8(ascii: "a"), 0xFF, 0xC3, UInt8(ascii: "b")])) == [.character("a"), .character("b")])
  }

  @Test("unknown CSI sequences are skipped whole")
  func unknownSequence() {
    var parser = InputParser()
    // Focus-in report and a bracketed-paste marker, then a real key.
    #expect(keys(parser.parse(Array("\u{1B}[I\u{1B}[200~q".utf8))) == [.character("q")])
  }

  @Test("SGR mouse press and release map to 0-based cells")
  func mouseClick() {
    var parser = InputParser()
    let events = parser.parse(Array("\u{1B}[<0;10;5M\u{1B}[<0;10;5m".utf8))
    #expect(events == [
      .mouse(MouseEvent(button: .left, action: .press, column: 9, row: 4)),
      .mouse(MouseEvent(button: .left, action: .release, column: 9, row: 4)),
    ])
  }

  @Test("SGR mouse right button, wheel, drag and modifiers are decoded")
  func mouseVariants() {
    var parser = InputParser()
    let events = parser.parse(Array("\u{1B}[<2;1;1M\u{1B}[<64;3;4M\u{1B}[<65;3;4M\u{1B}[<32;7;8M\u{1B}[<16;2;2M".utf8))
    #expect(events == [
      .mouse(MouseEvent(button: .right, action: .press, column: 0, row: 0)),
      .mouse(MouseEvent(button: .wheelUp, action: .press, column: 2, row: 3)),
      .mouse(MouseEvent(button: .wheelDown, action: .press, column: 2, row: 3)),
      .mouse(MouseEvent(button: .left, action: .drag, column: 6, row: 7)),
      .mouse(MouseEvent(button: .left, action: .press, column: 1, row: 1, modifiers: .control)),
    ])
  }

  @Test("a mouse report split mid-number is completed by the next read")
  func splitMouse() {
    var parser = InputParser()
    #expect(parser.parse(Array("\u{1B}[<0;1".utf8)).isEmpty)
    #expect(parser.parse(Array("2;3M".utf8)) == [.mouse(MouseEvent(button: .left, action: .press, column: 11, row: 2))])
  }

  @Test("malformed mouse reports are dropped, keys after them survive")
  func malformedMouse() {
    var parser = InputParser()
    #expect(keys(parser.parse(Array("\u{1B}[<0;0;0M\u{1B}[<1;2Mz".utf8))) == [.character("z")])
  }

  @Test("a runaway sequence is dropped instead of waiting forever")
  func runawaySequence() {
    var parser = InputParser()
    let bytes = [0x1B, UInt8(ascii: "[")] + Array(repeating: UInt8(ascii: "1"), count: 100) + Array("A".utf8)
    _ = parser.parse(bytes)
    #expect(!parser.hasPendingInput)
  }
}
