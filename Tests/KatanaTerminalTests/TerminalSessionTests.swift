import KatanaUI
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

/// What the stand-in for the process stop saw, and the pseudo-terminal it acts on.
struct StopProbe {
  var primary: Int32 = -1
  var secondary: Int32 = -1
  var stops = 0
  /// The local modes of the terminal at the moment of the stop.
  var localModes: tcflag_t = 0
}

/// Shared with ``recordStop()``, which runs in a signal handler and can take no context.
///
/// `nonisolated(unsafe)` is safe here: the pointer never changes; the pointee is written by the
/// job-control test before it sends SIGTSTP and by the handler, and read by the test only after
/// the session reported the resume, which the handler triggers after its last write. The suite
/// is serialized, so no two tests use it at once.
nonisolated(unsafe) private let stopProbe: UnsafeMutablePointer<StopProbe> = {
  let probe = UnsafeMutablePointer<StopProbe>.allocate(capacity: 1)
  probe.initialize(to: StopProbe())
  return probe
}()

/// Stands in for the stop in the SIGTSTP handler (a real one would stop the test runner): records
/// the terminal's modes at that moment and changes the window size, as a user might while the
/// app is stopped. Only async-signal-safe calls.
private func recordStop() {
  var settings = termios()
  _ = tcgetattr(stopProbe.pointee.secondary, &settings)
  stopProbe.pointee.localModes = settings.c_lflag
  stopProbe.pointee.stops += 1
  var size = winsize(ws_row: 33, ws_col: 90, ws_xpixel: 0, ws_ypixel: 0)
  #if canImport(Darwin)
    _ = ioctl(stopProbe.pointee.primary, TIOCSWINSZ, &size)
  #else
    _ = ioctl(stopProbe.pointee.primary, UInt(TIOCSWINSZ), &size)
  #endif
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
    #expect(output.hasPrefix("\u{1B}[?1049h\u{1B}[?25l\u{1B}[?1000h\u{1B}[?1006h\u{1B}[?2004h"))
    #expect(output.hasSuffix("\u{1B}[0m\u{1B}[?2004l\u{1B}[?1006l\u{1B}[?1000l\u{1B}[?25h\u{1B}[?1049l"))
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

  static let teardown = "\u{1B}[0m\u{1B}[?2004l\u{1B}[?1006l\u{1B}[?1000l\u{1B}[?25h\u{1B}[?1049l"
  static let setup = "\u{1B}[?1049h\u{1B}[?25l\u{1B}[?1000h\u{1B}[?1006h\u{1B}[?2004h\u{1B}[0m\u{1B}[2J"

  @Test(
    "SIGTSTP puts the terminal back before the stop; on continue raw mode, the screen modes and the size come back with a resume event",
    .timeLimit(.minutes(1)))
  func stopAndContinue() async throws {
    let terminal = try PseudoTerminal(columns: 80, rows: 24)
    let before = try terminal.device.attributes()
    stopProbe.pointee = StopProbe(primary: terminal.primary, secondary: terminal.secondary)
    SignalGuard.overrideStop(recordStop)
    defer { SignalGuard.overrideStop(nil) }
    try await TerminalSession.run(device: terminal.device) { session in
      #expect(terminal.readOutput() == Self.setup)
      session.write("frame")
      kill(getpid(), SIGTSTP)
      var resumed: TerminalSize?
      for await event in session.events {
        if case .resume(let size) = event {
          resumed = size
          break
        }
      }
      #expect(stopProbe.pointee.stops == 1)
      // At the stop the shell got its line mode back (echo, canonical input, signals)...
      #expect(stopProbe.pointee.localModes == before.c_lflag)
      // ...and after the continue the app has raw mode again, the new size, and its screen modes.
      let raw = try terminal.device.attributes()
      #expect(raw.c_lflag & tcflag_t(ECHO | ICANON | ISIG) == 0)
      #expect(resumed == TerminalSize(columns: 90, rows: 33))
      #expect(session.size == TerminalSize(columns: 90, rows: 33))
      #expect(terminal.readOutput() == "frame" + Self.teardown + Self.setup)
      // Input works as before: keys arrive at once, not on Enter.
      terminal.type("\u{1B}[C")
      for await event in session.events {
        #expect(event == .key(TerminalKeyPress(.right)))
        break
      }
    }
    #expect(try terminal.device.attributes().c_lflag == before.c_lflag)
  }

  @Test("SIGCONT without our stop (kill -STOP, then -CONT) sets the terminal up again and reports a resume", .timeLimit(.minutes(1)))
  func continueAfterForeignStop() async throws {
    let terminal = try PseudoTerminal(columns: 80, rows: 24)
    try await TerminalSession.run(device: terminal.device) { session in
      _ = terminal.readOutput()
      // What a shell may do while the app is stopped: put line mode back.
      var cooked = try terminal.device.attributes()
      cooked.c_lflag |= tcflag_t(ECHO | ICANON)
      try terminal.device.setAttributes(cooked)
      kill(getpid(), SIGCONT)
      for await event in session.events {
        #expect(event == .resume(TerminalSize(columns: 80, rows: 24)))
        break
      }
      #expect(try terminal.device.attributes().c_lflag & tcflag_t(ECHO | ICANON) == 0)
      #expect(terminal.readOutput() == Self.setup)
    }
  }

  @Test("suspend() sends SIGTSTP to the process: the session stops and resumes", .timeLimit(.minutes(1)))
  func suspendStops() async throws {
    let terminal = try PseudoTerminal(columns: 80, rows: 24)
    stopProbe.pointee = StopProbe(primary: terminal.primary, secondary: terminal.secondary)
    SignalGuard.overrideStop(recordStop)
    defer { SignalGuard.overrideStop(nil) }
    try await TerminalSession.run(device: terminal.device) { session in
      session.suspend()
      for await event in session.events {
        if case .resume = event { break }
      }
      #expect(stopProbe.pointee.stops == 1)
    }
  }
}
