import Testing

@testable import KatanaTerminal

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// True when the tests run without a terminal (CI, `swift test` from a script): only then is it
/// safe to try to start a session, which would otherwise take over the developer's terminal.
private let noTerminal = isatty(STDIN_FILENO) == 0 || isatty(STDOUT_FILENO) == 0

@Suite("Terminal session")
struct TerminalSessionTests {
  @Test("starting without a terminal throws notATerminal, and a later start can still try", .enabled(if: noTerminal))
  func notATerminal() {
    #expect(throws: TerminalError.notATerminal) { try TerminalSession.start() }
    // The failed start did not leave a session marked active.
    #expect(throws: TerminalError.notATerminal) { try TerminalSession.start() }
  }

  @Test("errors explain themselves")
  func errorDescriptions() {
    #expect(TerminalError.notATerminal.description.contains("must be a terminal"))
    #expect(TerminalError.systemCall("tcsetattr", errno: 5).description == "tcsetattr failed with errno 5")
  }

  @Test("the raw settings turn off echo and line buffering and read one byte at a time")
  func rawSettings() {
    var original = termios()
    original.c_lflag |= tcflag_t(ECHO | ICANON | ISIG)
    let raw = TerminalDevice.rawSettings(from: original)
    #expect(raw.c_lflag & tcflag_t(ECHO) == 0)
    #expect(raw.c_lflag & tcflag_t(ICANON) == 0)
    #expect(raw.c_lflag & tcflag_t(ISIG) == 0)
    let minimum = withUnsafeBytes(of: raw.c_cc) { $0[Int(VMIN)] }
    #expect(minimum == 1)
  }
}

/// Sessions on a pseudo-terminal. Serialized: a process has one session at a time.
@Suite("Terminal session on a pseudo-terminal", .serialized)
struct PseudoTerminalSessionTests {
  struct Boom: Error {}

  @Test("a thrown error restores the settings, the screen, the cursor and the mouse", .timeLimit(.minutes(1)))
  func thrownErrorRestores() async throws {
    let terminal = try PseudoTerminal()
    let before = try terminal.device.attributes()
    await #expect(throws: Boom.self) {
      try await TerminalSession.run(device: terminal.device) { session in
        let raw = try terminal.device.attributes()
        #expect(raw.c_lflag & tcflag_t(ECHO | ICANON) == 0)
        #expect(session.isActive)
        throw Boom()
      }
    }
    let after = try terminal.device.attributes()
    #expect(after.c_lflag == before.c_lflag)
    #expect(after.c_iflag == before.c_iflag)
    #expect(after.c_oflag == before.c_oflag)
    let output = terminal.readOutput()
    #expect(output.hasPrefix("\u{1B}[?1049h\u{1B}[?25l\u{1B}[?1000h\u{1B}[?1006h"))
    #expect(output.hasSuffix("\u{1B}[0m\u{1B}[?1006l\u{1B}[?1000l\u{1B}[?25h\u{1B}[?1049l"))
  }

  @Test("typed bytes arrive as events, a batch in order, and SIGWINCH reports the new size", .timeLimit(.minutes(1)))
  func inputAndResize() async throws {
    let terminal = try PseudoTerminal(columns: 80, rows: 24)
    try await TerminalSession.run(device: terminal.device) { session in
      #expect(session.size == TerminalSize(columns: 80, rows: 30 - 6))
      terminal.type("ab\u{1B}[A\u{1B}[<0;3;4M")
      var events: [TerminalEvent] = []
      for await event in session.events {
        events.append(event)
        if events.count == 4 { break }
      }
      #expect(events == [
        .key(.character("a")), .key(.character("b")), .key(TerminalKeyPress(.up)),
        .mouse(MouseEvent(button: .left, action: .press, column: 2, row: 3)),
      ])
      try terminal.resize(columns: 100, rows: 40)
      kill(getpid(), SIGWINCH)
      for await event in session.events {
        if case .resize(let size) = event {
          #expect(size == TerminalSize(columns: 100, rows: 40))
          break
        }
      }
      #expect(session.size == TerminalSize(columns: 100, rows: 40))
    }
  }

  @Test("only one session at a time; restoring twice is harmless", .timeLimit(.minutes(1)))
  func oneSessionAtATime() throws {
    let terminal = try PseudoTerminal()
    let session = try TerminalSession.start(device: terminal.device, options: .init())
    #expect(throws: TerminalError.sessionAlreadyActive) {
      try TerminalSession.start(device: terminal.device, options: .init())
    }
    session.restore()
    session.restore()
    #expect(!session.isActive)
    let next = try TerminalSession.start(device: terminal.device, options: .init())
    next.restore()
  }
}
