// swift-tools-version:6.2
import PackageDescription

let package = Package(
  name: "ReadingList",
  platforms: [.macOS(.v13)],
  // Katana, cloned beside this package in a folder named `katana`: a path dependency is known
  // by its folder's name, in lower case, hence `package: "katana"` below.
  dependencies: [.package(path: "../katana")],
  targets: [
    // The app's logic: state, updaters, side effects.
    .target(
      name: "ReadingListCore",
      dependencies: [.product(name: "Katana", package: "katana")]),
    // The app: its screen and where it starts.
    .executableTarget(
      name: "ReadingList",
      dependencies: [
        "ReadingListCore",
        .product(name: "Katana", package: "katana"),
        .product(name: "KatanaUI", package: "katana"),
      ]),
    .testTarget(
      name: "ReadingListCoreTests",
      dependencies: [
        "ReadingListCore",
        .product(name: "Katana", package: "katana"),
        .product(name: "KatanaTesting", package: "katana"),
      ]),
  ]
)
