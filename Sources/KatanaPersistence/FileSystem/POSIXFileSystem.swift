public import Foundation
import Katana
import KatanaSupport

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// The real file system, through POSIX calls, so that every step of a crash-safe write
/// (`fsync` of the file, `rename`, `fsync` of the folder) is explicit.
///
/// Threading: stateless; safe from any thread.
public struct POSIXFileSystem: PersistenceFileSystem {
  /// Creates the file system.
  public init() {}

  public func contentsOfFile(at path: String) throws(FileSystemError) -> Data? {
    let descriptor = open(path, O_RDONLY | O_CLOEXEC)
    if descriptor < 0 {
      if errno == ENOENT { return nil }
      throw Self.error("open", path)
    }
    defer { close(descriptor) }
    var data = Data()
    var buffer = [UInt8](repeating: 0, count: 64 * 1024)
    while true {
      let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
      if count < 0 {
        if errno == EINTR { continue }
        throw Self.error("read", path)
      }
      if count == 0 { return data }
      data.append(contentsOf: buffer[0..<count])
    }
  }

  public func replaceFile(at path: String, with data: Data) throws(FileSystemError) {
    let folder = Self.folder(of: path)
    try createFolder(folder)
    // Same folder, so `rename` stays on one file system and is atomic; pid and a counter keep
    // two writers (two processes on one data file) from sharing a temporary file.
    let temporary = "\(folder)/.\(Self.fileName(of: path)).tmp-\(getpid())-\(Self.nextTemporaryNumber())"
    let descriptor = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
    if descriptor < 0 { throw Self.error("create", temporary) }
    do throws(FileSystemError) {
      try Self.writeAll(data, to: descriptor, path: temporary)
      if fsync(descriptor) != 0 { throw Self.error("fsync", temporary) }
    } catch {
      close(descriptor)
      unlink(temporary)
      throw error
    }
    if close(descriptor) != 0 {
      let failure = Self.error("close", temporary)
      unlink(temporary)
      throw failure
    }
    if rename(temporary, path) != 0 {
      let failure = Self.error("rename", path)
      unlink(temporary)
      throw failure
    }
    // Makes the rename itself durable: without it a power loss may bring back the old name.
    try synchronizeFolder(folder)
  }

  public func append(_ data: Data, toFileAt path: String, synchronously: Bool) throws(FileSystemError) {
    try createFolder(Self.folder(of: path))
    let descriptor = open(path, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0o644)
    if descriptor < 0 { throw Self.error("open", path) }
    defer { close(descriptor) }
    try Self.writeAll(data, to: descriptor, path: path)
    if synchronously, fsync(descriptor) != 0 { throw Self.error("fsync", path) }
  }

  public func synchronizeFile(at path: String) throws(FileSystemError) {
    let descriptor = open(path, O_RDONLY | O_CLOEXEC)
    if descriptor < 0 {
      if errno == ENOENT { return }
      throw Self.error("open", path)
    }
    defer { close(descriptor) }
    if fsync(descriptor) != 0 { throw Self.error("fsync", path) }
  }

  public func truncateFile(at path: String, toLength length: Int) throws(FileSystemError) {
    let descriptor = open(path, O_WRONLY | O_CLOEXEC)
    if descriptor < 0 { throw Self.error("open", path) }
    defer { close(descriptor) }
    if ftruncate(descriptor, off_t(length)) != 0 { throw Self.error("truncate", path) }
    if fsync(descriptor) != 0 { throw Self.error("fsync", path) }
  }

  public func moveAside(_ path: String, suffix: String) throws(FileSystemError) -> String {
    var attempt = 1
    while true {
      let target = attempt == 1 ? "\(path).\(suffix)" : "\(path).\(suffix)-\(attempt)"
      // `link` fails with EEXIST instead of replacing, so an earlier file set aside is never lost.
      if link(path, target) == 0 {
        if unlink(path) != 0 { throw Self.error("unlink", path) }
        try synchronizeFolder(Self.folder(of: path))
        return target
      }
      if errno == EEXIST {
        attempt += 1
        continue
      }
      // Some file systems have no hard links: fall back to rename after checking the name is free.
      if errno == EPERM || errno == ENOTSUP || errno == EXDEV {
        if access(target, F_OK) == 0 {
          attempt += 1
          continue
        }
        if rename(path, target) != 0 { throw Self.error("rename", path) }
        try synchronizeFolder(Self.folder(of: path))
        return target
      }
      throw Self.error("link", target)
    }
  }

  // MARK: Helpers

  private func createFolder(_ folder: String) throws(FileSystemError) {
    var isFolder: ObjCBool = false
    if FileManager.default.fileExists(atPath: folder, isDirectory: &isFolder), isFolder.boolValue { return }
    do {
      try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    } catch {
      throw FileSystemError(operation: "create folder", path: folder, code: 0, reason: "\(error.localizedDescription)")
    }
  }

  private func synchronizeFolder(_ folder: String) throws(FileSystemError) {
    let descriptor = open(folder, O_RDONLY | O_CLOEXEC)
    if descriptor < 0 { throw Self.error("open", folder) }
    defer { close(descriptor) }
    if fsync(descriptor) != 0 { throw Self.error("fsync", folder) }
  }

  private static func writeAll(_ data: Data, to descriptor: Int32, path: String) throws(FileSystemError) {
    let failure: FileSystemError? = data.withUnsafeBytes { bytes in
      var offset = 0
      while offset < bytes.count {
        let written = write(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
        if written < 0 {
          if errno == EINTR { continue }
          return error("write", path)
        }
        offset += written
      }
      return nil
    }
    if let failure { throw failure }
  }

  private static func error(_ operation: String, _ path: String) -> FileSystemError {
    let code = errno
    return FileSystemError(operation: operation, path: path, code: code, reason: String(cString: strerror(code)))
  }

  static func folder(of path: String) -> String {
    guard let slash = path.lastIndex(of: "/") else { return "." }
    return slash == path.startIndex ? "/" : String(path[..<slash])
  }

  static func fileName(of path: String) -> String {
    guard let slash = path.lastIndex(of: "/") else { return path }
    return String(path[path.index(after: slash)...])
  }

  private static let temporaryCounter = LockedValue(0)

  private static func nextTemporaryNumber() -> Int {
    temporaryCounter.withLock { counter in
      counter += 1
      return counter
    }
  }
}
