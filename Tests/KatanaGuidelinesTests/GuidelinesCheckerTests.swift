import Foundation
import KatanaGuidelines
import Testing

/// The checker on the fixture apps in `Fixtures/` (read as text, never compiled): each finding
/// asserted exactly, file, line, column and message.
@Suite("Guidelines checker on fixture apps")
struct GuidelinesCheckerTests {
  @Test("an app that follows every guideline has no finding")
  func cleanApp() throws {
    #expect(try findings(in: "Clean", targets: ["AppCore", "App"]) == [])
  }

  @Test("managers: dispatching, reading state, holding the store, mutable state and building managers are each reported")
  func passiveManagers() throws {
    #expect(
      try findings(in: "PassiveManagers") == [
        "AppCore/Logic/Login/LoginManager.swift:6:15: [passive-managers] LoginManager builds the AuditManager it uses: take it as an initializer parameter, so the dependency container (or a test) chooses it",
        "AppCore/Logic/Login/LoginManager.swift:7:15: [passive-managers] LoginManager keeps mutable state in 'var attempts': managers are stateless; keep state in the store and pass what a method needs as a parameter",
        "AppCore/Logic/Login/LoginManager.swift:8:15: [passive-managers] LoginManager holds the store or a side-effect context in 'dispatch': managers never touch Katana; give the methods the values they need as parameters and let the calling side effect dispatch",
        "AppCore/Logic/Login/LoginManager.swift:19:9: [passive-managers] LoginManager dispatches: managers are passive; return the result and let the side effect that called the manager dispatch",
        "AppCore/Logic/Login/LoginManager.swift:26:6: [passive-managers] LoginManager reads the store's state: take the values it needs as method parameters",
        "AppCore/Logic/Login/LoginManager.swift:35:16: [passive-managers] AuditManager builds the KeychainManager it uses: take it as an initializer parameter, so the dependency container (or a test) chooses it",
      ]
    )
  }
}

/// The findings of the fixture `fixture`, as `path:line:column: [identifier] message` with the
/// path relative to the fixture.
func findings(
  in fixture: String, targets: [String] = ["AppCore"], context: [String] = [],
  configuration: GuidelinesConfiguration = GuidelinesConfiguration()
) throws -> [String] {
  let root = try fixtureRoot(fixture)
  let found = try GuidelinesChecker(configuration: configuration).check(
    targets: targets.map { TargetSources(directory: root + "/" + $0) },
    context: context.map { TargetSources(directory: root + "/" + $0) }
  )
  return found.map { finding in
    "\(finding.path.dropFirst(root.count + 1)):\(finding.line):\(finding.column): [\(finding.identifier)] \(finding.message)"
  }
}

/// The folder of one fixture app.
func fixtureRoot(_ fixture: String) throws -> String {
  let fixtures = try #require(Bundle.module.url(forResource: "Fixtures", withExtension: nil))
  return fixtures.appending(path: fixture).path()
}
