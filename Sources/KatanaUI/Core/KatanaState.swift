import Katana

/// The core's `State` protocol, under a name that does not clash with node state types.
typealias KatanaState = Katana.State
