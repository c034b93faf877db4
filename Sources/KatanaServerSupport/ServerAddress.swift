import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

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

  /// The address to bind, for SwiftNIO: `localhost` is `127.0.0.1`; IPv6 without brackets;
  /// `nil` when `host` is not an IP address (a name would be looked up, and could resolve to
  /// anything).
  package static func bindHost(_ host: String) -> String? {
    if host == "localhost" { return "127.0.0.1" }
    let bare = host.trimmingCharacters(in: CharacterSet(charactersIn: "[]"))
    var ip4 = in_addr()
    var ip6 = in6_addr()
    if inet_pton(AF_INET, bare, &ip4) == 1 || inet_pton(AF_INET6, bare, &ip6) == 1 { return bare }
    return nil
  }

  /// The IP addresses of this machine's interfaces (IPv6 without brackets or zone), which a
  /// server bound to every interface accepts in `Host`.
  package static func interfaceAddresses() -> Set<String> {
    var first: UnsafeMutablePointer<ifaddrs>?
    guard getifaddrs(&first) == 0 else { return [] }
    defer { freeifaddrs(first) }
    var addresses: Set<String> = []
    var cursor = first
    while let entry = cursor {
      defer { cursor = entry.pointee.ifa_next }
      guard let address = entry.pointee.ifa_addr else { continue }
      let family = Int32(address.pointee.sa_family)
      guard family == AF_INET || family == AF_INET6 else { continue }
      var name = [CChar](repeating: 0, count: Int(NI_MAXHOST))
      let length = socklen_t(family == AF_INET ? MemoryLayout<sockaddr_in>.size : MemoryLayout<sockaddr_in6>.size)
      guard getnameinfo(address, length, &name, socklen_t(name.count), nil, 0, NI_NUMERICHOST) == 0 else { continue }
      let text = String(decoding: name.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
      addresses.insert(String(text.prefix { $0 != "%" }).lowercased())
    }
    return addresses
  }
}
