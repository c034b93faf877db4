// swift-tools-version:6.2
import PackageDescription

/// The CI cost guard (BENCHMARKS.md, "Regression guard"): one small executable that runs a core
/// workload with no harness, so that its instruction and malloc counts per dispatch are
/// deterministic. It depends on Katana, and on KatanaDevTools for W10 (a store with DevTools
/// attached and no page connected), built without its server.
let package = Package(
  name: "KatanaCostGuard",
  platforms: [.macOS(.v15)],
  // Without the DevToolsServer trait: W10 measures DevTools' recording, which a server with no
  // page connected does not touch, and the release build then compiles no SwiftNIO (4 of its 5
  // minutes in CI).
  dependencies: [.package(name: "Katana", path: "../..", traits: [])],
  targets: [
    .executableTarget(
      name: "KatanaCost",
      dependencies: [
        .product(name: "Katana", package: "Katana"), .product(name: "KatanaDevTools", package: "Katana"),
      ],
      swiftSettings: [
        .enableUpcomingFeature("ExistentialAny"),
        .enableUpcomingFeature("InternalImportsByDefault"),
        .enableUpcomingFeature("MemberImportVisibility"),
      ]
    )
  ]
)
