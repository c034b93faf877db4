// swift-tools-version:6.2
import Foundation
import PackageDescription

/// CI sets `KATANA_WARNINGS_AS_ERRORS=1` so that it runs README's exact test command while still
/// failing on any warning. Users building the package never get the flag: a newer compiler's new
/// warning must not break their build.
let warningsAsErrors = ProcessInfo.processInfo.environment["KATANA_WARNINGS_AS_ERRORS"] == "1"

/// Settings every target shares: Swift 6 language mode is the package default; these upcoming
/// features make code safer and must stay on for every target.
let strictSettings: [SwiftSetting] =
  [
    .enableUpcomingFeature("ExistentialAny"),
    .enableUpcomingFeature("InternalImportsByDefault"),
    .enableUpcomingFeature("MemberImportVisibility"),
  ] + (warningsAsErrors ? [.unsafeFlags(["-warnings-as-errors"])] : [])

/// CI's ThreadSanitizer run sets `KATANA_OMIT_GUIDELINES=1`, which leaves out the guidelines
/// checker (its targets, its plugin, its tests and swift-syntax). The checker is a synchronous
/// parser pass with no concurrency, so TSan has nothing to find there, while compiling swift-syntax
/// with TSan twice (for the target and for the plugin's tool) took 3.5 of the step's minutes.
let omitsGuidelines = ProcessInfo.processInfo.environment["KATANA_OMIT_GUIDELINES"] == "1"

let package = Package(
  name: "Katana",
  platforms: [.macOS(.v13), .iOS(.v16)],
  products: [
    .library(name: "Katana", targets: ["Katana"]),
    .library(name: "KatanaTesting", targets: ["KatanaTesting"]),
    .library(name: "KatanaLogging", targets: ["KatanaLogging"]),
    .library(name: "KatanaTracing", targets: ["KatanaTracing"]),
    .library(name: "KatanaUI", targets: ["KatanaUI"]),
    .library(name: "KatanaObservation", targets: ["KatanaObservation"]),
    .library(name: "KatanaTerminal", targets: ["KatanaTerminal"]),
    .library(name: "KatanaWeb", targets: ["KatanaWeb"]),
    .library(name: "KatanaPersistence", targets: ["KatanaPersistence"]),
    .library(name: "KatanaDevTools", targets: ["KatanaDevTools"]),
    .library(name: "KatanaSnapshotTesting", targets: ["KatanaSnapshotTesting"]),
    .executable(name: "Counter", targets: ["Counter"]),
    .executable(name: "Minesweeper", targets: ["Minesweeper"]),
    .executable(name: "Todos", targets: ["Todos"]),
    .executable(name: "Notes", targets: ["Notes"]),
    // For Tests/ExportedTestRoundTrip only: a test exported from a Todos session names its types.
    .library(name: "TodosCore", targets: ["TodosCore"]),
    // The guidelines checker: its own products, so an app that does not use it never builds swift-syntax.
    .executable(name: "katana-guidelines", targets: ["katana-guidelines"]),
    .plugin(name: "KatanaGuidelinesPlugin", targets: ["KatanaGuidelinesPlugin"]),
  ],
  traits: [
    .default(enabledTraits: ["DevToolsServer"]),
    .trait(
      name: "DevToolsServer",
      description: """
        DevTools' loopback server and page (SwiftNIO and Hummingbird). Without it, DevTools still \
        records, exports and runs its flight recorder: for a build that must not open a port.
        """
    ),
  ],
  dependencies: [
    .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
    .package(url: "https://github.com/apple/swift-distributed-tracing", from: "1.7.3"),
    .package(url: "https://github.com/pointfreeco/swift-custom-dump", from: "1.7.3"),
    .package(url: "https://github.com/pointfreeco/xctest-dynamic-overlay", from: "1.13.1"),
    // Both servers (KatanaWeb's and DevTools') stand on Hummingbird 2 and SwiftNIO (issue 33).
    // Hummingbird's default traits pull swift-configuration, which nothing here reads.
    .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1", traits: []),
    .package(url: "https://github.com/hummingbird-project/hummingbird-websocket", from: "2.8.1"),
    // What Hummingbird stands on, named because the server skeleton uses their types directly.
    .package(url: "https://github.com/apple/swift-nio", from: "2.101.2"),
    .package(url: "https://github.com/apple/swift-http-types", from: "1.8.0"),
    .package(url: "https://github.com/apple/swift-collections", from: "1.6.0"),
    .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
    .package(url: "https://github.com/pointfreeco/swift-snapshot-testing", from: "1.19.7"),
    // Only for `swift package generate-documentation`: plugins are never linked into a product.
    .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.5.0"),
  ] + (omitsGuidelines ? [] : [
    // Only for the guidelines checker (its own products). 603 is the parser of Swift 6.3, the
    // toolchain CI builds with: older majors misread newer syntax (`nonisolated(nonsending)`, …).
    .package(url: "https://github.com/swiftlang/swift-syntax", from: "603.0.1")
  ]),
  targets: [
    // MARK: Core: no dependencies outside the toolchain.
    .target(name: "Katana", dependencies: ["KatanaSupport"], swiftSettings: strictSettings),
    // Internal (no product): the lock and type-name cache that the core, KatanaUI and the
    // backends share, so a backend's I/O need not import the store for a lock.
    .target(name: "KatanaSupport", swiftSettings: strictSettings),
    // Internal (no product): the one server skeleton both of the package's servers (KatanaWeb's
    // and DevTools') stand on: Hummingbird and SwiftNIO underneath, one configuration of limits,
    // one way to route, refuse and run a WebSocket session.
    .target(
      name: "KatanaServerSupport",
      dependencies: [
        "KatanaSupport",
        .product(name: "HummingbirdCore", package: "hummingbird"),
        .product(name: "HummingbirdWebSocket", package: "hummingbird-websocket"),
        .product(name: "NIOCore", package: "swift-nio"),
        .product(name: "NIOPosix", package: "swift-nio"),
        .product(name: "NIOWebSocket", package: "swift-nio"),
        .product(name: "HTTPTypes", package: "swift-http-types"),
        .product(name: "Logging", package: "swift-log"),
      ],
      swiftSettings: strictSettings
    ),

    // MARK: Integrations, each its own product.
    .target(
      name: "KatanaTesting",
      dependencies: [
        "Katana",
        "KatanaSupport",
        .product(name: "CustomDump", package: "swift-custom-dump"),
        .product(name: "IssueReporting", package: "xctest-dynamic-overlay"),
        // Links Swift Testing / XCTest so IssueReporting's failures fail tests on Linux too.
        .product(name: "IssueReportingTestSupport", package: "xctest-dynamic-overlay"),
      ],
      swiftSettings: strictSettings
    ),
    .target(
      name: "KatanaLogging",
      dependencies: ["Katana", .product(name: "Logging", package: "swift-log")],
      swiftSettings: strictSettings
    ),
    .target(
      name: "KatanaTracing",
      dependencies: ["Katana", "KatanaSupport", .product(name: "Tracing", package: "swift-distributed-tracing")],
      swiftSettings: strictSettings
    ),
    .target(name: "KatanaUI", dependencies: ["Katana", "KatanaSupport"], swiftSettings: strictSettings),
    .target(
      name: "KatanaTerminal", dependencies: ["Katana", "KatanaUI", "KatanaSupport", "KatanaSignalAtomics"],
      swiftSettings: strictSettings
    ),
    // Internal (no product): C11 lock-free atomics for what KatanaTerminal's signal handlers share
    // with ordinary code (`Synchronization.Atomic` needs macOS 15 / iOS 18).
    .target(name: "KatanaSignalAtomics", cSettings: warningsAsErrors ? [.unsafeFlags(["-Werror"])] : []),
    .target(
      name: "KatanaWeb",
      dependencies: [
        "Katana", "KatanaUI", "KatanaSupport", "KatanaServerSupport",
        .product(name: "HTTPTypes", package: "swift-http-types"),
      ],
      // The page's script is a plain JavaScript file (CI checks it with `node --check`), compiled
      // into the module as bytes: nothing is read from disk when the server runs.
      resources: [.embedInCode("Resources/katana.js")],
      swiftSettings: strictSettings
    ),
    // Foundation Codable and POSIX file calls; the lock comes from KatanaSupport.
    .target(name: "KatanaPersistence", dependencies: ["Katana", "KatanaSupport"], swiftSettings: strictSettings),
    // The recorder, the loopback server and the embedded page of DevTools; the server and the
    // page only with the DevToolsServer trait (on by default).
    // KatanaPersistence stays a dependency (no shared format target): DevTools' public API takes its
    // JournalRegistry, whose names and codecs make the journal lines of exports and the flight recorder.
    .target(
      name: "KatanaDevTools",
      dependencies: [
        "Katana", "KatanaSupport", "KatanaPersistence",
        .target(name: "KatanaServerSupport", condition: .when(traits: ["DevToolsServer"])),
        .product(name: "DequeModule", package: "swift-collections"),
        .product(name: "HTTPTypes", package: "swift-http-types", condition: .when(traits: ["DevToolsServer"])),
      ],
      // The page's script, as a plain JavaScript file compiled into the module (see KatanaWeb).
      resources: [.embedInCode("Page/devtools.js")],
      swiftSettings: strictSettings
    ),
    // Screen snapshots for tests, on pointfreeco's swift-snapshot-testing: its own product, so
    // apps that do not snapshot never build it. KatanaWeb for the web page's DOM (`.webDOM`).
    .target(
      name: "KatanaSnapshotTesting",
      dependencies: [
        "KatanaUI", "KatanaTerminal", "KatanaWeb",
        .product(name: "SnapshotTesting", package: "swift-snapshot-testing"),
      ],
      swiftSettings: strictSettings
    ),
    .target(name: "KatanaObservation", dependencies: ["Katana", "KatanaSupport"], swiftSettings: strictSettings),

    // MARK: The guidelines checker (Sources/KatanaGuidelines' catalog says what each check sees).
    // The checks, on swift-syntax's parser only (no compiler, no type checker).
    .target(
      name: "KatanaGuidelines",
      dependencies: [
        .product(name: "SwiftSyntax", package: "swift-syntax"),
        .product(name: "SwiftParser", package: "swift-syntax"),
      ],
      swiftSettings: strictSettings
    ),
    // The same checks as a command for CI and editors: `katana-guidelines [--strict] <target folder>…`.
    .executableTarget(name: "katana-guidelines", dependencies: ["KatanaGuidelines"], swiftSettings: strictSettings),
    // `swift package katana-guidelines [--strict] [--target T]…`: runs the command on the package's targets.
    .plugin(
      name: "KatanaGuidelinesPlugin",
      capability: .command(
        intent: .custom(verb: "katana-guidelines", description: "Checks the targets against the Katana app guidelines"),
        permissions: []
      )
      // No tool dependency: the command builds the `katana-guidelines` product when it runs
      // (see the plugin), so that `swift build` does not compile swift-syntax twice.
    ),

    // MARK: Examples: real programs.
    .executableTarget(
      name: "Counter",
      dependencies: [
        "Katana", "KatanaUI", "KatanaTerminal", "KatanaWeb", "KatanaDevTools", "ExampleSupport", "CounterCore",
        "KatanaPersistence",  // the registry that lets flight recordings and sessions replay
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
      ],
      path: "Examples/Counter",
      swiftSettings: strictSettings
    ),
    .target(
      name: "CounterCore",
      dependencies: ["Katana"],
      path: "Examples/CounterCore",
      swiftSettings: strictSettings
    ),

    .executableTarget(
      name: "Minesweeper",
      dependencies: [
        "Katana", "KatanaUI", "KatanaTerminal", "KatanaWeb", "KatanaDevTools", "ExampleSupport", "MinesweeperCore",
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
      ],
      path: "Examples/Minesweeper",
      swiftSettings: strictSettings
    ),
    .target(
      name: "ExampleSupport",
      dependencies: [
        "Katana", "KatanaUI", "KatanaWeb", "KatanaTerminal", "KatanaDevTools", "KatanaPersistence",
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
      ],
      path: "Examples/ExampleSupport",
      swiftSettings: strictSettings
    ),
    .target(
      name: "MinesweeperCore",
      dependencies: ["Katana", "KatanaUI"],
      path: "Examples/MinesweeperCore",
      swiftSettings: strictSettings
    ),

    .executableTarget(
      name: "Todos",
      dependencies: [
        "Katana", "KatanaUI", "KatanaTerminal", "KatanaPersistence", "KatanaDevTools", "TodosCore", "ExampleSupport",
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
      ],
      path: "Examples/Todos",
      swiftSettings: strictSettings
    ),
    .target(
      name: "TodosCore",
      dependencies: ["Katana", "KatanaUI", "KatanaPersistence"],
      path: "Examples/TodosCore",
      swiftSettings: strictSettings
    ),

    .executableTarget(
      name: "Notes",
      dependencies: [
        "Katana", "KatanaUI", "KatanaTerminal", "KatanaPersistence", "KatanaDevTools", "NotesCore", "ExampleSupport",
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
      ],
      path: "Examples/Notes",
      swiftSettings: strictSettings
    ),
    .target(
      name: "NotesCore",
      dependencies: ["Katana", "KatanaUI", "KatanaPersistence"],
      path: "Examples/NotesCore",
      swiftSettings: strictSettings
    ),

    // MARK: Tests mirror the modules.
    // A fixture app with one of every element, driven in Chromium by Tests/Browser.
    .executableTarget(
      name: "ElementsGallery",
      dependencies: ["Katana", "KatanaUI", "KatanaWeb"],
      path: "Tests/Browser/ElementsGallery",
      swiftSettings: strictSettings
    ),
    // The DevTools server over a scripted source, so Tests/Browser drives the DevTools page in
    // Chromium without a recorder.
    .executableTarget(
      name: "DevToolsPageFixture",
      dependencies: ["KatanaDevTools", "KatanaSupport"],
      path: "Tests/Browser/DevToolsPageFixture",
      swiftSettings: strictSettings
    ),
    // Test doubles and waiting helpers the test targets share (the counter app, locks, gates);
    // never part of a product.
    .target(
      name: "KatanaTestSupport",
      dependencies: [
        "Katana", "KatanaSupport", "KatanaServerSupport",
        // The test socket client is a SwiftNIO channel: no test thread ever blocks on a socket.
        .product(name: "NIOCore", package: "swift-nio"), .product(name: "NIOPosix", package: "swift-nio"),
      ],
      path: "Tests/KatanaTestSupport",
      swiftSettings: strictSettings
    ),
    .testTarget(
      name: "KatanaTests",
      dependencies: ["Katana", "KatanaSupport", "KatanaTesting", "KatanaTestSupport"],
      swiftSettings: strictSettings
    ),
    .testTarget(
      name: "KatanaTestingTests",
      dependencies: ["KatanaTesting", "KatanaTestSupport"],
      swiftSettings: strictSettings
    ),
    .testTarget(
      name: "KatanaLoggingTests",
      dependencies: ["KatanaLogging", "KatanaTestSupport", .product(name: "Logging", package: "swift-log")],
      swiftSettings: strictSettings
    ),
    .testTarget(
      name: "KatanaTracingTests",
      dependencies: [
        "KatanaTracing",
        "KatanaTestSupport",
        .product(name: "Tracing", package: "swift-distributed-tracing"),
        .product(name: "InMemoryTracing", package: "swift-distributed-tracing"),
      ],
      swiftSettings: strictSettings
    ),
    .testTarget(
      name: "KatanaObservationTests",
      dependencies: ["KatanaObservation", "Katana", "KatanaSupport", "KatanaTestSupport", "KatanaTesting"],
      swiftSettings: strictSettings
    ),
    .testTarget(
      name: "KatanaSnapshotTestingTests",
      dependencies: [
        "KatanaSnapshotTesting", "KatanaTerminal", "KatanaWeb", "KatanaUI", "Katana", "KatanaTesting",
        .product(name: "SnapshotTesting", package: "swift-snapshot-testing"),
      ],
      swiftSettings: strictSettings
    ),
    // Every screen of every example as terminal snapshots (80 × 24 and 120 × 40) and as web pages'
    // DOM (390 and 1280 CSS pixels wide).
    .testTarget(
      name: "ExampleSnapshotTests",
      dependencies: [
        "Counter", "CounterCore", "Minesweeper", "MinesweeperCore", "Todos", "TodosCore", "Notes", "NotesCore",
        "KatanaSnapshotTesting",
        "KatanaTerminal", "KatanaWeb", "KatanaUI", "Katana", "KatanaTesting",
        .product(name: "SnapshotTesting", package: "swift-snapshot-testing"),
        // The pages' data folders are filled with the examples' own commands, as in the browser check.
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
      ],
      exclude: ["__Snapshots__"],
      swiftSettings: strictSettings
    ),
    .testTarget(
      name: "KatanaUITests",
      dependencies: ["KatanaUI", "KatanaTesting", "KatanaTestSupport"],
      swiftSettings: strictSettings
    ),
    .testTarget(
      name: "KatanaTerminalTests",
      dependencies: ["KatanaTerminal", "KatanaUI", "KatanaTesting", "KatanaTestSupport"],
      swiftSettings: strictSettings
    ),
    .testTarget(
      name: "KatanaWebTests",
      dependencies: [
        "KatanaWeb", "KatanaUI", "Katana", "KatanaServerSupport", "KatanaTestSupport",
      ],
      swiftSettings: strictSettings
    ),
    .testTarget(
      name: "MinesweeperTests",
      dependencies: [
        "Minesweeper", "MinesweeperCore", "Katana", "KatanaUI", "KatanaTerminal", "KatanaWeb", "ExampleSupport",
        "KatanaTestSupport",  // the web server as a process: its CPU time and its shutdown
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
      ],
      swiftSettings: strictSettings
    ),
    .testTarget(
      name: "CounterCoreTests",
      dependencies: ["CounterCore", "Katana", "KatanaTesting"],
      swiftSettings: strictSettings
    ),
    .testTarget(
      name: "MinesweeperCoreTests",
      dependencies: ["MinesweeperCore", "Katana"],
      swiftSettings: strictSettings
    ),
    .testTarget(
      name: "KatanaPersistenceTests",
      dependencies: [
        "KatanaPersistence", "Katana", "KatanaSupport", "KatanaTesting", "KatanaTestSupport",
        "KatanaPersistenceCrashChild",
      ],
      swiftSettings: strictSettings
    ),
    // The process the kill test starts and kills; built with the tests, never shipped.
    .executableTarget(
      name: "KatanaPersistenceCrashChild",
      dependencies: ["KatanaPersistence", "Katana"],
      path: "Tests/KatanaPersistenceCrashChild",
      swiftSettings: strictSettings
    ),
    // The servers' shared skeleton: the request-head and frame meters and the access policy,
    // without a server.
    .testTarget(
      name: "KatanaServerSupportTests",
      dependencies: ["KatanaServerSupport"],
      swiftSettings: strictSettings
    ),
    .testTarget(
      name: "KatanaDevToolsTests",
      dependencies: [
        "KatanaDevTools", "Katana", "KatanaPersistence", "KatanaServerSupport", "KatanaTestSupport",
        "KatanaDevToolsFlightChild",
      ],
      swiftSettings: strictSettings
    ),
    // The process the flight recorder's kill test starts and kills; built with the tests, never shipped.
    .executableTarget(
      name: "KatanaDevToolsFlightChild",
      dependencies: ["KatanaDevTools", "KatanaPersistence", "Katana"],
      path: "Tests/KatanaDevToolsFlightChild",
      swiftSettings: strictSettings
    ),
    .testTarget(
      name: "TodosCoreTests",
      dependencies: ["TodosCore", "KatanaPersistence", "Katana", "KatanaTesting"],
      swiftSettings: strictSettings
    ),
    .testTarget(
      name: "KatanaGuidelinesTests",
      dependencies: ["KatanaGuidelines"],
      // Fixture apps the checker reads as text; copied as they are, never compiled.
      resources: [.copy("Fixtures")],
      swiftSettings: strictSettings
    ),
    .testTarget(
      name: "TodosTests",
      dependencies: [
        "Todos", "TodosCore", "Katana", "KatanaUI", "KatanaTerminal",
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
      ],
      swiftSettings: strictSettings
    ),
    .testTarget(
      name: "NotesCoreTests",
      dependencies: ["NotesCore", "KatanaPersistence", "Katana", "KatanaUI", "KatanaTesting"],
      swiftSettings: strictSettings
    ),
    .testTarget(
      name: "NotesTests",
      dependencies: [
        "Notes", "NotesCore", "Katana", "KatanaUI", "KatanaTerminal", "KatanaTesting",
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
      ],
      swiftSettings: strictSettings
    ),
  ],
  swiftLanguageModes: [.v6]
)

if omitsGuidelines {
  let guidelines: Set<String> = ["KatanaGuidelines", "katana-guidelines", "KatanaGuidelinesPlugin", "KatanaGuidelinesTests"]
  package.targets.removeAll { guidelines.contains($0.name) }
  package.products.removeAll { guidelines.contains($0.name) }
}
