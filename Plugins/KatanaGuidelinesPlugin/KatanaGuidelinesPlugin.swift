import Foundation
import PackagePlugin

/// `swift package katana-guidelines [--strict] [--target NAME]… [options]`: checks the package's
/// Swift targets against the Katana app guidelines.
///
/// Without `--target` it checks every Swift target that is not a test target. Every Swift target
/// of the package (tests included) is also read as context, so a dispatchable that another
/// target, or a test, uses is not reported as file-local. A `.katana-guidelines.json` at the
/// package's root sets the thresholds. Other arguments (`--strict`, the thresholds) go to the
/// `katana-guidelines` command as they are; its exit status becomes this command's.
@main
struct KatanaGuidelinesPlugin: CommandPlugin {
  func performCommand(context: PluginContext, arguments: [String]) async throws {
    var extractor = ArgumentExtractor(arguments)
    let requested = extractor.extractOption(named: "target")
    let passedOn = extractor.remainingArguments

    let swiftTargets = context.package.targets.compactMap { $0 as? SwiftSourceModuleTarget }
    let checked: [SwiftSourceModuleTarget]
    if requested.isEmpty {
      checked = swiftTargets.filter { $0.kind != .test }
    } else {
      checked = try requested.map { name in
        guard let target = swiftTargets.first(where: { $0.name == name }) else {
          throw PluginFailure(description: "no Swift target named '\(name)' in package '\(context.package.displayName)'")
        }
        return target
      }
    }
    let checkedNames = Set(checked.map(\.name))

    var toolArguments = passedOn
    let configuration = context.package.directoryURL.appending(path: ".katana-guidelines.json")
    if FileManager.default.fileExists(atPath: configuration.path()),
      !passedOn.contains("--config")
    {
      toolArguments += ["--config", configuration.path()]
    }
    for target in swiftTargets where !checkedNames.contains(target.name) {
      toolArguments += ["--context", target.directoryURL.path()]
    }
    toolArguments += checked.map { $0.directoryURL.path() }

    // Built on demand, as the package's own product, rather than declared as the plugin's tool:
    // a declared tool is compiled a second time for the host, swift-syntax with it, by every
    // `swift build` of the package (1.5 minutes of CI's build), whether or not anyone runs this.
    let built = try packageManager.build(.product("katana-guidelines"), parameters: .init(logging: .concise))
    guard built.succeeded, let tool = built.builtArtifacts.first(where: { $0.kind == .executable }) else {
      throw PluginFailure(description: "katana-guidelines did not build:\n\(built.logText)")
    }
    let process = Process()
    process.executableURL = tool.url
    process.arguments = toolArguments
    try process.run()
    process.waitUntilExit()
    if process.terminationStatus != 0 {
      throw PluginFailure(
        description: "katana-guidelines exited with status \(process.terminationStatus) (findings above)"
      )
    }
  }
}

/// Why the command failed, as `swift package` prints it.
struct PluginFailure: Error, CustomStringConvertible {
  let description: String
}
