import Katana

// The entry point of a UI target may sit at its top.
let store = Store<AppState, AppDependencies>()
store.dispatch(ScreenActions.Tap())
