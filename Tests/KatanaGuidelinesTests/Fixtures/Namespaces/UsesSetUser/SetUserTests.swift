// A test target that dispatches SetUser: read as context, it makes SetUser used outside its file.
@Test func setUser() {
  var state = AppState()
  LoginActions.SetUser(user: "ada").updateState(&state)
}
