public import Foundation

/// The file operations persistence needs, as a seam: ``POSIXFileSystem`` is the real one; tests
/// inject failures (a full disk, a write killed halfway) through their own implementation.
///
/// Paths are absolute file paths. Implementations are called from several threads, never twice
/// at once for the same path by one ``StateFile`` or ``Journal``.
public protocol PersistenceFileSystem: Sendable {
  /// The whole file, or `nil` if nothing exists at `path`.
  ///
  /// - Throws: ``FileSystemError`` when the file exists but cannot be read.
  func contentsOfFile(at path: String) throws(FileSystemError) -> Data?

  /// Replaces the file at `path` with `data` so that a crash at any instant leaves either the old
  /// file or the new one: write a temporary file in the same folder, flush it to the disk, rename
  /// it over `path`, flush the folder. Creates missing folders.
  ///
  /// - Throws: ``FileSystemError``; the old file is then untouched.
  func replaceFile(at path: String, with data: Data) throws(FileSystemError)

  /// Appends `data` at the end of the file at `path` (created if missing) in one `write` call,
  /// flushing it to the disk first if `synchronously` is true.
  func append(_ data: Data, toFileAt path: String, synchronously: Bool) throws(FileSystemError)

  /// Flushes the file at `path` to the disk (`fsync`); nothing happens if it does not exist.
  func synchronizeFile(at path: String) throws(FileSystemError)

  /// Shortens the file at `path` to `length` bytes and flushes it.
  func truncateFile(at path: String, toLength length: Int) throws(FileSystemError)

  /// Renames the file at `path` to a new name in the same folder that did not exist, never
  /// replacing another file.
  ///
  /// - Parameters:
  ///   - path: the file to move.
  ///   - suffix: added to the file name, e.g. `corrupt-20261123T120000Z`.
  /// - Returns: the new path.
  func moveAside(_ path: String, suffix: String) throws(FileSystemError) -> String
}
