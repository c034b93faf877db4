// Only with the DevToolsServer trait (on by default; see Package.swift).
#if DevToolsServer
package import KatanaServerSupport

/// DevTools' token is the servers' shared ``AccessToken``.
package typealias DevToolsToken = AccessToken
#endif
