/// A file operation that failed, with the path and the system's reason.
public struct FileSystemError: Error, Sendable, Equatable, CustomStringConvertible {
  /// What was being done: `open`, `write`, `fsync`, `rename`, ….
  public var operation: String
  /// The file or folder concerned.
  public var path: String
  /// The `errno` value, or 0 when the failure was not a system call's.
  public var code: Int32
  /// A sentence a person can act on, such as "Permission denied".
  public var reason: String

  /// Creates an error.
  public init(operation: String, path: String, code: Int32, reason: String) {
    self.operation = operation
    self.path = path
    self.code = code
    self.reason = reason
  }

  public var description: String { "\(operation) \(path): \(reason)" }
}
