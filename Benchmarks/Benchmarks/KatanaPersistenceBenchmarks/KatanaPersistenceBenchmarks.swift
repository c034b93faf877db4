import Benchmark
import Foundation
import Katana
import KatanaPersistence

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

// W9 of issue 12: a 10,000-element state, 10,000 updaters, with the state file on (the
// Persistence interceptor, coalesced writes off the dispatching thread) and off. The measured part
// is the dispatching; the writes' figures are printed after each run (`W9 writes: …`).

struct Shelf: State, Codable {
  static let size = 10_000
  struct Item: Codable, Sendable {
    var id: Int
    var value: Int
    var name: String
  }
  var items: [Item] = []
  init() {}
  static func filled() -> Shelf {
    var shelf = Shelf()
    shelf.items = (0..<size).map { Item(id: $0, value: 0, name: "item number \($0)") }
    return shelf
  }
}

struct Bump: StateUpdater {
  let index: Int
  func updateState(_ state: inout Shelf) { state.items[index].value += 1 }
}

let updaters = 10_000

/// One `write` and one `fsync` of `bytes` bytes: the disk's own speed, for comparison.
func baselineWrite(bytes: Int, path: String) -> Duration {
  let data = [UInt8](repeating: 0x61, count: bytes)
  let start = ContinuousClock.now
  let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
  precondition(descriptor >= 0)
  var offset = 0
  while offset < bytes {
    let written = data.withUnsafeBytes { write(descriptor, $0.baseAddress! + offset, bytes - offset) }
    precondition(written > 0)
    offset += written
  }
  fsync(descriptor)
  close(descriptor)
  return ContinuousClock.now - start
}

func megabytesPerSecond(_ bytes: Int, _ duration: Duration) -> Double {
  let seconds = Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
  return Double(bytes) / 1_000_000 / max(seconds, 1e-9)
}

let benchmarks: @Sendable () -> Void = {
  Benchmark.defaultConfiguration = .init(
    metrics: [.wallClock, .mallocCountTotal],
    timeUnits: .nanoseconds,
    warmupIterations: 1,
    maxDuration: .seconds(5),
    maxIterations: 10
  )

  Benchmark("W9 Katana n=\(updaters)") { benchmark in
    let folder = NSTemporaryDirectory() + "katana-w9-\(UUID().uuidString)"
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let file = StateFile<Shelf>(path: folder + "/state.json")
    let persistence = Persistence(stateFile: file)
    let store = Store<Shelf, EmptySideEffectDependencyContainer>(
      interceptors: [persistence.interceptor], stateInitializer: { Shelf.filled() })
    await store.waitUntilReady()
    let start = ContinuousClock.now
    benchmark.startMeasurement()
    for index in 1..<updaters { store.dispatch(Bump(index: index % Shelf.size)) }
    try? await store.dispatch(Bump(index: 0)).value
    benchmark.stopMeasurement()
    try? await persistence.flush()
    let writing = ContinuousClock.now - start
    let (writes, bytes) = file.writeStatistics
    let baseline = baselineWrite(bytes: bytes, path: folder + "/baseline")
    // package-benchmark keeps the benchmark's output to itself: the figures go to a file.
    let line =
      "W9 writes: \(writes) writes, \(bytes) bytes, \(String(format: "%.1f", megabytesPerSecond(bytes, writing))) MB/s "
      + "from first dispatch to flushed; baseline one write+fsync of the same bytes: "
      + "\(String(format: "%.1f", megabytesPerSecond(bytes, baseline))) MB/s\n"
    let log = NSTemporaryDirectory() + "katana-w9-writes.log"
    if let handle = FileHandle(forWritingAtPath: log) ?? {
      _ = FileManager.default.createFile(atPath: log, contents: nil)
      return FileHandle(forWritingAtPath: log)
    }() {
      handle.seekToEndOfFile()
      handle.write(Data(line.utf8))
      handle.closeFile()
    }
    precondition(store.state.items[0].value == 1)
  }

  // The Persistence interceptor with no parts: its own bookkeeping, without any writing.
  Benchmark("W9 Persistence interceptor alone n=\(updaters)") { benchmark in
    let persistence = Persistence<Shelf>()
    let store = Store<Shelf, EmptySideEffectDependencyContainer>(
      interceptors: [persistence.interceptor], stateInitializer: { Shelf.filled() })
    await store.waitUntilReady()
    benchmark.startMeasurement()
    for index in 1..<updaters { store.dispatch(Bump(index: index % Shelf.size)) }
    try? await store.dispatch(Bump(index: 0)).value
    benchmark.stopMeasurement()
    precondition(store.state.items[0].value == 1)
  }

  // The same store with an interceptor that only calls `next`: what any interceptor costs in the
  // core, apart from persistence.
  Benchmark("W9 Pass-through interceptor n=\(updaters)") { benchmark in
    let passThrough: StoreInterceptor = { _ in { next in { item in try next(item) } } }
    let store = Store<Shelf, EmptySideEffectDependencyContainer>(
      interceptors: [passThrough], stateInitializer: { Shelf.filled() })
    await store.waitUntilReady()
    benchmark.startMeasurement()
    for index in 1..<updaters { store.dispatch(Bump(index: index % Shelf.size)) }
    try? await store.dispatch(Bump(index: 0)).value
    benchmark.stopMeasurement()
    precondition(store.state.items[0].value == 1)
  }

  Benchmark("W9 Baseline n=\(updaters)") { benchmark in
    let store = Store<Shelf, EmptySideEffectDependencyContainer>(interceptors: [], stateInitializer: { Shelf.filled() })
    await store.waitUntilReady()
    benchmark.startMeasurement()
    for index in 1..<updaters { store.dispatch(Bump(index: index % Shelf.size)) }
    try? await store.dispatch(Bump(index: 0)).value
    benchmark.stopMeasurement()
    precondition(store.state.items[0].value == 1)
  }
}
