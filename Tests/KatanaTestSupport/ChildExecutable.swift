package import Foundation

/// The executable named `name` that SwiftPM built beside the test bundle: the child processes
/// the kill tests start (a test target depends on the child's target, so it is always built).
///
/// - Throws: ``ChildExecutableNotFound`` when no such executable is within four folders up from
///   the test bundle.
package func childExecutable(named name: String) throws -> URL {
  var folder = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
  for _ in 0..<4 {
    let candidate = folder.appendingPathComponent(name)
    if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
    folder = folder.deletingLastPathComponent()
  }
  throw ChildExecutableNotFound(name: name, searchedFrom: CommandLine.arguments[0])
}

/// No child executable of that name beside the test bundle.
package struct ChildExecutableNotFound: Error {
  package var name: String
  package var searchedFrom: String
}
