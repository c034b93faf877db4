import ArgumentParser
import ExampleSupport
import KatanaWeb
import Testing

@Suite("Every example's web flags")
struct WebOptionsTests {
  @Test("--web has a fresh token each run; --token sets one; --no-token serves without; --allowed-host repeats")
  func tokensAndHosts() throws {
    let first = try WebOptions.parse(["--web"]).configuration(title: "T").token
    let second = try WebOptions.parse(["--web"]).configuration(title: "T").token
    #expect(first?.count == 32 && first != second)
    #expect(try WebOptions.parse(["--web", "--token", "my-own_token-0123456789"]).configuration(title: "T").token
      == "my-own_token-0123456789")
    #expect(try WebOptions.parse(["--web", "--no-token"]).configuration(title: "T").token == nil)
    let hosts = try WebOptions.parse(["--web", "--host", "0.0.0.0", "--allowed-host", "a.example", "--allowed-host", "b.example"])
    #expect(hosts.configuration(title: "T").allowedHosts == ["a.example", "b.example"])
  }

  @Test(
    "--no-token off loopback, a malformed token, both token flags, or web flags without --web are refused",
    arguments: [
      ["--web", "--no-token", "--host", "0.0.0.0"],
      ["--web", "--token", "short"],
      ["--web", "--token", "has space in it 0123456789"],
      ["--web", "--token", "my-own_token-0123456789", "--no-token"],
      ["--token", "my-own_token-0123456789"],
      ["--allowed-host", "a.example"],
      ["--no-token"],
    ])
  func refusals(arguments: [String]) {
    #expect(throws: (any Error).self, "\(arguments)") { _ = try WebOptions.parse(arguments) }
  }
}
