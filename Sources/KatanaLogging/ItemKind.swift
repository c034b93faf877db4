import Katana

/// The kind of a dispatched item, worked out from the protocols it conforms to.
enum ItemKind: String, Sendable {
  case stateUpdater = "StateUpdater"
  case sideEffect = "SideEffect"
  case returningSideEffect = "ReturningSideEffect"
  case unknown = "Unknown"

  init(of item: any Dispatchable) {
    if item is any StateUpdater {
      self = .stateUpdater
    } else if item is any ReturningSideEffect {
      self = .returningSideEffect
    } else if item is any SideEffect {
      self = .sideEffect
    } else {
      self = .unknown
    }
  }

  /// `Katana.StateUpdater`, `Katana.SideEffect`, …: the names KatanaTracing uses as span kinds.
  var spanName: String { "Katana." + rawValue }
}
