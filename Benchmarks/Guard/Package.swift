// swift-tools-version:6.2
import PackageDescription

/// The CI cost guard (BENCHMARKS.md, "Regression guard"): one small executable that runs a core
/// workload with no harness, so that its instruction and malloc counts per dispatch are
/// deterministic. It depends on Katana, and on KatanaDevTools for W10 (a store with DevTools
/// attached and no page connected).
let package = Package(
  name: "KatanaCostGuard",
  platforms: [.macOS(.v15)],
  dependencies: [.package(name: "Katana", path: "../..")],
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
