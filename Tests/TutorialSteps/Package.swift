// swift-tools-version:6.2
import PackageDescription

/// Compiles the code of every step of the "Meet Katana" tutorial (CI: `.ci/tutorial-steps.sh`), so
/// the tutorial cannot drift from the API. Each target holds the files a reader has at one point
/// of the tutorial, as symbolic links to the tutorial's own code files in
/// `Sources/Katana/Katana.docc/Tutorials/Resources/`; it builds as an app would, against Katana's
/// products, with default language settings and every warning an error.
let strict: [SwiftSetting] = [.unsafeFlags(["-warnings-as-errors"])]
let katana = { (product: String) in Target.Dependency.product(name: product, package: "Katana") }

let package = Package(
  name: "TutorialSteps",
  platforms: [.macOS(.v13)],
  dependencies: [.package(name: "Katana", path: "../..")],
  targets: [
    // Section 1: the state.
    .target(name: "MeetKatanaState", dependencies: [katana("Katana")], swiftSettings: strict),
    // Section 2: updaters.
    .target(name: "MeetKatanaUpdaters", dependencies: [katana("Katana")], swiftSettings: strict),
    // Section 3: a side effect and its dependency; the app's logic from here on.
    .target(name: "ReadingListCore", dependencies: [katana("Katana")], swiftSettings: strict),
    // Section 4: tests with the TestStore.
    .testTarget(
      name: "ReadingListCoreTests", dependencies: ["ReadingListCore", katana("Katana"), katana("KatanaTesting")],
      swiftSettings: strict),
    // Section 5: a screen.
    .target(name: "ReadingListScreen", dependencies: ["ReadingListCore", katana("KatanaUI")], swiftSettings: strict),
    // Section 6: running it in a terminal, then in a browser too.
    .executableTarget(
      name: "ReadingListTerminal",
      dependencies: ["ReadingListCore", katana("Katana"), katana("KatanaUI"), katana("KatanaTerminal")],
      swiftSettings: strict),
    .executableTarget(
      name: "ReadingListWeb",
      dependencies: ["ReadingListCore", katana("Katana"), katana("KatanaUI"), katana("KatanaTerminal"), katana("KatanaWeb")],
      swiftSettings: strict),
    // Section 7: persistence.
    .executableTarget(
      name: "ReadingListPersistent",
      dependencies: [
        "ReadingListCore", katana("Katana"), katana("KatanaUI"), katana("KatanaTerminal"), katana("KatanaWeb"),
        katana("KatanaPersistence"),
      ],
      swiftSettings: strict),
    // Section 8: DevTools.
    .executableTarget(
      name: "ReadingList",
      dependencies: [
        "ReadingListCore", katana("Katana"), katana("KatanaUI"), katana("KatanaTerminal"), katana("KatanaWeb"),
        katana("KatanaPersistence"), katana("KatanaDevTools"),
      ],
      swiftSettings: strict),
  ]
)
