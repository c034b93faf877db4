import Foundation
import Katana
import KatanaUI
import KatanaWeb

// Serves one of two screens for the scripts in Benchmarks/Web:
//   KatanaWebLoad grid N      a grid of N labels (the browser mount figure)
//   KatanaWebLoad ticker HZ   one label showing a counter the server increments HZ times a second
//                             (the many-clients figure); the label's text is "tick N @ MICROS",
//                             MICROS being the server's wall clock when it dispatched N.
// Both print `Serving on http://127.0.0.1:PORT/?token=…` (any free port) and serve until interrupted.

struct LoadState: State {
  var tick = 0
  var dispatchedAt: Int64 = 0
}

struct Tick: StateUpdater {
  let micros: Int64
  func updateState(_ state: inout LoadState) {
    state.tick += 1
    state.dispatchedAt = micros
  }
}

struct GridProps: NodeDescriptionProps {
  var count = 0
  var frame = Rect.zero
  var alpha = 1.0
  var key: String?
}

/// `count` labels, 80 to a row, each 12×10 points.
struct Grid: NodeDescription {
  var props: GridProps

  static func childrenDescriptions(
    props: GridProps, state: EmptyState, update: @escaping Update<EmptyState>, dispatch: Dispatcher
  ) -> [AnyNodeDescription] {
    (0..<props.count).map { index in
      Label(props: LabelProps.build { label in
        label.frame = Rect(x: Double(index % 80) * 12, y: Double(index / 80) * 10, width: 12, height: 10)
        label.text = String(index % 100)
        label.fontSize = 8
      })
    }
  }
}

struct TickerProps: NodeDescriptionProps {
  var text = ""
  var frame = Rect.zero
  var alpha = 1.0
  var key: String?
}

struct Ticker: ConnectedNodeDescription {
  typealias StoreState = LoadState
  var props: TickerProps

  static func connect(props: inout TickerProps, to storeState: LoadState) {
    props.text = "tick \(storeState.tick) @ \(storeState.dispatchedAt)"
  }

  static func childrenDescriptions(
    props: TickerProps, state: EmptyState, update: @escaping Update<EmptyState>, dispatch: Dispatcher
  ) -> [AnyNodeDescription] {
    [Label(props: LabelProps.build { $0.frame = Rect(x: 0, y: 0, width: 300, height: 20); $0.text = props.text })]
  }
}

func wallMicros() -> Int64 {
  var now = timespec()
  clock_gettime(CLOCK_REALTIME, &now)
  return Int64(now.tv_sec) * 1_000_000 + Int64(now.tv_nsec) / 1000
}

let arguments = CommandLine.arguments
let mode = arguments.count > 1 ? arguments[1] : "grid"
let value = arguments.count > 2 ? Int(arguments[2]) ?? 0 : 0
let configuration = WebServer.Configuration(port: 0, maximumConnections: 128, title: "KatanaWebLoad")
switch mode {
case "ticker":
  let store = Store<LoadState, EmptySideEffectDependencyContainer>()
  let rate = max(1, value)
  // The ticker starts on the first line of standard input, so every client is connected first,
  // and stops after the number of ticks given there.
  Thread.detachNewThread {
    guard let line = readLine(), let ticks = Int(line) else { return }
    let interval = 1.0 / Double(rate)
    let start = Date()
    for tick in 1...max(1, ticks) {
      Thread.sleep(until: start.addingTimeInterval(Double(tick) * interval))
      store.dispatch(Tick(micros: wallMicros()))
    }
  }
  try await WebApp.serve(store: store, configuration: configuration) { Ticker(props: TickerProps()) }
default:
  let count = max(1, value)
  try await WebApp.serve(store: nil, configuration: configuration) { Grid(props: GridProps(count: count)) }
}
