import Foundation
import KatanaGuidelines

// Everything is in GuidelinesCommand, so tests drive the same code; this only wires the streams.
let status = GuidelinesCommand.run(
  Array(CommandLine.arguments.dropFirst()),
  output: { print($0) },
  errors: { FileHandle.standardError.write(Data(($0 + "\n").utf8)) }
)
exit(status)
