// What differs between the C libraries of Linux (Glibc) and macOS (Darwin),
// said once: the rest of the module, and the Shell (which spawns children as
// Isolation does), call these. Linux is what runs here; the Darwin branches
// are written against the macOS SDK's headers and untested (no machine here
// runs macOS). Imported `package`: `SpawnFileActions` names a C type.
#if canImport(Glibc)
    package import Glibc
#elseif canImport(Darwin)
    package import Darwin
#endif

/// Where the process's `NAME=value` strings are, ended by a nil. macOS does
/// not give Swift `environ` (`<crt_externs.h>` hands it over instead).
package var processEnvironment: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?> {
    #if canImport(Darwin)
        _NSGetEnviron().pointee!
    #else
        environ
    #endif
}

/// The C library's `write(2)`, for a type whose own `write` hides it.
#if canImport(Darwin)
    package let systemWrite = Darwin.write
#else
    package let systemWrite = Glibc.write
#endif

/// `posix_spawn`'s file actions: a struct in Glibc, an opaque pointer that
/// `posix_spawn_file_actions_init` allocates in Darwin.
#if canImport(Darwin)
    package typealias SpawnFileActions = posix_spawn_file_actions_t?
#else
    package typealias SpawnFileActions = posix_spawn_file_actions_t
#endif

/// File actions to hand to `posix_spawn_file_actions_init`.
package func makeSpawnFileActions() -> SpawnFileActions {
    #if canImport(Darwin)
        nil
    #else
        posix_spawn_file_actions_t()
    #endif
}

/// The running program's path, if the system says it: `/proc/self/exe` on
/// Linux, `_NSGetExecutablePath` on macOS.
package func runningExecutablePath() -> String? {
    #if canImport(Darwin)
        var size: UInt32 = 4096
        var buffer = [CChar](repeating: 0, count: Int(size))
        guard _NSGetExecutablePath(&buffer, &size) == 0 else { return nil }
        return String(cString: buffer)
    #elseif os(Linux)
        var buffer = [CChar](repeating: 0, count: 4096)
        let count = readlink("/proc/self/exe", &buffer, buffer.count - 1)
        guard count > 0 else { return nil }
        return String(decoding: buffer[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    #else
        return nil
    #endif
}

extension stat {
    /// The last modification: `st_mtim` in Glibc, `st_mtimespec` in Darwin.
    var modified: timespec {
        #if canImport(Darwin)
            st_mtimespec
        #else
            st_mtim
        #endif
    }
}
