// swift-tools-version:6.2
import PackageDescription

/// Compiles and runs a test that DevTools exported from a recorded Todos session (CI's round
/// trip, `.ci/exported-test-roundtrip.sh`): its own package, so the exported file is compiled as
/// any app's test target would compile it, against Katana's products, without touching Katana's
/// own test targets. The file is copied into `Tests/ExportedSessionTests/` by the script.
let package = Package(
  name: "ExportedTestRoundTrip",
  platforms: [.macOS(.v13)],
  dependencies: [.package(name: "Katana", path: "../..")],
  targets: [
    .testTarget(
      name: "ExportedSessionTests",
      dependencies: [
        .product(name: "Katana", package: "Katana"),
        .product(name: "KatanaTesting", package: "Katana"),
        .product(name: "KatanaPersistence", package: "Katana"),
        .product(name: "TodosCore", package: "Katana"),
      ],
      // The exported test must compile as strictly as the package's own code.
      swiftSettings: [
        .enableUpcomingFeature("ExistentialAny"),
        .enableUpcomingFeature("InternalImportsByDefault"),
        .enableUpcomingFeature("MemberImportVisibility"),
        .unsafeFlags(["-warnings-as-errors"]),
      ]
    )
  ]
)
