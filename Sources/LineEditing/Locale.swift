#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Makes the C library's character handling UTF-8, which libedit needs.
///
/// In the C locale libedit silently drops every non-ASCII byte the user
/// types, so a terminal whose environment names no UTF-8 locale still gets
/// one. Only LC_CTYPE changes: messages, numbers and collation stay as they
/// were.
enum UTF8Locale {
    /// Adopts the environment's character type, or `C.UTF-8` when that is not UTF-8.
    static func adopt() {
        setlocale(LC_CTYPE, "")
        if isUTF8 { return }
        for fallback in ["C.UTF-8", "C.utf8", "en_US.UTF-8"] {
            if setlocale(LC_CTYPE, fallback) != nil, isUTF8 { return }
        }
    }

    static var isUTF8: Bool {
        guard let codeset = nl_langinfo(nl_item(CODESET)) else { return false }
        let name = String(cString: codeset).lowercased()
        return name == "utf-8" || name == "utf8"
    }
}
