import Foundation
import Katana
import KatanaPersistence
import KatanaSupport

import Testing

import class KatanaTestSupport.Watched

/// The real file system with switches: failing writes, writes that stop halfway (a simulated
/// kill between writing the temporary file and renaming it), writes held at a gate, and counters.
final class TestFileSystem: PersistenceFileSystem {
  struct Switches {
    var failReplace: FileSystemError?
    var failAppend: FileSystemError?
    /// Each replace writes this many bytes of the temporary file, then "dies" (throws) before the
    /// rename, leaving the temporary file behind like a killed process; until set back to `nil`.
    var dieMidWriteAfterBytes: Int?
    var replaceCount = 0
    var syncCount = 0
    var appendCount = 0
    var writtenPayloads: [Data] = []
  }

  let real = POSIXFileSystem()
  let switches = LockedValue(Switches())
  /// The number of syncs so far (``Switches/syncCount``), for tests to wait on.
  let syncs = Watched(0)
  /// Replaces wait here while it is closed.
  let gate = Gate()

  func contentsOfFile(at path: String) throws(FileSystemError) -> Data? {
    try real.contentsOfFile(at: path)
  }

  func replaceFile(at path: String, with data: Data) throws(FileSystemError) {
    gate.passThrough()
    let (failure, cut) = switches.withLock { switches in
      switches.replaceCount += 1
      return (switches.failReplace, switches.dieMidWriteAfterBytes)
    }
    if let failure { throw failure }
    if let cut {
      let folder = (path as NSString).deletingLastPathComponent
      let temporary = folder + "/." + (path as NSString).lastPathComponent + ".tmp-killed"
      _ = FileManager.default.createFile(atPath: temporary, contents: data.prefix(cut))
      throw FileSystemError(operation: "write", path: temporary, code: 0, reason: "killed mid-write (simulated)")
    }
    try real.replaceFile(at: path, with: data)
    switches.withLock { $0.writtenPayloads.append(data) }
  }

  func append(_ data: Data, toFileAt path: String, synchronously: Bool) throws(FileSystemError) {
    let failure = switches.withLock { switches in
      switches.appendCount += 1
      if synchronously { switches.syncCount += 1 }
      return switches.failAppend
    }
    if synchronously { syncs.update { $0 += 1 } }
    if let failure { throw failure }
    try real.append(data, toFileAt: path, synchronously: synchronously)
  }

  func synchronizeFile(at path: String) throws(FileSystemError) {
    switches.withLock { $0.syncCount += 1 }
    syncs.update { $0 += 1 }
    try real.synchronizeFile(at: path)
  }

  func truncateFile(at path: String, toLength length: Int) throws(FileSystemError) {
    try real.truncateFile(at: path, toLength: length)
  }

  func moveAside(_ path: String, suffix: String) throws(FileSystemError) -> String {
    try real.moveAside(path, suffix: suffix)
  }
}

/// A door threads wait at while it is closed; opening it lets them all through.
final class Gate: Sendable {
  private let condition = NSCondition()
  private let closed = LockedValue(false)
  private let waiting = Watched(0)

  /// How many threads are waiting at the gate.
  var waitingCount: Int { waiting.value }

  func close() {
    closed.withLock { $0 = true }
  }

  func open() {
    condition.lock()
    closed.withLock { $0 = false }
    condition.broadcast()
    condition.unlock()
  }

  func passThrough() {
    condition.lock()
    defer { condition.unlock() }
    guard closed.withLock({ $0 }) else { return }
    waiting.update { $0 += 1 }
    while closed.withLock({ $0 }) { condition.wait() }
    waiting.update { $0 -= 1 }
  }

  /// Waits until `count` threads wait at the gate (woken by each arrival, not polling); the test
  /// fails if that does not happen within the shared patience.
  func waitForWaiters(_ count: Int = 1) async {
    await waiting.wait("\(count) thread(s) wait at the gate") { $0 >= count }
  }
}



