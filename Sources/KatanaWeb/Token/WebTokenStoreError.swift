/// Why a ``WebTokenStore`` could not give a token. Nothing is lost when it throws: a file it could
/// not use stays where it was.
public enum WebTokenStoreError: Error, Hashable, Sendable, CustomStringConvertible {
  /// The app's name is empty or only dots, so it cannot name a folder.
  case invalidAppName(String)
  /// Neither `XDG_STATE_HOME` nor `HOME` is an absolute path.
  case noStateDirectory
  /// The folder (or one of its parents) could not be made, or is not this user's directory.
  case cannotCreateDirectory(path: String, reason: String)
  /// The token file exists but reading it failed for a reason other than its permissions.
  case cannotRead(path: String, reason: String)
  /// The new token could not be written.
  case cannotWrite(path: String, reason: String)
  /// An unusable token file could not be renamed out of the way.
  case cannotMoveAside(path: String, reason: String)

  /// A sentence a person can act on.
  public var description: String {
    switch self {
    case .invalidAppName(let name): "'\(name)' cannot name the folder of a web token"
    case .noStateDirectory: "neither XDG_STATE_HOME nor HOME is an absolute path, so the web token cannot be kept"
    case .cannotCreateDirectory(let path, let reason): "cannot make the folder \(path) for the web token: \(reason)"
    case .cannotRead(let path, let reason): "cannot read the web token file \(path): \(reason)"
    case .cannotWrite(let path, let reason): "cannot write the web token file \(path): \(reason)"
    case .cannotMoveAside(let path, let reason): "cannot move the unusable web token file \(path) aside: \(reason)"
    }
  }
}
