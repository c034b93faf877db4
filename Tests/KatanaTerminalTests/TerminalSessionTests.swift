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
