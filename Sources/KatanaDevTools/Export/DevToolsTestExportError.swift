/// Why ``DevTools/exportTest(named:)`` could not write a test.
public enum DevToolsTestExportError: Error, Sendable, Hashable, CustomStringConvertible {
  /// DevTools is not attached to a live store, and recorded no state to start from.
  case notAttached
  /// The state type is not `Equatable`, which a `TestStore` needs to compare states.
  case stateNotEquatable(type: String)
  /// The test name is not a Swift identifier.
  case invalidTestName(String)
  /// A state or an updater could not be encoded as JSON.
  case encodingFailed(String)

  /// What is wrong, in a sentence the DevTools page shows as is.
  public var description: String {
    switch self {
    case .notAttached: "DevTools is not attached to a live store and recorded no state: nothing to export"
    case .stateNotEquatable(let type): "\(type) is not Equatable: a TestStore needs to compare states"
    case .invalidTestName(let name): "'\(name)' is not a Swift identifier (letters, digits and _, not starting with a digit)"
    case .encodingFailed(let reason): "could not encode the session as JSON: \(reason)"
    }
  }
}
