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

  @Test("observers: a dispatch outside side effects and observers, and an observer built outside the container, are reported")
  func observers() throws {
    #expect(
      try findings(in: "Observers") == [
        "AppCore/Logic/Sync/SyncListener.swift:11:20: [observers] ConnectivityObserver is created outside the dependency container: create it in the container's initializer and keep it there, so one observer lives as long as the store",
        "AppCore/Logic/Sync/SyncListener.swift:15:9: [observers] dispatch from outside a side effect: the code that brings outside events in (callbacks, notifications, sockets) belongs in a type named …Observer, created by the dependency container",
      ]
    )
  }

  @Test("side effects: dispatching a side effect of the same namespace, too many stored properties and a long body are reported")
  func simpleSideEffects() throws {
    #expect(
      try findings(in: "SimpleSideEffects") == [
        "AppCore/Logic/Login/LoginActions.swift:9:25: [simple-side-effects] PerformLogin dispatches RefreshProfile, another side effect of LoginActions: call the managers it uses, or dispatch its state updaters, from here",
        "AppCore/Logic/Login/LoginActions.swift:27:16: [simple-side-effects] Configure has more than 4 stored properties (maxSideEffectStoredProperties): split it into simpler side effects, or move the choices into a manager",
        "AppCore/Logic/Login/LoginActions.swift:34:17: [simple-side-effects] Synchronize.sideEffect has 21 lines of code, more than 20 (maxSideEffectBodyLines): move the logic into managers and keep the side effect a chain of manager calls and dispatches",
      ]
    )
  }

  @Test("the side-effect thresholds come from the configuration")
  func configurableThresholds() throws {
    let relaxed = GuidelinesConfiguration(maxSideEffectStoredProperties: 5, maxSideEffectBodyLines: 21)
    #expect(
      try findings(in: "SimpleSideEffects", configuration: relaxed) == [
        "AppCore/Logic/Login/LoginActions.swift:9:25: [simple-side-effects] PerformLogin dispatches RefreshProfile, another side effect of LoginActions: call the managers it uses, or dispatch its state updaters, from here"
      ]
    )
    let strict = GuidelinesConfiguration(maxSideEffectStoredProperties: 0, maxSideEffectBodyLines: 1)
    #expect(
      try findings(in: "SimpleSideEffects", configuration: strict).filter { $0.contains("stored properties") } == [
        "AppCore/Logic/Login/LoginActions.swift:22:16: [simple-side-effects] Configure has more than 0 stored properties (maxSideEffectStoredProperties): split it into simpler side effects, or move the choices into a manager"
      ]
    )
  }

  @Test("namespaces: a top-level side effect and an internal updater only its file uses are reported")
  func namespaces() throws {
    #expect(
      try findings(in: "Namespaces") == [
        "AppCore/Logic/Login/LoginActions.swift:14:10: [namespaces] only this file uses the state updater SetUser: make it fileprivate (in a fileprivate extension of its namespace), so the module's interface shows only what the rest of the app dispatches",
        "AppCore/Logic/Login/LoginActions.swift:32:15: [namespaces] Logout is a side effect at the top level: declare it inside its module's namespace (enum …Actions { … } or an extension of it)",
      ]
    )
  }

  @Test("a dispatchable that a context target mentions is not reported as used only in its file")
  func contextCountsAsUse() throws {
    #expect(
      try findings(in: "Namespaces", targets: ["AppCore"], context: ["UsesSetUser"]) == [
        "AppCore/Logic/Login/LoginActions.swift:32:15: [namespaces] Logout is a side effect at the top level: declare it inside its module's namespace (enum …Actions { … } or an extension of it)"
      ]
    )
  }

  @Test("documentation: an undocumented dispatchable, parameter and manager method, and an unnamed method parameter, are reported")
  func documentation() throws {
    #expect(
      try findings(in: "Documentation") == [
        "AppCore/Logic/Login/LoginActions.swift:5:17: [documentation] document SetUser: a /// comment that says what it does and what its parameters mean",
        "AppCore/Logic/Login/LoginActions.swift:16:16: [documentation] document 'token', a parameter of SetToken: a /// comment above it, or '- Parameter token:' in SetToken's comment",
        "AppCore/Logic/Login/LoginManager.swift:3:15: [documentation] document LoginManager.logIn(user:): a /// comment that says what it does, and '- Parameter name:' for each parameter",
        "AppCore/Logic/Login/LoginManager.swift:8:36: [documentation] document the parameter 'everywhere' of LoginManager.logOut(user:everywhere:): add '- Parameter everywhere:' to its comment",
      ]
    )
  }

  @Test("layout: files outside the three folders, a module file at Logic's top, a misplaced container and logic outside Logic are reported")
  func layout() throws {
    #expect(
      try findings(in: "Layout", targets: ["AppCore", "App"]) == [
        "App/UI/Screen.swift:6:17: [layout] Tap is logic in a target without Logic/ or State/: put state updaters, side effects and managers in Logic/<Module>/ and the state in State/ (UI may stay in its own target)",
        "AppCore/Helpers.swift:2:1: [layout] Helpers.swift is outside Logic/, State/ and UI/: move it into the folder of what it holds",
        "AppCore/Logic/LoginActions.swift:1:1: [layout] LoginActions.swift is at the top of Logic/, where only the dependency container lives: give its logic module a folder, Logic/<Module>/LoginActions.swift",
        "AppCore/State/AppState.swift:13:17: [layout] Reset is logic outside Logic/: move it to Logic/<Module>/ with the rest of its module",
        "AppCore/State/Dependencies/AppDependencies.swift:4:20: [layout] the dependency container AppDependencies belongs at the top of Logic/: move it to Logic/AppDependencies.swift",
      ]
    )
  }

  @Test("an ignore comment with a reason silences one finding; one without a reason, naming no guideline or silencing nothing is a finding")
  func ignoreComments() throws {
    #expect(
      try findings(in: "IgnoreComments") == [
        "AppCore/Logic/Login/LoginActions.swift:19:25: [simple-side-effects] PerformLogin dispatches RefreshProfile, another side effect of LoginActions: call the managers it uses, or dispatch its state updaters, from here",
        "AppCore/Logic/Login/LoginActions.swift:19:59: [ignore] say why: '// katana-guidelines:ignore simple-side-effects -- <reason>'; without a reason nothing is silenced",
        "AppCore/Logic/Login/LoginActions.swift:25:5: [ignore] nothing to silence: no [namespaces] finding on line 26; remove this comment",
        "AppCore/Logic/Login/LoginActions.swift:29:3: [ignore] 'docs' is not a guideline: name one of passive-managers, observers, simple-side-effects, namespaces, documentation, layout",
        "AppCore/Logic/Login/LoginActions.swift:30:17: [documentation] document ClearUser: a /// comment that says what it does and what its parameters mean",
      ]
    )
  }

  @Test("a missing target folder is a typed error")
  func missingFolder() throws {
    #expect(throws: GuidelinesError.notADirectory("/nonexistent/AppCore")) {
      try GuidelinesChecker().check(targets: [TargetSources(directory: "/nonexistent/AppCore")])
    }
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
  let path = fixtures.appending(path: fixture).path()
  return path.hasSuffix("/") ? String(path.dropLast()) : path
}
