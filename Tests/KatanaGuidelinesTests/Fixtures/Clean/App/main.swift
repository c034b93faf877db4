import Katana

let store = Store<AppState, AppDependencies>()
LoginScreen(store: store).run()
