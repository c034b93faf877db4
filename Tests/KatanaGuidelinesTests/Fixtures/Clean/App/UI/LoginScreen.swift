import Katana

/// The log-in form; dispatches what the user asks for.
struct LoginScreen {
  let store: Store<AppState, AppDependencies>

  func run() {
    store.dispatch(LoginActions.PerformLogin(user: "ada", password: "secret"))
  }
}
