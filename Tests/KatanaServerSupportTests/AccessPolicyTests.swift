import Testing

@testable import KatanaServerSupport

@Suite("Access policy: hosts and origins")
struct AccessPolicyTests {
  @Test("on loopback, Host must be a loopback name or IP")
  func loopbackHosts() {
    let policy = AccessPolicy(host: "127.0.0.1", allowedHosts: ["app.example"], token: nil)
    for host in ["127.0.0.1:8080", "localhost:8080", "LOCALHOST", "[::1]:8080", "127.0.0.2"] {
      #expect(policy.acceptsHost(host), "\(host)")
    }
    for host in ["evil.example:8080", "app.example", "192.168.1.5:8080", "", "localhost.evil.example"] {
      #expect(!policy.acceptsHost(host), "\(host)")
    }
    #expect(!policy.acceptsHost(nil))
  }

  @Test("on a wildcard, Host must be an own IP, a loopback name, or an allowed name")
  func wildcardHosts() {
    let policy = AccessPolicy(
      host: "0.0.0.0", allowedHosts: ["App.Example"], token: nil, ownAddresses: ["192.168.1.5", "fe80::1"])
    for host in ["192.168.1.5:8080", "app.example:8080", "localhost:8080", "[fe80::1]:8080"] {
      #expect(policy.acceptsHost(host), "\(host)")
    }
    for host in ["evil.example:8080", "10.0.0.1:8080", "app.example.evil:8080"] {
      #expect(!policy.acceptsHost(host), "\(host)")
    }
  }

  @Test("the Origin must name an allowed host with the server's port or the request's own Host")
  func origins() {
    let policy = AccessPolicy(host: "0.0.0.0", allowedHosts: ["app.example"], token: nil, ownAddresses: ["192.168.1.5"])
    #expect(policy.acceptsOrigin("http://127.0.0.1:8080", requestHost: "127.0.0.1:8080", port: 8080))
    #expect(policy.acceptsOrigin("http://app.example:8080", requestHost: "app.example:8080", port: 8080))
    #expect(policy.acceptsOrigin("https://app.example", requestHost: "app.example", port: 8080))
    // DNS rebinding: the Origin matches the Host, but the Host is not one of the server's.
    #expect(!policy.acceptsOrigin("http://evil.example:8080", requestHost: "evil.example:8080", port: 8080))
    // Another local server's page.
    #expect(!policy.acceptsOrigin("http://localhost:3000", requestHost: "127.0.0.1:8080", port: 8080))
    #expect(!policy.acceptsOrigin("https://127.0.0.1:8080", requestHost: "127.0.0.1:8080", port: 8080))
    #expect(!policy.acceptsOrigin(nil, requestHost: "127.0.0.1:8080", port: 8080))
  }
}
