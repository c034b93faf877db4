/// Formats user names.
func displayName(_ user: String) -> String { user.capitalized }
