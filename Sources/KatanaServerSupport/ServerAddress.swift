package import FlyingSocks
import Foundation

/// Turns the host a server is configured with into the address it binds and the address it
/// shows people; shared by the package's servers.
package enum ServerAddress {
  /// Whether `host` means every interface (`0.0.0.0`, `::`).
  package static func isWildcard(_ host: String) -> Bool {
    host == "0.0.0.0" || host == "::" || host == "[::]"
  }

  /// `host` as it appears in a URL authority: IPv6 addresses in brackets.
  package static func bracketed(_ host: String) -> String {
    host.contains(":") && !host.hasPrefix("[") ? "[\(host)]" : host
  }

  /// The host to print in a URL: `127.0.0.1` for a wildcard or `localhost` (a person can open
  /// it on this machine either way), the configured address otherwise, bracketed if IPv6.
  package static func displayHost(_ host: String) -> String {
    isWildcard(host) || host == "localhost" ? "127.0.0.1" : bracketed(host)
  }

  /// The socket address to bind: `localhost` is `127.0.0.1`; an address with a colon is IPv6.
  ///
  /// - Throws: FlyingSocks' error when `host` is not an IP address.
  package static func socketAddress(host: String, port: UInt16) throws -> any SocketAddress {
    switch host {
    case "localhost": try sockaddr_in.inet(ip4: "127.0.0.1", port: port)
    case let ip6 where ip6.contains(":"):
      try sockaddr_in6.inet6(ip6: ip6.trimmingCharacters(in: CharacterSet(charactersIn: "[]")), port: port)
    default: try sockaddr_in.inet(ip4: host, port: port)
    }
  }
}
