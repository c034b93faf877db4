public import Foundation
import KatanaServerSupport

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Keeps an app's access token in a file only the user can read, so a restarted server has the
/// same token and its open pages reconnect by themselves (their cookie still matches).
///
/// The file is `web-token` in ``directory``: by default `$XDG_STATE_HOME/katana/<app>/`, or
/// `~/.local/state/katana/<app>/` when `XDG_STATE_HOME` is unset (see
/// ``init(appName:environment:)``). The first ``token(renewing:)`` makes a random token (128 bits,
/// as ``WebServer/Configuration/randomToken()``) and writes it; later calls, from this run or the
/// next, read it back.
///
/// - The directory is made `0700` (and set back to `0700` when it was wider); the file is made
///   `0600`, written to a temporary file first and linked into place, so no other process ever
///   reads half a token and two servers starting at once agree on one.
/// - A file that cannot be trusted (unreadable, not a token, a symbolic link, readable by others,
///   another user's) is never overwritten: it is renamed `web-token.unusable-N` and a new token
///   is made; ``Outcome/event`` says so, with the reason and where the old file went.
///
/// ```swift
/// let store = try WebTokenStore(appName: "todos")
/// let outcome = try store.token()
/// let configuration = WebServer.Configuration(token: outcome.token)
/// ```
///
/// A value: safe to use from any thread; the file system is the only shared state (see above for
/// two processes).
public struct WebTokenStore: Hashable, Sendable {
  /// The folder holding `web-token`.
  public let directory: String

  /// The token file's path.
  public var filePath: String { directory + "/" + Self.fileName }

  static let fileName = "web-token"

  /// A store in `directory` (tests pass a temporary folder). The folder is made, with its
  /// missing parents, on the first ``token(renewing:)``.
  public init(directory: String) {
    self.directory = directory.count > 1 && directory.hasSuffix("/") ? String(directory.dropLast()) : directory
  }

  /// The store of the app named `appName` in the user's state directory:
  /// `$XDG_STATE_HOME/katana/<app>`, or `$HOME/.local/state/katana/<app>` when `XDG_STATE_HOME`
  /// is unset, empty or relative (the XDG Base Directory rule).
  ///
  /// - Parameters:
  ///   - appName: the app's name; lowercased, and any character but `a-z 0-9 - _ .` becomes `-`
  ///     (`"Todos"` is `todos`).
  ///   - environment: where `XDG_STATE_HOME` and `HOME` are read; the process's by default.
  /// - Throws: ``WebTokenStoreError/invalidAppName(_:)`` for a name that is empty or only dots,
  ///   ``WebTokenStoreError/noStateDirectory`` when neither variable gives an absolute path.
  public init(
    appName: String, environment: [String: String] = ProcessInfo.processInfo.environment
  ) throws(WebTokenStoreError) {
    let name = String(
      appName.lowercased().map { character in
        character.isASCII && (character.isLetter || character.isNumber || "-_.".contains(character)) ? character : "-"
      })
    guard !name.isEmpty, !name.allSatisfy({ $0 == "." }) else { throw .invalidAppName(appName) }
    let base: String
    if let state = environment["XDG_STATE_HOME"], state.hasPrefix("/") {
      base = state
    } else if let home = environment["HOME"], home.hasPrefix("/") {
      base = (home.hasSuffix("/") ? String(home.dropLast()) : home) + "/.local/state"
    } else {
      throw .noStateDirectory
    }
    self.init(directory: base + "/katana/" + name)
  }

  /// The token, and how it was found.
  public struct Outcome: Hashable, Sendable {
    /// The token to serve with.
    public var token: String
    /// What the store did.
    public var event: Event

    /// What ``WebTokenStore/token(renewing:)`` did.
    public enum Event: Hashable, Sendable {
      /// The kept token was read back.
      case reused
      /// There was no file: a new token was made and kept.
      case created
      /// A new token was asked for: it replaced the kept one.
      case renewed
      /// The file could not be trusted (`reason`): it was renamed to `keptAt` and a new token
      /// was made and kept.
      case replacedUnusable(reason: String, keptAt: String)
    }

    /// A sentence for the person who started the server, or `nil` when nothing changed (a
    /// reused token). Mentions the file, and for a new token that pages opened before need the
    /// new link.
    public func message(filePath: String) -> String? {
      switch event {
      case .reused:
        nil
      case .created:
        "Made a web token and kept it in \(filePath): the page's link stays the same across restarts"
          + " (--new-token makes a new one)."
      case .renewed:
        "Made a new web token (kept in \(filePath)): pages opened with the old link need the new link printed below."
      case .replacedUnusable(let reason, let keptAt):
        "The web token file \(filePath) \(reason); it was moved to \(keptAt) and a new token was made:"
          + " pages opened with the old link need the new link printed below."
      }
    }
  }

  /// The kept token, made and kept on first use.
  ///
  /// - Parameter renewing: make a new token and replace the kept one (`--new-token`).
  /// - Returns: the token and what happened; see ``Outcome/message(filePath:)`` for the user.
  /// - Throws: ``WebTokenStoreError`` when the folder cannot be made or the file cannot be read,
  ///   written or moved aside; nothing is lost then (an unusable file stays where it was).
  public func token(renewing: Bool = false) throws(WebTokenStoreError) -> Outcome {
    try makeDirectory()
    if renewing {
      let token = AccessToken.random()
      try keep(token, replacing: true)
      return Outcome(token: token, event: .renewed)
    }
    switch try readKept() {
    case .token(let token):
      return Outcome(token: token, event: .reused)
    case .missing:
      let token = AccessToken.random()
      if try keep(token, replacing: false) { return Outcome(token: token, event: .created) }
      // Another server made it between our read and our write: use theirs.
      if case .token(let theirs) = try readKept() { return Outcome(token: theirs, event: .reused) }
      throw .cannotWrite(path: filePath, reason: "another process keeps replacing it")
    case .unusable(let reason):
      let keptAt = try moveAside()
      let token = AccessToken.random()
      try keep(token, replacing: true)
      return Outcome(token: token, event: .replacedUnusable(reason: reason, keptAt: keptAt))
    }
  }

  // MARK: Files

  private enum Kept {
    case missing
    case token(String)
    case unusable(reason: String)
  }

  /// Reads the file without following a symbolic link, and trusts it only when it is a regular
  /// file of this user that no one else can read, holding one well-formed token.
  private func readKept() throws(WebTokenStoreError) -> Kept {
    let descriptor = open(filePath, O_RDONLY | O_NOFOLLOW | O_CLOEXEC | O_NONBLOCK)
    if descriptor < 0 {
      let code = errno
      switch code {
      case ENOENT: return .missing
      case ELOOP: return .unusable(reason: "is a symbolic link")
      case EACCES, EPERM: return .unusable(reason: "cannot be read (\(Self.reason(code)))")
      default: throw .cannotRead(path: filePath, reason: Self.reason(code))
      }
    }
    defer { close(descriptor) }
    var status = stat()
    guard fstat(descriptor, &status) == 0 else { throw .cannotRead(path: filePath, reason: Self.reason(errno)) }
    guard status.st_mode & S_IFMT == S_IFREG else { return .unusable(reason: "is not a regular file") }
    guard status.st_uid == getuid() else { return .unusable(reason: "belongs to another user") }
    let mode = status.st_mode & 0o777
    guard mode & 0o077 == 0 else {
      return .unusable(reason: "could be read by other users (mode \(String(mode, radix: 8)))")
    }
    var buffer = [UInt8](repeating: 0, count: 512)
    var length = 0
    while length < buffer.count {
      let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress! + length, $0.count - length) }
      if count < 0 {
        if errno == EINTR { continue }
        return .unusable(reason: "cannot be read (\(Self.reason(errno)))")
      }
      if count == 0 { break }
      length += count
    }
    var bytes = buffer[..<length]
    if bytes.last == UInt8(ascii: "\n") { bytes = bytes.dropLast() }
    guard let token = String(bytes: bytes, encoding: .utf8), AccessToken.isWellFormed(token) else {
      return .unusable(reason: "does not hold a token")
    }
    return .token(token)
  }

  /// Writes `token` to a new `0600` file beside the kept one, then links it into place (when
  /// there is none: `false` if another process made one meanwhile) or renames it over the kept
  /// one.
  @discardableResult
  private func keep(_ token: String, replacing: Bool) throws(WebTokenStoreError) -> Bool {
    let temporary = "\(directory)/.\(Self.fileName).new-\(getpid())-\(AccessToken.random().prefix(8))"
    let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
    if descriptor < 0 { throw .cannotWrite(path: temporary, reason: Self.reason(errno)) }
    defer { unlink(temporary) }
    let bytes = Array((token + "\n").utf8)
    // The umask may only have removed bits; set exactly 0600 whatever it is.
    let written = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
    let failure = written != bytes.count ? errno : fchmod(descriptor, 0o600) != 0 ? errno : fsync(descriptor) != 0 ? errno : 0
    close(descriptor)
    if failure != 0 || written != bytes.count {
      throw .cannotWrite(path: temporary, reason: failure != 0 ? Self.reason(failure) : "short write")
    }
    if replacing {
      if rename(temporary, filePath) != 0 { throw .cannotWrite(path: filePath, reason: Self.reason(errno)) }
      return true
    }
    if link(temporary, filePath) != 0 {
      if errno == EEXIST { return false }
      throw .cannotWrite(path: filePath, reason: Self.reason(errno))
    }
    return true
  }

  /// Renames the kept file to the first free `web-token.unusable-N`, and returns that path.
  private func moveAside() throws(WebTokenStoreError) -> String {
    for number in 1...1000 {
      let aside = "\(filePath).unusable-\(number)"
      var status = stat()
      guard lstat(aside, &status) != 0, errno == ENOENT else { continue }
      if rename(filePath, aside) == 0 { return aside }
      throw .cannotMoveAside(path: filePath, reason: Self.reason(errno))
    }
    throw .cannotMoveAside(path: filePath, reason: "1000 unusable copies are already kept beside it")
  }

  /// Makes ``directory`` and its missing parents (`0700`, as XDG asks of the state directory),
  /// and sets it back to `0700` when it exists with more.
  private func makeDirectory() throws(WebTokenStoreError) {
    var path = directory.hasPrefix("/") ? "" : "."
    for component in directory.split(separator: "/") {
      path += "/" + component
      if mkdir(path, 0o700) != 0 && errno != EEXIST {
        throw .cannotCreateDirectory(path: path, reason: Self.reason(errno))
      }
    }
    var status = stat()
    guard stat(directory, &status) == 0 else {
      throw .cannotCreateDirectory(path: directory, reason: Self.reason(errno))
    }
    guard status.st_mode & S_IFMT == S_IFDIR else {
      throw .cannotCreateDirectory(path: directory, reason: "it is not a directory")
    }
    guard status.st_uid == getuid() else {
      throw .cannotCreateDirectory(path: directory, reason: "it belongs to another user")
    }
    if status.st_mode & 0o077 != 0, chmod(directory, 0o700) != 0 {
      throw .cannotCreateDirectory(path: directory, reason: Self.reason(errno))
    }
  }

  private static func reason(_ code: Int32) -> String { String(cString: strerror(code)) }
}
