#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Thin wrappers over the POSIX terminal calls (termios, ioctl, read/write) on a pair of file
/// descriptors. Stateless: the saved settings live in the session.
struct TerminalDevice: Sendable {
  let input: Int32
  let output: Int32

  static let standard = TerminalDevice(input: STDIN_FILENO, output: STDOUT_FILENO)

  var isTerminal: Bool { isatty(input) == 1 && isatty(output) == 1 }

  /// The current termios settings of the input.
  func attributes() throws(TerminalError) -> termios {
    var settings = termios()
    guard tcgetattr(input, &settings) == 0 else { throw .systemCall("tcgetattr", errno: errno) }
    return settings
  }

  /// Applies `settings` once pending output is written, discarding unread input.
  func setAttributes(_ settings: termios) throws(TerminalError) {
    var settings = settings
    guard tcsetattr(input, TCSAFLUSH, &settings) == 0 else { throw .systemCall("tcsetattr", errno: errno) }
  }

  /// `original` switched to raw mode: no echo, no line buffering, no signals from keys (Ctrl-C
  /// arrives as a key), no CR/LF translation; `read` returns as soon as one byte is there.
  static func rawSettings(from original: termios) -> termios {
    var raw = original
    cfmakeraw(&raw)
    // Keep output post-processing off too (cfmakeraw does it), but make reads block for 1 byte.
    withUnsafeMutableBytes(of: &raw.c_cc) { controlCharacters in
      controlCharacters[Int(VMIN)] = 1
      controlCharacters[Int(VTIME)] = 0
    }
    return raw
  }

  /// The window size, or nil when the ioctl fails (then callers use a fallback).
  func size() -> TerminalSize? {
    var window = winsize()
    #if canImport(Darwin)
      let status = ioctl(output, TIOCGWINSZ, &window)
    #else
      let status = ioctl(output, UInt(TIOCGWINSZ), &window)
    #endif
    guard status == 0, window.ws_col > 0, window.ws_row > 0 else { return nil }
    return TerminalSize(columns: Int(window.ws_col), rows: Int(window.ws_row))
  }

  /// Writes every byte, retrying after interrupts and short writes. Errors other than EINTR and
  /// EAGAIN drop the rest: a closed terminal cannot be drawn on anyway.
  func write(_ text: String) {
    var text = text
    text.withUTF8 { buffer in
      Self.writeAll(output, buffer)
    }
  }

  static func writeAll(_ descriptor: Int32, _ buffer: UnsafeBufferPointer<UInt8>) {
    guard var address = buffer.baseAddress else { return }
    var remaining = buffer.count
    while remaining > 0 {
      #if canImport(Darwin)
        let written = Darwin.write(descriptor, address, remaining)
      #elseif canImport(Musl)
        let written = Musl.write(descriptor, address, remaining)
      #else
        let written = Glibc.write(descriptor, address, remaining)
      #endif
      if written < 0 {
        if errno == EINTR || errno == EAGAIN { continue }
        return
      }
      remaining -= written
      address += written
    }
  }
}
