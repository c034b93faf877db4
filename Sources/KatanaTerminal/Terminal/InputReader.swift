import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Reads the terminal's input on its own thread and hands parsed events over.
///
/// A blocking `read` cannot be cancelled, so the thread waits in `poll` on the input and two
/// private pipes: ``stop()`` writes to one to end it, and the signal handlers write to the other
/// (``resizeNotifier``) to report a resize (SIGWINCH) or a continue after a stop. While a lone
/// `ESC` is pending it polls with `escapeTimeout`, and when nothing follows in time it flushes
/// the parser, turning it into the Escape key; incomplete sequences wait for their next byte.
final class InputReader: Sendable {
  private let input: Int32
  private let stopRead: Int32
  private let stopWrite: Int32
  private let resizeRead: Int32
  /// The write end of the resize pipe, non-blocking, for the SIGWINCH handler.
  let resizeNotifier: Int32
  private let escapeTimeoutMilliseconds: Int32

  /// What the SIGWINCH handler writes to ``resizeNotifier``.
  static let resizedByte: UInt8 = 1
  /// What the handlers write to ``resizeNotifier`` when the process continued after a stop.
  static let continuedByte: UInt8 = 2

  init(input: Int32, escapeTimeoutMilliseconds: Int32) throws(TerminalError) {
    var stop: [Int32] = [0, 0]
    guard pipe(&stop) == 0 else { throw .systemCall("pipe", errno: errno) }
    var resize: [Int32] = [0, 0]
    guard pipe(&resize) == 0 else {
      let error = errno
      close(stop[0])
      close(stop[1])
      throw .systemCall("pipe", errno: error)
    }
    for descriptor in resize {
      _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) | O_NONBLOCK)
    }
    self.input = input
    stopRead = stop[0]
    stopWrite = stop[1]
    resizeRead = resize[0]
    resizeNotifier = resize[1]
    self.escapeTimeoutMilliseconds = escapeTimeoutMilliseconds
  }

  /// Starts the thread. `deliver` gets each non-empty batch of events, in order; `resized` is
  /// called after SIGWINCH; `continued` after the process continued from a stop (instead of
  /// `resized` when both happened); `finished` is called once when the thread ends (stopped, end
  /// of input, or a read error).
  func start(
    deliver: @escaping @Sendable ([TerminalEvent]) -> Void,
    resized: @escaping @Sendable () -> Void,
    continued: @escaping @Sendable () -> Void,
    finished: @escaping @Sendable () -> Void
  ) {
    let thread = Thread { [self] in
      run(deliver: deliver, resized: resized, continued: continued)
      close(stopRead)
      close(resizeRead)
      finished()
    }
    thread.name = "KatanaTerminal input"
    thread.start()
  }

  /// Asks the thread to end; returns at once.
  func stop() {
    var byte: UInt8 = 1
    _ = write(stopWrite, &byte, 1)
    close(stopWrite)
    // The signal guard is disarmed before this, so no handler writes to it any more.
    close(resizeNotifier)
  }

  private func run(
    deliver: @Sendable ([TerminalEvent]) -> Void, resized: @Sendable () -> Void, continued: @Sendable () -> Void
  ) {
    var parser = InputParser()
    var buffer = [UInt8](repeating: 0, count: 4096)
    while true {
      var descriptors = [
        pollfd(fd: input, events: Int16(POLLIN), revents: 0),
        pollfd(fd: stopRead, events: Int16(POLLIN), revents: 0),
        pollfd(fd: resizeRead, events: Int16(POLLIN), revents: 0),
      ]
      let timeout = parser.isWaitingForEscapeTimeout ? escapeTimeoutMilliseconds : -1
      let ready = poll(&descriptors, 3, timeout)
      if ready < 0 {
        if errno == EINTR { continue }
        return
      }
      if ready == 0 {
        let events = parser.flush()
        if !events.isEmpty { deliver(events) }
        continue
      }
      if descriptors[1].revents != 0 { return }
      if descriptors[2].revents != 0 {
        // Drain every pending wake-up: several SIGWINCH make one size check.
        var drain = [UInt8](repeating: 0, count: 64)
        var didContinue = false
        while true {
          let count = drain.withUnsafeMutableBytes { read(resizeRead, $0.baseAddress, $0.count) }
          guard count > 0 else { break }
          if drain[0..<count].contains(Self.continuedByte) { didContinue = true }
        }
        if didContinue { continued() } else { resized() }
      }
      guard descriptors[0].revents != 0 else { continue }
      let count = buffer.withUnsafeMutableBytes { read(input, $0.baseAddress, $0.count) }
      if count > 0 {
        let events = parser.parse(buffer[0..<count])
        if !events.isEmpty { deliver(events) }
      } else if count == 0 || (errno != EINTR && errno != EAGAIN) {
        return
      }
    }
  }
}
