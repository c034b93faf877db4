package import Foundation
import KatanaSupport

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// A child process for the kill and crash tests: started with `posix_spawn`, reaped by `waitpid`
/// on a thread of its own, waited for with a deadline.
///
/// Not Foundation's `Process`: its `waitUntilExit()` spins the calling thread's run loop until
/// Foundation reports the exit there, and called from a task (a cooperative thread, whose run
/// loop nobody else runs) it can wait forever for a child that is long dead. A CI run hung that
/// way after some hundred kills. Here one thread per child blocks in `waitpid`, which returns
/// when the kernel has the exit status, and the test suspends on that status with a deadline.
package final class ChildProcess: Sendable {
  /// How a child ended.
  package enum Exit: Equatable, Sendable, CustomStringConvertible {
    /// It returned from `main` or called `exit` with this status.
    case exited(Int32)
    /// A signal ended it: `SIGKILL` from a kill test, `SIGILL` or `SIGTRAP` from a `fatalError`.
    case signalled(Int32)
    /// It was still running at the deadline; it was then killed and reaped.
    case stillRunningAtDeadline
    /// `waitpid` failed with this `errno` (`ECHILD`: someone else reaped the child).
    case notReaped(Int32)

    package var description: String {
      switch self {
      case .exited(let status): "exited with status \(status)"
      case .signalled(let signal): "ended by signal \(signal)"
      case .stillRunningAtDeadline: "still running at the deadline (killed)"
      case .notReaped(let error): "not reaped: waitpid failed with errno \(error)"
      }
    }
  }

  /// The child's process id.
  package let pid: Int32
  /// How the child ended, once the reaper knows.
  private let status = WaitableValue<Exit?>(nil)
  /// What the child wrote to its standard output so far, when it is captured.
  private let output = WaitableValue(Output())

  /// A captured standard output.
  private struct Output: Sendable {
    /// The complete lines, without their newline.
    var lines: [String] = []
    /// Whether the child closed its output (it exited).
    var ended = false
  }

  /// Starts `executable` with `arguments`.
  ///
  /// - Parameters:
  ///   - environment: added to (or replacing entries of) this process's environment.
  ///   - discardingStandardError: sends the child's standard error to `/dev/null`.
  ///   - standardOutput: a file the child's standard output is written to (created or emptied).
  ///   - capturingStandardOutput: reads the child's standard output through a pipe, line by line,
  ///     for ``waitForOutputLine(within:_:)`` (ignored when `standardOutput` is given).
  /// - Throws: ``ChildProcessError`` when `pipe` or `posix_spawn` fails.
  package init(
    _ executable: URL, arguments: [String], environment: [String: String] = [:], discardingStandardError: Bool = false,
    standardOutput: URL? = nil, capturingStandardOutput: Bool = false
  ) throws {
    var fullEnvironment = ProcessInfo.processInfo.environment
    fullEnvironment.merge(environment) { _, new in new }
    let argv = [executable.path] + arguments
    let envp = fullEnvironment.map { "\($0.key)=\($0.value)" }
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    if discardingStandardError {
      posix_spawn_file_actions_addopen(&actions, STDERR_FILENO, "/dev/null", O_WRONLY, 0)
    }
    // The pipe's read end stays here, its write end becomes the child's standard output.
    var outputPipe: [Int32] = [-1, -1]
    if let standardOutput {
      posix_spawn_file_actions_addopen(&actions, STDOUT_FILENO, standardOutput.path, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
    } else if capturingStandardOutput {
      guard pipe(&outputPipe) == 0 else { throw ChildProcessError(path: executable.path, errno: errno) }
      // Not inherited by children other tests spawn meanwhile (dup2 clears the flag on the
      // child's descriptor 1): a stray write end would keep the pipe from ever ending.
      for end in outputPipe { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
      posix_spawn_file_actions_adddup2(&actions, outputPipe[1], STDOUT_FILENO)
    }
    var child: pid_t = 0
    let result = withCStrings(argv) { argv in
      withCStrings(envp) { envp in
        posix_spawn(&child, executable.path, &actions, nil, argv, envp)
      }
    }
    if outputPipe[1] >= 0 { close(outputPipe[1]) }
    guard result == 0 else {
      if outputPipe[0] >= 0 { close(outputPipe[0]) }
      throw ChildProcessError(path: executable.path, errno: result)
    }
    pid = child
    if outputPipe[0] >= 0 {
      let readEnd = outputPipe[0]
      let output = output
      // A thread of its own blocks in `read` until the child writes or exits, as the reaper
      // does in `waitpid`: no polling, and no cooperative thread held.
      Thread.detachNewThread { Self.readLines(from: readEnd, into: output) }
    }
    let spawned = child
    let status = status
    Thread.detachNewThread {
      var raw: Int32 = 0
      var result = waitpid(spawned, &raw, 0)
      while result == -1, errno == EINTR { result = waitpid(spawned, &raw, 0) }
      let exit = result == -1 ? Exit.notReaped(errno) : Self.decode(waitStatus: raw)
      status.withLock { $0 = exit }
    }
  }

  /// Sends `signal` (by default `SIGKILL`) to the child.
  package func kill(_ signal: Int32 = SIGKILL) {
    send(signal, to: pid)
  }

  /// Waits until the child has ended, at most `limit`; a child still running then is killed.
  package func waitForExit(within limit: Duration = patience) async -> Exit {
    _ = await status.wait(until: .now + limit, for: { $0 != nil })
    // Read again rather than trusting the wait's answer: a child reaped right at the deadline
    // must not be signalled, its pid may already belong to another process.
    if let exit = status.value { return exit }
    kill()
    _ = await status.wait(until: .now + patience, for: { $0 != nil })
    return .stillRunningAtDeadline
  }

  /// Waits until the child has written a line for which `extract` returns a value (at most
  /// `limit`), and returns that value; `nil` at the deadline or once the child closed its output
  /// without writing one. Needs `capturingStandardOutput`.
  package func waitForOutputLine<Value: Sendable>(
    within limit: Duration = patience, _ extract: @escaping @Sendable (String) -> Value?
  ) async -> Value? {
    _ = await output.wait(until: .now + limit) { output in
      output.ended || output.lines.contains { extract($0) != nil }
    }
    return output.value.lines.lazy.compactMap(extract).first
  }

  /// Reads `descriptor` until its end, recording each line.
  private static func readLines(from descriptor: Int32, into output: WaitableValue<Output>) {
    var pending: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 4096)
    while true {
      let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
      if count < 0, errno == EINTR { continue }
      guard count > 0 else { break }
      pending += chunk[0..<count]
      while let newline = pending.firstIndex(of: UInt8(ascii: "\n")) {
        let line = String(decoding: pending[..<newline], as: UTF8.self)
        pending.removeSubrange(...newline)
        output.withLock { $0.lines.append(line) }
      }
    }
    close(descriptor)
    let rest = String(decoding: pending, as: UTF8.self)
    output.withLock { output in
      if !rest.isEmpty { output.lines.append(rest) }
      output.ended = true
    }
  }

  /// Decodes a `waitpid` status (`WIFSIGNALED` and friends are C macros Swift cannot call).
  static func decode(waitStatus raw: Int32) -> Exit {
    let signal = raw & 0x7f
    return signal == 0 ? .exited((raw >> 8) & 0xff) : .signalled(signal)
  }
}

/// `posix_spawn` refused to start a child.
package struct ChildProcessError: Error, CustomStringConvertible {
  package var path: String
  package var errno: Int32
  package var description: String { "posix_spawn \(path) failed: \(String(cString: strerror(errno)))" }
}

/// `kill(2)`, out of ``ChildProcess``, whose method of that name hides it.
private func send(_ signal: Int32, to pid: pid_t) {
  _ = kill(pid, signal)
}

/// Calls `body` with a NULL-terminated C array of copies of `strings`, freed afterwards.
private func withCStrings<Result>(
  _ strings: [String], _ body: ([UnsafeMutablePointer<CChar>?]) -> Result
) -> Result {
  let copies = strings.map { strdup($0) } + [nil]
  defer { for copy in copies { free(copy) } }
  return body(copies)
}
