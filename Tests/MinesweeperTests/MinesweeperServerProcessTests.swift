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

    /// 10 ms of CPU for what a 15 KB request line adds over a short one; 15 times that when
    /// ThreadSanitizer instruments this process, and so the child built beside it (TSan slows code
    /// 5-15 times, its documentation says). Either is far below the 8.8 s the quadratic head
    /// reader spent.
    static let cpuBudget: UInt64 = isThreadSanitized ? 150_000_000 : 10_000_000

    /// Whether ThreadSanitizer's runtime is linked into this process.
    static var isThreadSanitized: Bool {
      dlsym(dlopen(nil, RTLD_NOW), "__tsan_init") != nil
    }

    @Test("a 15 KB request line costs the server under 10 ms of CPU more than a short one; a 60 KB one is refused (431) at once")
    func longRequestLines() async throws {
      let server = try await ServedMinesweeper()
      defer { server.process.kill() }
      // The first request warms the server up (page bytes, lazy setup), so it is not counted.
      #expect(try await TestWebSocketClient.get("/?token=\(Self.token)", port: server.port).status == 200)
      // What the line's length costs is the long request's CPU less a short one's, each the
      // least of three: a debug build spends a few ms on any page request, and the other suites
      // running beside this one make a single reading noisy (10.6 ms was seen at load 30).
      func cost(_ filler: Int) async throws -> UInt64 {
        let before = try server.cpuNanoseconds()
        let answer = try await TestWebSocketClient.get(
          "/?token=\(Self.token)&x=" + String(repeating: "a", count: filler), port: server.port)
        #expect(answer.status == 200)
        return try server.cpuNanoseconds() - before
      }
      var short = UInt64.max
      var long = UInt64.max
      for _ in 0..<3 {
        short = min(short, try await cost(15))
        long = min(long, try await cost(15_000))
      }
      let added = long > short ? long - short : 0
      #expect(
        added < Self.cpuBudget,
        "a 15 KB request line cost the server \(long) ns of CPU, a short one \(short) ns")
      let huge = try await TestWebSocketClient.get(
        "/?token=\(Self.token)&x=" + String(repeating: "a", count: 60_000), port: server.port)
      #expect(huge.status == 431)
      // And a page load is not held up: it is answered.
      #expect(try await TestWebSocketClient.get("/?token=\(Self.token)", port: server.port).status == 200)
    }

    @Test("running out of file descriptors does not end the listener: once some are free, a waiting connection and a new page are served")
    func descriptorsRunOut() async throws {
      let server = try await ServedMinesweeper()
      defer { server.process.kill() }
      let idle = try server.openDescriptors()
      // Three pages, each accepted and held by the server (its socket answered the upgrade and
      // the viewport), so each holds one descriptor of the server's.
      var pages: [TestWebSocketClient] = []
      for _ in 0..<3 { pages.append(try await server.openPage()) }
      let held = try server.openDescriptors()
      let pageDescriptors = held.subtracting(idle)
      let lowestFree = (0...).first { !held.contains($0) } ?? 0
      // The server is quiet now (no request, no timer opens a file), so the limit set below
      // leaves it no descriptor at all: the kernel hands out the lowest free number, and that is
      // at the limit. The pages' descriptors are under it, so closing a page frees one.
      try #require(pageDescriptors.count >= 3 && pageDescriptors.allSatisfy { $0 < lowestFree }, "\(idle) \(held)")
      try server.setOpenFileLimit(lowestFree)
      // Accepting these fails with EMFILE: they wait in the listener's backlog (the kernel
      // completed their handshakes) while the server backs off and retries.
      var waiting: [TestSocket] = []
      for _ in 0..<3 {
        let socket = try await ServerAttacks.connect(port: server.port)
        try await socket.write(Data("GET /?token=\(Self.token) HTTP/1.1\r\nHost: 127.0.0.1:\(server.port)\r\n\r\n".utf8))
        waiting.append(socket)
      }
      try #require(try server.openDescriptors() == held, "the server took a descriptor over its limit")
      // Descriptors come back as the pages leave: the waiting connections are accepted and
      // answered (bounded waits for the answers, never a sleep).
      for page in pages { page.close() }
      for socket in waiting {
        let answer = try await ServerAttacks.readHead(socket)
        #expect(ServerAttacks.status(of: answer) == 200)
        socket.close()
      }
      // And the listener goes on: a page loads and its socket opens.
      #expect(try await TestWebSocketClient.get("/?token=\(Self.token)", port: server.port).status == 200)
      let page = try await server.openPage()
      page.close()
    }

    @Test("SIGTERM closes the page's WebSocket with 1001 and the process exits cleanly")
    func gracefulShutdown() async throws {
      let server = try await ServedMinesweeper()
      let page = try await server.openPage()
      server.process.kill(SIGTERM)
      #expect(try await page.receiveClose() == 1001)
      #expect(await server.process.waitForExit() == .exited(0))
      page.close()
    }
  }

  /// A running `Minesweeper --web --port 0` and the port it printed.
  private struct ServedMinesweeper {
    let process: ChildProcess
    let port: UInt16

    init() async throws {
      process = try ChildProcess(
        try childExecutable(named: "Minesweeper"),
        arguments: ["--web", "--port", "0", "--token", MinesweeperServerProcessTests.token],
        capturingStandardOutput: true)
      // The line "Serving on http://127.0.0.1:PORT/?token=…" says it listens.
      let port = await process.waitForOutputLine { line -> UInt16? in
        guard line.hasPrefix("Serving on ") else { return nil }
        return line.split(separator: ":").dropFirst(2).first.flatMap { UInt16($0.prefix { $0.isNumber }) }
      }
      guard let port else {
        process.kill()
        throw ServedMinesweeperError.noPortPrinted
      }
      self.port = port
    }

    /// Opens a page's WebSocket and waits for the answer to its viewport (the mounted screen).
    func openPage() async throws -> TestWebSocketClient {
      let page = try await TestWebSocketClient.connect(port: port, path: "/?token=\(MinesweeperServerProcessTests.token)")
      try await page.sendText(#"{"v":2,"t":"viewport","w":400,"h":300}"#)
      _ = try await page.receiveText()
      return page
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

    /// The numbers of the process's open file descriptors (`/proc/PID/fd`).
    func openDescriptors() throws -> Set<Int> {
      Set(try FileManager.default.contentsOfDirectory(atPath: "/proc/\(process.pid)/fd").compactMap { Int($0) })
    }

    /// Sets the process's soft limit on open files (`prlimit(2)` on the running child; this
    /// process's own limit is untouched). Glibc declares `prlimit` for GNU sources only, which
    /// Swift's import does not see, so it is looked up by name.
    func setOpenFileLimit(_ soft: Int) throws {
      typealias Prlimit = @convention(c) (pid_t, Int32, UnsafePointer<rlimit>?, UnsafeMutablePointer<rlimit>?) -> Int32
      let symbol = try #require(dlsym(dlopen(nil, RTLD_NOW), "prlimit"))
      let prlimit = unsafeBitCast(symbol, to: Prlimit.self)
      let resource = Int32(RLIMIT_NOFILE.rawValue)
      var limit = rlimit()
      guard prlimit(process.pid, resource, nil, &limit) == 0 else { throw ServedMinesweeperError.prlimit(errno) }
      limit.rlim_cur = rlim_t(soft)
      guard prlimit(process.pid, resource, &limit, nil) == 0 else { throw ServedMinesweeperError.prlimit(errno) }
    }
  }

  private enum ServedMinesweeperError: Error {
    /// The process printed no "Serving on" line (it exited, or did not within a minute).
    case noPortPrinted
    /// `prlimit(2)` failed with this `errno`.
    case prlimit(Int32)
  }
#endif
