// swift-tools-version:6.2
import PackageDescription

/// Katana's benchmarks live in their own package so that users of Katana never resolve
/// package-benchmark. Run them all with `Benchmarks/run.sh` (see BENCHMARKS.md).
let strictSettings: [SwiftSetting] = [
  .enableUpcomingFeature("ExistentialAny"),
  .enableUpcomingFeature("InternalImportsByDefault"),
  .enableUpcomingFeature("MemberImportVisibility"),
]

let package = Package(
  name: "KatanaBenchmarks",
  // `Synchronization.Mutex`, the baseline every workload is compared with, needs macOS 15.
  platforms: [.macOS(.v15)],
  dependencies: [
    .package(name: "Katana", path: ".."),
    .package(url: "https://github.com/ordo-one/benchmark", exact: "1.38.1", traits: ["MallocInterposer"]),
  ],
  targets: [
    // States, items and the Mutex baseline shared by the benchmarks and the profiling driver.
    .target(
      name: "BenchmarkFixtures",
      dependencies: [.product(name: "Katana", package: "Katana")],
      swiftSettings: strictSettings
    ),
    // Runs one workload with no harness, for `valgrind --tool=callgrind` (see BENCHMARKS.md).
    .executableTarget(
      name: "KatanaProfile",
      dependencies: [
        "BenchmarkFixtures", .product(name: "Katana", package: "Katana"),
        .product(name: "KatanaDevTools", package: "Katana"),
        // W10-flight registers its updater, as a real app's flight recorder does.
        .product(name: "KatanaPersistence", package: "Katana"),
      ],
      swiftSettings: strictSettings
    ),
    // Issue 31: times each workload's loop against the bare-lock loop in one process with
    // `ContinuousClock`, the two alternated; prints medians and ratios (see BENCHMARKS.md).
    .executableTarget(
      name: "KatanaLoop",
      dependencies: [
        "BenchmarkFixtures", .product(name: "Katana", package: "Katana"),
        .product(name: "KatanaDevTools", package: "Katana"),
      ],
      swiftSettings: strictSettings
    ),
    .executableTarget(
      name: "KatanaCoreBenchmarks",
      dependencies: [
        "BenchmarkFixtures",
        .product(name: "Katana", package: "Katana"),
        .product(name: "Benchmark", package: "benchmark"),
      ],
      path: "Benchmarks/KatanaCoreBenchmarks",
      swiftSettings: strictSettings,
      plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
    ),
    // KatanaUI's targets (issue 5): mount and one-leaf update of a 10,000-node tree.
    .executableTarget(
      name: "KatanaUIBenchmarks",
      dependencies: [
        .product(name: "Katana", package: "Katana"),
        .product(name: "KatanaUI", package: "Katana"),
        .product(name: "Benchmark", package: "benchmark"),
      ],
      path: "Benchmarks/KatanaUIBenchmarks",
      swiftSettings: strictSettings,
      plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
    ),
    // KatanaWeb's figures (issue 13): serves a screen of N labels, or a counter ticking at a rate,
    // for the browser and load scripts in Benchmarks/Web.
    .executableTarget(
      name: "KatanaWebLoad",
      dependencies: [
        .product(name: "Katana", package: "Katana"),
        .product(name: "KatanaUI", package: "Katana"),
        .product(name: "KatanaWeb", package: "Katana"),
      ],
      swiftSettings: strictSettings
    ),
    // Issue 30's widget kit: a keypress in text areas of 100 to 100,000 lines, and the mutations
    // of a progress bar updated 60 times a second. Times with the clock, no harness: run it
    // with `swift run -c release --package-path Benchmarks KatanaKitBenchmarks`.
    .executableTarget(
      name: "KatanaKitBenchmarks",
      dependencies: [
        .product(name: "Katana", package: "Katana"),
        .product(name: "KatanaUI", package: "Katana"),
        .product(name: "KatanaTerminal", package: "Katana"),
      ],
      swiftSettings: strictSettings
    ),
    // KatanaPersistence's W9 (issue 12): dispatch cost with the state file on and off.
    .executableTarget(
      name: "KatanaPersistenceBenchmarks",
      dependencies: [
        .product(name: "Katana", package: "Katana"),
        .product(name: "KatanaPersistence", package: "Katana"),
        .product(name: "Benchmark", package: "benchmark"),
      ],
      path: "Benchmarks/KatanaPersistenceBenchmarks",
      swiftSettings: strictSettings,
      plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
    ),
    // Issue 15's W10: dispatch cost with DevTools attached and nobody connected.
    .executableTarget(
      name: "KatanaDevToolsBenchmarks",
      dependencies: [
        .product(name: "Katana", package: "Katana"),
        .product(name: "KatanaDevTools", package: "Katana"),
        .product(name: "Benchmark", package: "benchmark"),
      ],
      path: "Benchmarks/KatanaDevToolsBenchmarks",
      swiftSettings: strictSettings,
      plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
    ),
    // Issue 23's W10f: W10 with DevTools' flight recorder writing to disk.
    .executableTarget(
      name: "KatanaFlightRecorderBenchmarks",
      dependencies: [
        .product(name: "Katana", package: "Katana"),
        .product(name: "KatanaDevTools", package: "Katana"),
        .product(name: "KatanaPersistence", package: "Katana"),
        .product(name: "Benchmark", package: "benchmark"),
      ],
      path: "Benchmarks/KatanaFlightRecorderBenchmarks",
      swiftSettings: strictSettings,
      plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
    ),
    // Issue 10's W8: 1,000 selecting listeners on a 1,000-element state.
    .executableTarget(
      name: "KatanaSelectionBenchmarks",
      dependencies: [
        .product(name: "Katana", package: "Katana"),
        .product(name: "Benchmark", package: "benchmark"),
      ],
      path: "Benchmarks/KatanaSelectionBenchmarks",
      swiftSettings: strictSettings,
      plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
    ),
  ],
  swiftLanguageModes: [.v6]
)
