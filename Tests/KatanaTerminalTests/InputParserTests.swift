import KatanaUI
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
      TerminalKeyPress(.tab, modifiers: .shift),
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
    // A focus-in report, an unknown tilde key and a stray paste end marker, then a real key.
    #expect(keys(parser.parse(Array("\u{1B}[I\u{1B}[99~\u{1B}[201~q".utf8))) == [.character("q")])
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

  // MARK: Every key sequence, whole and split

  /// Each sequence terminals send for the keys KatanaUI names, with the key it means.
  static let keySequences: [(bytes: String, press: TerminalKeyPress)] = [
    // Home and End: CSI, SS3 (application mode), VT220 tilde and rxvt tilde codes.
    ("\u{1B}[H", TerminalKeyPress(.home)), ("\u{1B}[F", TerminalKeyPress(.end)),
    ("\u{1B}OH", TerminalKeyPress(.home)), ("\u{1B}OF", TerminalKeyPress(.end)),
    ("\u{1B}[1~", TerminalKeyPress(.home)), ("\u{1B}[4~", TerminalKeyPress(.end)),
    ("\u{1B}[7~", TerminalKeyPress(.home)), ("\u{1B}[8~", TerminalKeyPress(.end)),
    ("\u{1B}[2~", TerminalKeyPress(.insert)), ("\u{1B}[3~", TerminalKeyPress(.delete)),
    ("\u{1B}[5~", TerminalKeyPress(.pageUp)), ("\u{1B}[6~", TerminalKeyPress(.pageDown)),
    // F1–F4: SS3, CSI, and the VT220 / rxvt tilde codes; the Linux console's F1–F5.
    ("\u{1B}OP", TerminalKeyPress(.function(1))), ("\u{1B}OQ", TerminalKeyPress(.function(2))),
    ("\u{1B}OR", TerminalKeyPress(.function(3))), ("\u{1B}OS", TerminalKeyPress(.function(4))),
    ("\u{1B}[11~", TerminalKeyPress(.function(1))), ("\u{1B}[12~", TerminalKeyPress(.function(2))),
    ("\u{1B}[13~", TerminalKeyPress(.function(3))), ("\u{1B}[14~", TerminalKeyPress(.function(4))),
    ("\u{1B}[[A", TerminalKeyPress(.function(1))), ("\u{1B}[[E", TerminalKeyPress(.function(5))),
    // F5–F12.
    ("\u{1B}[15~", TerminalKeyPress(.function(5))), ("\u{1B}[17~", TerminalKeyPress(.function(6))),
    ("\u{1B}[18~", TerminalKeyPress(.function(7))), ("\u{1B}[19~", TerminalKeyPress(.function(8))),
    ("\u{1B}[20~", TerminalKeyPress(.function(9))), ("\u{1B}[21~", TerminalKeyPress(.function(10))),
    ("\u{1B}[23~", TerminalKeyPress(.function(11))), ("\u{1B}[24~", TerminalKeyPress(.function(12))),
    // xterm modifier parameters: 2 shift, 3 alt, 5 control, 6 control-shift, 8 all three.
    ("\u{1B}[1;5H", TerminalKeyPress(.home, modifiers: .control)),
    ("\u{1B}[1;2F", TerminalKeyPress(.end, modifiers: .shift)),
    ("\u{1B}[3;2~", TerminalKeyPress(.delete, modifiers: .shift)),
    ("\u{1B}[2;3~", TerminalKeyPress(.insert, modifiers: .alt)),
    ("\u{1B}[5;5~", TerminalKeyPress(.pageUp, modifiers: .control)),
    ("\u{1B}[6;6~", TerminalKeyPress(.pageDown, modifiers: [.control, .shift])),
    ("\u{1B}[1;2P", TerminalKeyPress(.function(1), modifiers: .shift)),
    ("\u{1B}[1;5S", TerminalKeyPress(.function(4), modifiers: .control)),
    ("\u{1B}[15;3~", TerminalKeyPress(.function(5), modifiers: .alt)),
    ("\u{1B}[24;8~", TerminalKeyPress(.function(12), modifiers: [.shift, .alt, .control])),
    ("\u{1B}O5P", TerminalKeyPress(.function(1), modifiers: .control)),
    ("\u{1B}O1;2R", TerminalKeyPress(.function(3), modifiers: .shift)),
    // rxvt: modifiers in the final byte, and its own Shift- and Ctrl-arrows.
    ("\u{1B}[3$", TerminalKeyPress(.delete, modifiers: .shift)),
    ("\u{1B}[2^", TerminalKeyPress(.insert, modifiers: .control)),
    ("\u{1B}[5@", TerminalKeyPress(.pageUp, modifiers: [.control, .shift])),
    ("\u{1B}[23$", TerminalKeyPress(.function(11), modifiers: .shift)),
    ("\u{1B}[a", TerminalKeyPress(.up, modifiers: .shift)),
    ("\u{1B}Od", TerminalKeyPress(.left, modifiers: .control)),
    // The arrows, for the split tests.
    ("\u{1B}[A", TerminalKeyPress(.up)), ("\u{1B}OB", TerminalKeyPress(.down)),
    ("\u{1B}[1;3C", TerminalKeyPress(.right, modifiers: .alt)),
  ]

  @Test("every key sequence gives its key, alone and in one batch with all the others")
  func everyKey() {
    for (bytes, press) in Self.keySequences {
      var parser = InputParser()
      #expect(keys(parser.parse(Array(bytes.utf8))) == [press], "\(bytes.debugDescription)")
      #expect(!parser.hasPendingInput, "\(bytes.debugDescription)")
    }
    var parser = InputParser()
    let batch = Self.keySequences.map(\.bytes).joined(separator: "x")
    let expected = Self.keySequences.map(\.press).flatMap { [$0, .character("x")] }.dropLast()
    #expect(keys(parser.parse(Array(batch.utf8))) == Array(expected))
  }

  @Test("the new keys reach KatanaUI with their modifiers; keys beyond F12 do not")
  func katanaUIKeys() {
    #expect(KeyPress(TerminalKeyPress(.home)) == KeyPress(.home))
    #expect(KeyPress(TerminalKeyPress(.end, modifiers: .shift)) == KeyPress(.end, modifiers: .shift))
    #expect(KeyPress(TerminalKeyPress(.pageUp)) == KeyPress(.pageUp))
    #expect(KeyPress(TerminalKeyPress(.pageDown, modifiers: .control)) == KeyPress(.pageDown, modifiers: .control))
    #expect(KeyPress(TerminalKeyPress(.insert, modifiers: .alt)) == KeyPress(.insert, modifiers: .alt))
    #expect(KeyPress(TerminalKeyPress(.delete)) == KeyPress(.delete))
    for number in 1...12 {
      #expect(KeyPress(TerminalKeyPress(.function(number), modifiers: [.control, .shift]))
        == KeyPress(.function(number), modifiers: [.control, .shift]))
    }
    #expect(KeyPress(TerminalKeyPress(.function(13))) == nil)
  }

  @Test("a sequence cut at any point, with the escape timeout passing in between, is still one key")
  func splitAtEveryPoint() {
    for (bytes, press) in Self.keySequences {
      let utf8 = Array(bytes.utf8)
      for cut in 1..<utf8.count {
        var parser = InputParser()
        #expect(parser.parse(utf8[..<cut]).isEmpty, "\(bytes.debugDescription) cut at \(cut)")
        // The reader flushes only when a lone ESC waits: a longer start is never a key yet.
        #expect(parser.isWaitingForEscapeTimeout == (cut == 1), "\(bytes.debugDescription) cut at \(cut)")
        if cut > 1 { #expect(parser.flush().isEmpty, "\(bytes.debugDescription) cut at \(cut)") }
        #expect(keys(parser.parse(utf8[cut...])) == [press], "\(bytes.debugDescription) cut at \(cut)")
        #expect(!parser.hasPendingInput)
      }
    }
  }

  @Test("a mouse report cut at any point, after any wait, is one click and never keys")
  func splitMouseAtEveryPoint() {
    let report = Array("\u{1B}[<0;12;3M".utf8)
    let click = TerminalEvent.mouse(MouseEvent(button: .left, action: .press, column: 11, row: 2))
    for cut in 1..<report.count {
      var parser = InputParser()
      var events = parser.parse(report[..<cut])
      if cut > 1 { events += parser.flush() }
      events += parser.parse(report[cut...])
      #expect(events == [click], "cut at \(cut)")
    }
  }

  @Test("a sequence cut into single bytes, each read alone, is one key")
  func byteByByte() {
    for (bytes, press) in Self.keySequences {
      var parser = InputParser()
      var events: [TerminalEvent] = []
      for byte in bytes.utf8 { events += parser.parse([byte]) }
      #expect(keys(events) == [press], "\(bytes.debugDescription)")
    }
  }

  @Test("a lone ESC is Escape only after the timeout; a byte in time makes it Alt or a sequence")
  func escapeTimeout() {
    var parser = InputParser()
    #expect(parser.parse([0x1B]).isEmpty)
    #expect(parser.isWaitingForEscapeTimeout)
    #expect(keys(parser.parse(Array("1".utf8))) == [TerminalKeyPress(.character("1"), modifiers: .alt)])
    // After the timeout the ESC is a key, and what follows is read on its own.
    #expect(parser.parse([0x1B]).isEmpty)
    #expect(keys(parser.flush()) == [TerminalKeyPress(.escape)])
    #expect(keys(parser.parse(Array("1".utf8))) == [.character("1")])
  }

  @Test("a byte that cannot continue a sequence drops it and is read on its own")
  func brokenSequence() {
    var parser = InputParser()
    // A CSI cut by Ctrl-C, an SS3 cut by a new ESC sequence, a mouse report cut by Enter.
    #expect(keys(parser.parse(Array("\u{1B}[1;5".utf8))).isEmpty)
    #expect(keys(parser.parse([0x03])) == [.control("c")])
    #expect(keys(parser.parse(Array("\u{1B}O\u{1B}[B".utf8))) == [TerminalKeyPress(.down)])
    #expect(keys(parser.parse(Array("\u{1B}[<0;1\r".utf8))) == [TerminalKeyPress(.enter)])
    #expect(!parser.hasPendingInput)
  }

  @Test("Alt-O followed by a key no SS3 sequence ends with is Alt-O and then that key")
  func altO() {
    var parser = InputParser()
    #expect(parser.parse(Array("\u{1B}O".utf8)).isEmpty)
    #expect(keys(parser.parse(Array("x".utf8))) == [TerminalKeyPress(.character("O"), modifiers: .alt), .character("x")])
  }

  @Test("a UTF-8 character split across reads survives the escape timeout")
  func splitCharacterAndTimeout() {
    var parser = InputParser()
    let bytes = Array("牛".utf8)
    #expect(parser.parse(bytes[..<1]).isEmpty)
    #expect(!parser.isWaitingForEscapeTimeout)
    #expect(parser.flush().isEmpty)
    #expect(keys(parser.parse(bytes[1...])) == [.character("牛")])
  }

  // MARK: Bracketed paste

  @Test("a bracketed paste is one event with its text, even with escapes and shortcut keys inside")
  func paste() {
    var parser = InputParser()
    let events = parser.parse(Array("a\u{1B}[200~q1\u{1B}[A\u{3}牛奶 🥛\u{1B}[201~b".utf8))
    #expect(events == [.key(.character("a")), .paste("q1\u{1B}[A\u{3}牛奶 🥛"), .key(.character("b"))])
  }

  @Test("pasted line ends become \\n; an empty paste is no event")
  func pasteLineEnds() {
    var parser = InputParser()
    #expect(parser.parse(Array("\u{1B}[200~one\r\ntwo\rthree\nfour\u{1B}[201~".utf8)) == [.paste("one\ntwo\nthree\nfour")])
    #expect(parser.parse(Array("\u{1B}[200~\u{1B}[201~".utf8)).isEmpty)
    #expect(!parser.hasPendingInput)
  }

  @Test("a paste cut at any point, with timeouts in between, is still one paste")
  func splitPasteAtEveryPoint() {
    let bytes = Array("\u{1B}[200~x\u{1B}[201y\u{1B}[201~z".utf8)
    for cut in 1..<bytes.count {
      var parser = InputParser()
      var events = parser.parse(bytes[..<cut])
      if !parser.isWaitingForEscapeTimeout { events += parser.flush() }
      events += parser.parse(bytes[cut...])
      #expect(events == [.paste("x\u{1B}[201y"), .key(.character("z"))], "cut at \(cut)")
    }
  }

  @Test("a paste longer than the cap keeps its first bytes and still ends at its marker")
  func pasteCap() {
    var parser = InputParser()
    let chunk = [UInt8](repeating: UInt8(ascii: "a"), count: 64 * 1024)
    _ = parser.parse(Array("\u{1B}[200~".utf8))
    for _ in 0..<(InputParser.maximumPasteBytes / chunk.count + 4) { #expect(parser.parse(chunk).isEmpty) }
    let events = parser.parse(Array("\u{1B}[201~k".utf8))
    #expect(events.count == 2)
    if case .paste(let text) = events.first { #expect(text.utf8.count == InputParser.maximumPasteBytes) }
    #expect(events.last == .key(.character("k")))
  }
}
