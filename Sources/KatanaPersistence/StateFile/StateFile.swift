public import Foundation
public import Katana
import KatanaSupport

/// The state (or a `Codable` part of it) in one file on disk, loaded when the store starts and
/// saved when it changes.
///
/// ```swift
/// let file = StateFile<AppState>(path: dataFolder + "/state.json", version: 2,
///                                migrations: [1: AppState.migrateFromVersion1])
/// let store = Store<AppState, AppDependencies>(
///   interceptors: [Persistence(stateFile: file).interceptor],
///   stateInitializer: { try file.load() })
/// ```
///
/// Guarantees:
/// - **Crash safety.** Each save replaces the file through ``PersistenceFileSystem/replaceFile(at:with:)``
///   (temporary file, `fsync`, `rename`, `fsync` of the folder): a kill at any instant leaves the
///   old file or the new one.
/// - **Coalescing.** At most one write is in flight; changes made during it are saved by one more
///   write of the latest state. With a `debounce`, the first change after a quiet period waits
///   that long (on the injected clock) before writing, gathering the changes made meanwhile.
/// - **After ``flush()``** returns, every change saved before the call is on disk.
/// - **A failed write** leaves the previous file intact, reports ``PersistenceError/stateFileWriteFailed(path:reason:)``
///   through `onError` and ``lastError``, and is retried with the next change or flush.
/// - **A file that cannot be used** is moved aside and ``load()`` throws; see ``load()``.
///
/// Threading: every method is safe from any thread. Encoding and writing happen on a thread of
/// their own, off the dispatching thread and off the concurrency pool.
public final class StateFile<S: State>: Sendable {
  /// Upgrades a payload of one version to the next: gets the bytes an older app wrote, returns
  /// the bytes the next version reads. Throw to reject the file (it is then moved aside).
  public typealias Migration = @Sendable (_ payload: Data) throws -> Data

  /// The file's path.
  public let path: String
  /// The format version this app writes and reads.
  public let version: Int

  private let migrations: [Int: Migration]
  private let snapshot: @Sendable (S) -> any Sendable
  private let encode: @Sendable (any Sendable) throws -> Data
  private let decodeMerged: @Sendable (Data) throws -> S
  private let debounce: Duration
  private let clock: any Clock<Duration>
  let fileSystem: any PersistenceFileSystem
  private let onError: @Sendable (PersistenceError) -> Void
  /// What the next write saves: a value given to ``save(_:)``, or the store's state pulled from
  /// a source when the write starts (so nothing holds the state between dispatches).
  enum Pending: Sendable {
    case value(S, journalSequence: Int)
    case source(StateSnapshotSource<S>)
  }

  private let machine = LockedValue(SaveMachine<Pending>(savedJournalSequence: 0))

  /// Persists the part of the state that `select` picks; loading merges it into `S()`.
  ///
  /// - Parameters:
  ///   - path: the file, absolute; missing folders are created on the first save.
  ///   - version: the format version written in the file (1 or more).
  ///   - migrations: for each older version, the closure that upgrades its payload to the next
  ///     version; a file of version `v < version` goes through `migrations[v]`, `migrations[v+1]`, ….
  ///   - select: picks what to save from the state; called on the dispatching thread, keep it cheap.
  ///   - merge: puts a loaded part into a fresh `S()`.
  ///   - debounce: how long the first change after a quiet period waits before it is written.
  ///   - clock: times the debounce; inject a manual clock in tests.
  ///   - fileSystem: the file operations; inject failures in tests.
  ///   - onError: hears every write failure, from the writer task.
  public init<Part: Codable & Sendable>(
    path: String,
    version: Int = 1,
    migrations: [Int: Migration] = [:],
    select: @escaping @Sendable (S) -> Part,
    merge: @escaping @Sendable (inout S, Part) -> Void,
    debounce: Duration = .zero,
    clock: any Clock<Duration> = ContinuousClock(),
    fileSystem: any PersistenceFileSystem = POSIXFileSystem(),
    onError: @escaping @Sendable (PersistenceError) -> Void = { _ in }
  ) {
    precondition(version >= 1, "StateFile version starts at 1")
    self.path = path
    self.version = version
    self.migrations = migrations
    self.snapshot = { select($0) }
    self.encode = { part in try JSONEncoder().encode(part as! Part) }  // always a Part: `snapshot` made it
    self.decodeMerged = { data in
      var state = S()
      merge(&state, try JSONDecoder().decode(Part.self, from: data))
      return state
    }
    self.debounce = debounce
    self.clock = clock
    self.fileSystem = fileSystem
    self.onError = onError
  }

  /// Loads the file, or returns `S()` when there is none yet. Use it as (or in) the store's
  /// `stateInitializer`.
  ///
  /// - Throws: ``PersistenceError`` when the file is unreadable, corrupt, from a newer version or
  ///   fails its migration. The file has then been **moved aside** (renamed with the reason and a
  ///   UTC timestamp, never deleted); a store whose initializer throws starts from `S()` and
  ///   reports the error in `initializationError` and its instrumentation's
  ///   `stateInitializerDidFail`. The next save writes a new file at ``path``.
  public func load() throws(PersistenceError) -> S {
    try loadWithJournalSequence().state
  }

  /// Schedules saving `state`; returns at once. See the type's guarantees.
  public func save(_ state: S) {
    save(state, journalSequence: 0)
  }

  /// Waits until every change saved before the call is on disk (skipping the debounce).
  ///
  /// - Throws: ``PersistenceError/stateFileWriteFailed(path:reason:)`` if that write failed; the
  ///   previous file is then intact.
  public func flush() async throws(PersistenceError) {
    guard let (target, decision) = machine.withLock({ $0.flush() }) else { return }
    act(on: decision)
    do {
      try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
        machine.withLock { $0.wait(.init(target: target, continuation: continuation)) }
      }
    } catch let error as PersistenceError {
      throw error
    } catch {
      throw .stateFileWriteFailed(path: path, reason: "\(error)")  // never happens: only PersistenceError is thrown
    }
  }

  /// The error of the last write, until a write succeeds.
  public var lastError: PersistenceError? { machine.withLock { $0.lastError } }

  /// How many writes succeeded, and their total size in bytes (for measurements and tests).
  public var writeStatistics: (writes: Int, bytes: Int) {
    machine.withLock { ($0.writeCount, $0.bytesWritten) }
  }

  // MARK: Package-internal

  /// The state and the journal sequence number the file includes.
  func loadWithJournalSequence() throws(PersistenceError) -> (state: S, journalSequence: Int) {
    let data: Data
    do {
      guard let contents = try fileSystem.contentsOfFile(at: path) else { return (S(), 0) }
      data = contents
    } catch {
      throw .stateFileUnreadable(path: path, reason: error.reason, movedTo: moveAside("unreadable"))
    }
    let header: StateFileHeader
    var payload: Data
    do {
      (header, payload) = try StateFileHeader.decode(data)
    } catch {
      throw .stateFileCorrupt(path: path, reason: error.reason, movedTo: moveAside("corrupt"))
    }
    guard header.version <= version else {
      throw .stateFileFromNewerVersion(
        path: path, version: header.version, supported: version, movedTo: moveAside("newer"))
    }
    var current = header.version
    while current < version {
      guard let migration = migrations[current] else {
        throw .migrationFailed(
          path: path, from: current, reason: "no migration from version \(current)", movedTo: moveAside("unmigrated"))
      }
      do {
        payload = try migration(payload)
      } catch {
        throw .migrationFailed(path: path, from: current, reason: "\(error)", movedTo: moveAside("unmigrated"))
      }
      current += 1
    }
    do {
      let state = try decodeMerged(payload)
      machine.withLock { $0.loaded(journalSequence: header.journalSequence) }
      return (state, header.journalSequence)
    } catch {
      throw .stateFileCorrupt(path: path, reason: "the state does not decode: \(error)", movedTo: moveAside("corrupt"))
    }
  }

  func save(_ state: S, journalSequence: Int) {
    let decision = machine.withLock {
      $0.changed(to: .value(state, journalSequence: journalSequence), debounces: debounce > .zero)
    }
    act(on: decision)
  }

  /// The store changed; the writer pulls the state from `source` when it starts.
  func stateChanged(in source: StateSnapshotSource<S>) {
    let decision = machine.withLock { $0.changed(to: .source(source), debounces: debounce > .zero) }
    act(on: decision)
  }

  /// Writes `state` now, on the calling thread, outside the coalescing (used when loading has
  /// to rewrite the file before the store runs).
  func writeNow(_ state: S, journalSequence: Int) throws(PersistenceError) {
    let target = machine.withLock { $0.changeCount }
    let (bytes, error) = write(snapshot(state), journalSequence: journalSequence)
    _ = machine.withLock { $0.wrote(target: target, journalSequence: journalSequence, bytes: bytes, error: error) }
    if let error { throw error }
  }

  /// The journal sequence number of the state on disk.
  var savedJournalSequence: Int { machine.withLock { $0.savedJournalSequence } }

  /// Moves the file aside; `nil` if that failed too (the error still names the path).
  func moveAside(_ reason: String) -> String? {
    try? fileSystem.moveAside(path, suffix: "\(reason)-\(Self.timestamp())")
  }

  static func timestamp() -> String {
    let formatter = ISO8601DateFormatter()
    formatter.formatOptions = [.withYear, .withMonth, .withDay, .withTime, .withTimeZone]
    return formatter.string(from: Date())
  }

  // MARK: Writing

  private func act(on decision: SaveMachine<Pending>.Decision) {
    switch decision {
    case .nothing:
      break
    case .startWriting:
      // Its own thread, not the concurrency pool: encoding and `fsync` block, and the pool (one
      // thread per core) runs the app's side effects.
      Thread.detachNewThread { self.writeLoop() }
    case .startDebounce:
      Task.detached {
        try? await self.clock.sleep(for: self.debounce)
        self.act(on: self.machine.withLock { $0.debounceEnded() })
      }
    }
  }

  private func writeLoop() {
    while let job = machine.withLock({ $0.nextWrite() }) {
      var pulled: (state: S, journalSequence: Int)?
      switch job.value {
      case .value(let value, let sequence): pulled = (value, sequence)
      case .source(let source): pulled = source.snapshot()
      }
      let journalSequence = pulled?.journalSequence ?? 0
      let (bytes, error) =
        pulled.map { write(snapshot($0.state), journalSequence: $0.journalSequence) }
        ?? (0, .stateFileWriteFailed(path: path, reason: "the store is gone; nothing to save"))
      let (resumed, failed) = machine.withLock {
        $0.wrote(target: job.target, journalSequence: journalSequence, bytes: bytes, error: error)
      }
      for waiter in resumed { waiter.continuation.resume() }
      if let error {
        for waiter in failed { waiter.continuation.resume(throwing: error) }
        onError(error)
      }
    }
  }

  private func write(_ part: any Sendable, journalSequence: Int) -> (bytes: Int, error: PersistenceError?) {
    do {
      let data = try StateFileHeader.encode(payload: try encode(part), version: version, journalSequence: journalSequence)
      try fileSystem.replaceFile(at: path, with: data)
      return (data.count, nil)
    } catch let error as FileSystemError {
      return (0, .stateFileWriteFailed(path: path, reason: error.description))
    } catch {
      return (0, .stateFileWriteFailed(path: path, reason: "the state does not encode: \(error)"))
    }
  }
}

extension StateFile where S: Codable {
  /// Persists the whole state.
  ///
  /// See ``init(path:version:migrations:select:merge:debounce:clock:fileSystem:onError:)`` for
  /// the parameters.
  public convenience init(
    path: String,
    version: Int = 1,
    migrations: [Int: Migration] = [:],
    debounce: Duration = .zero,
    clock: any Clock<Duration> = ContinuousClock(),
    fileSystem: any PersistenceFileSystem = POSIXFileSystem(),
    onError: @escaping @Sendable (PersistenceError) -> Void = { _ in }
  ) {
    self.init(
      path: path, version: version, migrations: migrations, select: { $0 }, merge: { $0 = $1 },
      debounce: debounce, clock: clock, fileSystem: fileSystem, onError: onError)
  }
}
