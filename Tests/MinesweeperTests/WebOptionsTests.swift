import ArgumentParser
import Foundation
import ExampleSupport
import KatanaWeb
import Testing

@Suite("Every example's web flags")
struct WebOptionsTests {
  @Test("without a token store --web has a fresh token each run; --token sets one; --no-token serves without; --allowed-host repeats")
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
      ["--new-token"],
      ["--web", "--new-token", "--token", "my-own_token-0123456789"],
      ["--web", "--new-token", "--no-token"],
    ])
  func refusals(arguments: [String]) {
    #expect(throws: (any Error).self, "\(arguments)") { _ = try WebOptions.parse(arguments) }
  }

  @Test("--web keeps its token in the store across runs and says so once; --new-token replaces it")
  func keptToken() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("katana-options-\(UUID().uuidString)").path
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let store = WebTokenStore(directory: folder)
    var messages: [String] = []
    let first = try WebOptions.parse(["--web"]).configuration(title: "T", tokenStore: store) { messages.append($0) }.token
    let second = try WebOptions.parse(["--web"]).configuration(title: "T", tokenStore: store) { messages.append($0) }.token
    #expect(first != nil && first == second)
    #expect(messages.count == 1 && messages[0].contains(store.filePath))
    let renewed = try WebOptions.parse(["--web", "--new-token"]).configuration(title: "T", tokenStore: store) {
      messages.append($0)
    }.token
    #expect(renewed != nil && renewed != first)
    #expect(messages.count == 2 && messages[1].contains("new link"))
    #expect(try WebOptions.parse(["--web"]).configuration(title: "T", tokenStore: store).token == renewed)
  }

  @Test("--token and --no-token never touch the store")
  func givenTokenLeavesStoreAlone() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("katana-options-\(UUID().uuidString)").path
    let store = WebTokenStore(directory: folder)
    let given = try WebOptions.parse(["--web", "--token", "my-own_token-0123456789"])
    #expect(given.configuration(title: "T", tokenStore: store).token == "my-own_token-0123456789")
    #expect(try WebOptions.parse(["--web", "--no-token"]).configuration(title: "T", tokenStore: store).token == nil)
    #expect(!FileManager.default.fileExists(atPath: folder))
  }

  @Test("a store that fails is reported, and the run serves with a token of its own")
  func failingStore() throws {
    let blocker = FileManager.default.temporaryDirectory.appendingPathComponent("katana-options-\(UUID().uuidString)").path
    _ = FileManager.default.createFile(atPath: blocker, contents: Data("a file".utf8))
    defer { try? FileManager.default.removeItem(atPath: blocker) }
    var messages: [String] = []
    let token = try WebOptions.parse(["--web"]).configuration(title: "T", tokenStore: WebTokenStore(directory: blocker + "/app")) {
      messages.append($0)
    }.token
    #expect(token?.count == 32)
    #expect(messages.count == 1 && messages[0].contains(blocker) && messages[0].contains("restart needs the new link"))
  }
}
