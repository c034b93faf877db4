/// What the log-in screen dispatches (another file, so PerformLogin and Logout are used outside
/// their own).
struct LoginScreenModel {
  let logIn = LoginActions.PerformLogin()
  let logOut = Logout()
}
