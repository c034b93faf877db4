/// A target for the checker: the folder that holds its Swift sources.
///
/// The checker reads every `.swift` file under ``directory``; the layout check reads the files'
/// paths relative to it (`Logic/Login/LoginManager.swift`).
public struct TargetSources: Hashable, Sendable {
  /// The folder of the target's sources (`Examples/TodosCore`, `Sources/MyApp`).
  public var directory: String

  /// A target whose sources are under `directory`.
  ///
  /// - Parameter directory: the target's folder, absolute or relative to the working directory.
  public init(directory: String) {
    self.directory = directory
  }
}
