/// How the store handles an item, worked out from the protocols its dynamic type conforms to.
enum DispatchableKind {
  case stateUpdater(any StateUpdater)
  case sideEffect(any SideEffect)
  case returningSideEffect(any ReturningSideEffect)
  case invalid(reason: String)

  init(of item: any Dispatchable) {
    let updater = item as? any StateUpdater
    let returning = item as? any ReturningSideEffect
    let sideEffect = item as? any SideEffect
    switch (updater, returning, sideEffect) {
    case (let updater?, nil, nil):
      self = .stateUpdater(updater)
    case (nil, let returning?, _):
      // Like the original, the returning form wins for an item that is both kinds of side effect.
      self = .returningSideEffect(returning)
    case (nil, nil, let sideEffect?):
      self = .sideEffect(sideEffect)
    case (nil, nil, nil):
      self = .invalid(reason: "it conforms to neither StateUpdater, SideEffect nor ReturningSideEffect.")
    default:
      self = .invalid(reason: "it conforms to StateUpdater and to a side-effect protocol, so its meaning is ambiguous.")
    }
  }
}
