@testable import KatanaTerminal

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A pseudo-terminal pair: the session drives the secondary side like a real terminal, and the
/// test plays the terminal emulator on the primary side (reads what was drawn, types keys).
final class PseudoTerminal {
  let primary: Int32
  let secondary: Int32
  /// The secondary side's device path, to open it again (say read-only).
  let secondaryPath: String

  struct SetupFailed: Error {
    let call: String
  }

  init(columns: UInt16 = 80, rows: UInt16 = 24) throws {
    primary = PTY.openPrimary(O_RDWR | O_NOCTTY)
    guard primary >= 0, PTY.grant(primary) == 0, PTY.unlock(primary) == 0, let name = PTY.name(primary) else {
      throw SetupFailed(call: "posix_openpt")
    }
    secondaryPath = String(cString: name)
    secondary = open(name, O_RDWR | O_NOCTTY)
    guard secondary >= 0 else { throw SetupFailed(call: "open") }
    let flags = fcntl(primary, F_GETFL)
    _ = fcntl(primary, F_SETFL, flags | O_NONBLOCK)
    try resize(columns: columns, rows: rows)
  }

  deinit {
    close(secondary)
    close(primary)
  }

  var device: TerminalDevice { TerminalDevice(input: secondary, output: secondary) }

  /// Sets the window size, as a terminal emulator does when its window is resized.
  func resize(columns: UInt16, rows: UInt16) throws {
    var size = winsize(ws_row: rows, ws_col: columns, ws_xpixel: 0, ws_ypixel: 0)
    #if canImport(Darwin)
      let status = ioctl(primary, TIOCSWINSZ, &size)
    #else
      let status = ioctl(primary, UInt(TIOCSWINSZ), &size)
    #endif
    guard status == 0 else { throw SetupFailed(call: "ioctl") }
  }

  /// Everything the session wrote so far.
  func readOutput() -> String {
    var bytes: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 4096)
    while true {
      let count = buffer.withUnsafeMutableBytes { read(primary, $0.baseAddress, $0.count) }
      guard count > 0 else { break }
      bytes += buffer[0..<count]
    }
    return String(decoding: bytes, as: UTF8.self)
  }

  /// Types bytes, as a user (or tmux) would.
  func type(_ text: String) {
    var text = text
    text.withUTF8 { buffer in TerminalDevice.writeAll(primary, buffer) }
  }
}

/// The pseudo-terminal calls. Glibc's module map hides them (they need `_XOPEN_SOURCE`), so on
/// Linux they are looked up in the C library at run time.
private enum PTY {
  #if canImport(Glibc)
    typealias IntFunction = @convention(c) (Int32) -> Int32
    typealias NameFunction = @convention(c) (Int32) -> UnsafeMutablePointer<CChar>?

    static func symbol<T>(_ name: String, as type: T.Type) -> T {
      guard let address = dlsym(UnsafeMutableRawPointer(bitPattern: 0), name) else {
        fatalError("the C library has no \(name)")
      }
      return unsafeBitCast(address, to: type)
    }

    static func openPrimary(_ flags: Int32) -> Int32 { symbol("posix_openpt", as: IntFunction.self)(flags) }
    static func grant(_ descriptor: Int32) -> Int32 { symbol("grantpt", as: IntFunction.self)(descriptor) }
    static func unlock(_ descriptor: Int32) -> Int32 { symbol("unlockpt", as: IntFunction.self)(descriptor) }
    static func name(_ descriptor: Int32) -> UnsafeMutablePointer<CChar>? {
      symbol("ptsname", as: NameFunction.self)(descriptor)
    }
  #else
    static func openPrimary(_ flags: Int32) -> Int32 { posix_openpt(flags) }
    static func grant(_ descriptor: Int32) -> Int32 { grantpt(descriptor) }
    static func unlock(_ descriptor: Int32) -> Int32 { unlockpt(descriptor) }
    static func name(_ descriptor: Int32) -> UnsafeMutablePointer<CChar>? { ptsname(descriptor) }
  #endif
}
