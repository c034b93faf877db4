import Foundation
import KatanaTestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

#if os(Linux)
  /// `Minesweeper --web` as its own process, so that what is measured is the server's alone (the
  /// test process runs other suites at the same time): its CPU time, read from the kernel's
  /// per-thread run time in nanoseconds, and its shutdown on a signal.
  @Suite("Minesweeper --web as a process")
  struct MinesweeperServerProcessTests {
    static let token = "process-token_0123456789"

    /// 10 ms of CPU for one 15 KB request line; 15 times that when ThreadSanitizer instruments
    /// this process, and so the child built beside it (TSan slows code 5-15 times, its
    /// documentation says). Either is far below the 8.8 s the quadratic head reader spent.
    static let cpuBudget = isThreadSanitized ? 150_000_000 : 10_000_000

    /// Whether ThreadSanitizer's runtime is linked into this process.
    static var isThreadSanitized: Bool {
      dlsym(dlopen(nil, RTLD_NOW), "__tsan_init") != nil
    }

    @Test("a 15 KB request line costs the server under 10 ms of CPU; a 60 KB one is refused (431) at once")
    func longRequestLines() async throws {
      let server = try await ServedMinesweeper()
      defer { server.process.kill() }
      // The first request warms the server up (page bytes, lazy setup), so it is not counted.
      #expect(try await TestWebSocketClient.get("/?token=\(Self.token)", port: server.port).status == 200)
      let before = try server.cpuNanoseconds()
      let long = try await TestWebSocketClient.get(
        "/?token=\(Self.token)&x=" + String(repeating: "a", count: 15_000), port: server.port)
      let spent = try server.cpuNanoseconds() - before
      #expect(long.status == 200)
      #expect(spent < Self.cpuBudget, "the server spent \(spent) ns of CPU on one 15 KB request line")
      let huge = try await TestWebSocketClient.get(
        "/?token=\(Self.token)&x=" + String(repeating: "a", count: 60_000), port: server.port)
      #expect(huge.status == 431)
      // And a page load is not held up: it is answered.
      #expect(try await TestWebSocketClient.get("/?token=\(Self.token)", port: server.port).status == 200)
    }

    @Test("SIGTERM closes the page's WebSocket with 1001 and the process exits cleanly")
    func gracefulShutdown() async throws {
      let server = try await ServedMinesweeper()
      let page = try await TestWebSocketClient.connect(port: server.port, path: "/?token=\(Self.token)")
      try await page.sendText(#"{"v":2,"t":"viewport","w":400,"h":300}"#)
      _ = try await page.receiveText()
      server.process.kill(SIGTERM)
      #expect(try await page.receiveClose() == 1001)
      #expect(await server.process.waitForExit(within: .seconds(30)) == .exited(0))
      page.close()
    }
  }

  /// A running `Minesweeper --web --port 0` and the port it printed.
  private struct ServedMinesweeper {
    let process: ChildProcess
    let port: UInt16

    init() async throws {
      let output = FileManager.default.temporaryDirectory.appendingPathComponent("minesweeper-\(UUID().uuidString).out")
      process = try ChildProcess(
        try childExecutable(named: "Minesweeper"),
        arguments: ["--web", "--port", "0", "--token", MinesweeperServerProcessTests.token],
        standardOutput: output)
      // The line "Serving on http://127.0.0.1:PORT/?token=…" says it listens.
      var port: UInt16?
      for _ in 0..<1500 where port == nil {
        let text = (try? String(contentsOf: output, encoding: .utf8)) ?? ""
        port = text.split(separator: ":").dropFirst(2).first.flatMap { UInt16($0.prefix { $0.isNumber }) }
        if port == nil { try await Task.sleep(for: .milliseconds(20)) }
      }
      self.port = try #require(port)
    }

    /// The CPU time of every thread of the process so far, in nanoseconds
    /// (`/proc/PID/task/*/schedstat`, whose first field is the time on a CPU).
    func cpuNanoseconds() throws -> UInt64 {
      let tasks = try FileManager.default.contentsOfDirectory(atPath: "/proc/\(process.pid)/task")
      return try tasks.reduce(0) { total, task in
        let stat = try String(contentsOfFile: "/proc/\(process.pid)/task/\(task)/schedstat", encoding: .utf8)
        return total + (stat.split(separator: " ").first.flatMap { UInt64($0) } ?? 0)
      }
    }
  }
#endif
