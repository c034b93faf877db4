/// Checks credentials.
public struct LoginManager: Sendable {
  public func logIn(user: String) -> Bool { !user.isEmpty }

  /// Logs out.
  ///
  /// - Parameter user: who logs out.
  public func logOut(user: String, everywhere: Bool) {}

  private func hash(_ password: String) -> Int { password.count }
}
