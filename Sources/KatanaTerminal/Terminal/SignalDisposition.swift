#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// `signal(2)`, named apart from the module's own `signal` parameters. The handler type is
/// spelled out because each C library names it differently (`sighandler_t`, `sig_t`).
func setSignalDisposition(_ signal: Int32, _ handler: (@convention(c) (Int32) -> Void)?) {
  #if canImport(Darwin)
    _ = Darwin.signal(signal, handler)
  #elseif canImport(Musl)
    _ = Musl.signal(signal, handler)
  #else
    _ = Glibc.signal(signal, handler)
  #endif
}
