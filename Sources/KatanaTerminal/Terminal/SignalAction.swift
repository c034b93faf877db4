#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// `signal(2)`, named apart from the module's own `signal` parameters.
@discardableResult
func setSignalDisposition(_ signal: Int32, _ handler: sighandler_t?) -> sighandler_t? {
  #if canImport(Darwin)
    Darwin.signal(signal, handler)
  #elseif canImport(Musl)
    Musl.signal(signal, handler)
  #else
    Glibc.signal(signal, handler)
  #endif
}
