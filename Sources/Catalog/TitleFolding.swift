// The standard library's own canonical decomposition (NFD), the part of
// Foundation's diacritic folding this needs: linking Foundation (and ICU) only
// for that cost every start of the program a few milliseconds of relocations.
@_spi(_Unicode) internal import Swift

/// Folds titles and queries to the form search compares: lowercase, without
/// diacritics, as words of letters and digits separated by one space.
///
/// - Case and diacritics: "Amélie" and "AMELIE" both fold to `amelie`; a few
///   letters that have no decomposition are spelled out (`ø` -> `o`,
///   `æ` -> `ae`, `ß` -> `ss`, …). Letters of other scripts stay as they are,
///   lowercased.
/// - Words: anything that is not a letter or a digit separates words, except
///   apostrophes, which are dropped so that "Night's" folds to `nights` and
///   matches the query "nights" as well as "night's". In a title, the letters
///   after an apostrophe also start a word of their own (a start inside the
///   joined word), so that "amelie" finds "d'Amélie" and "s" finds "Night's".
///
/// ASCII text (the whole shipped catalogue) takes a byte-by-byte fast path.
/// Other text is decomposed (NFD), its combining marks dropped and the rest
/// lowercased, which is what Foundation's `folding(options:
/// [.caseInsensitive, .diacriticInsensitive])` did here, without Foundation.
enum TitleFolding {
    /// Letters that diacritic folding leaves alone, spelled in ASCII.
    private static let spelledOut: [Unicode.Scalar: String] = [
        "ø": "o", "æ": "ae", "œ": "oe", "ß": "ss", "þ": "th", "ð": "d", "đ": "d",
        "ł": "l", "ı": "i", "ĳ": "ij", "ŋ": "n", "ħ": "h", "ŧ": "t",
    ]

    /// Appends the folded words of `text` to `bytes`, one space between words,
    /// and the offset of each word's first byte to `wordStarts`, plus, when
    /// `startsAfterApostrophes`, the offset of the letters after an apostrophe
    /// inside a word.
    ///
    /// - Complexity: O(n) in the length of `text`.
    static func appendWords(
        of text: String, to bytes: inout [UInt8], wordStarts: inout [Int32],
        startsAfterApostrophes: Bool = true
    ) {
        var writer = WordWriter(startsAfterApostrophes: startsAfterApostrophes)
        let wasASCII = text.utf8.withContiguousStorageIfAvailable { utf8 in
            guard utf8.allSatisfy({ $0 < 0x80 }) else { return false }
            for byte in utf8 { writer.append(ascii: byte, to: &bytes, wordStarts: &wordStarts) }
            return true
        }
        if wasASCII == true { return }
        if wasASCII == nil && text.utf8.allSatisfy({ $0 < 0x80 }) {
            for byte in text.utf8 { writer.append(ascii: byte, to: &bytes, wordStarts: &wordStarts) }
            return
        }
        for scalar in foldedScalars(of: text) {
            if scalar.isASCII {
                writer.append(ascii: UInt8(scalar.value), to: &bytes, wordStarts: &wordStarts)
            } else if let spelling = spelledOut[scalar] {
                for byte in spelling.utf8 { writer.append(wordByte: byte, to: &bytes, wordStarts: &wordStarts) }
            } else if scalar == "\u{2019}" || scalar == "\u{02BC}" {
                writer.apostrophe()  // typographic apostrophes, like "'"
            } else if scalar.properties.isAlphabetic || scalar.properties.numericType != nil {
                for byte in String(scalar).utf8 { writer.append(wordByte: byte, to: &bytes, wordStarts: &wordStarts) }
            } else {
                writer.endWord()
            }
        }
    }

    /// Folds an ASCII title given as bytes, as `appendWords(of:to:wordStarts:)`
    /// does, into memory the caller reserved: at most `title.count` bytes at
    /// `bytes` and as many word starts at `wordStarts`. Titles are folded
    /// this way when the catalogue loads, without making a `String`.
    ///
    /// - Parameter offset: where `bytes` lies in the text the word starts
    ///   index.
    /// - Returns: how many bytes and word starts were written, and the title's
    ///   mask of word first letters (see `maskBit(_:)`).
    /// - Precondition: every byte of `title` is ASCII.
    /// - Complexity: O(n) in the length of `title`.
    static func foldASCII(
        _ title: UnsafeBufferPointer<UInt8>, into bytes: UnsafeMutablePointer<UInt8>,
        wordStarts: UnsafeMutablePointer<Int32>, offset: Int32
    ) -> (byteCount: Int, wordCount: Int, mask: UInt64) {
        guard let first = title.baseAddress else { return (0, 0, 0) }
        // WordWriter's states, as one value kept in a register.
        let outside: UInt8 = 0
        let inWord: UInt8 = 1
        let afterApostrophe: UInt8 = 2
        let apostrophe = UInt8(ascii: "'")
        var state = outside
        var written = 0
        var words = 0
        var mask: UInt64 = 0
        asciiFolding.withUnsafeBufferPointer { folding in
            var cursor = first
            let end = first + title.count
            while cursor < end {
                let folded = folding[Int(cursor.pointee)]
                cursor += 1
                if folded == apostrophe {
                    if state == inWord { state = afterApostrophe }
                    continue
                }
                if folded == 0 {
                    state = outside
                    continue
                }
                // A letter or a digit: a word starts unless one goes on.
                if state != inWord {
                    if state == outside && written > 0 {
                        bytes[written] = UInt8(ascii: " ")
                        written &+= 1
                    }
                    wordStarts[words] = offset &+ Int32(truncatingIfNeeded: written)
                    words &+= 1
                    mask |= maskBit(folded)
                    state = inWord
                }
                bytes[written] = folded
                written &+= 1
                // The rest of the word, where most bytes are: copied with
                // nothing else to decide.
                while cursor < end {
                    let next = folding[Int(cursor.pointee)]
                    guard next > apostrophe else { break }
                    bytes[written] = next
                    written &+= 1
                    cursor += 1
                }
            }
        }
        return (written, words, mask)
    }

    /// For each byte: itself lowercased when it is an ASCII letter or digit,
    /// `'` for the apostrophe, 0 for anything else (a separator).
    private static let asciiFolding: [UInt8] = (0..<256).map { byte in
        switch UInt8(byte) {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"): UInt8(byte)
        case UInt8(ascii: "A")...UInt8(ascii: "Z"): UInt8(byte) + 32
        case UInt8(ascii: "'"): UInt8(ascii: "'")
        default: 0
        }
    }

    /// The folded words of a query, each as bytes.
    static func words(of text: String) -> [[UInt8]] {
        var bytes: [UInt8] = []
        var starts: [Int32] = []
        appendWords(of: text, to: &bytes, wordStarts: &starts, startsAfterApostrophes: false)
        return bytes.split(separator: UInt8(ascii: " ")).map { Array($0) }
    }

    /// The words of `text` with its apostrophes taken as spaces ("o'brother"
    /// as `o`, `brother`), or nil when it has none: a query typed with an
    /// apostrophe may mean one word ("night's") or two ("O Brother").
    static func wordsSplitAtApostrophes(of text: String) -> [[UInt8]]? {
        let apostrophes: Set<Character> = ["'", "\u{2019}", "\u{02BC}"]
        guard text.contains(where: apostrophes.contains) else { return nil }
        return words(of: String(text.map { apostrophes.contains($0) ? " " : $0 }))
    }

    /// The folded text of `text`: its words joined by one space.
    static func folded(_ text: String) -> String {
        var bytes: [UInt8] = []
        var starts: [Int32] = []
        appendWords(of: text, to: &bytes, wordStarts: &starts, startsAfterApostrophes: false)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The bit a word's first byte sets in a title's word mask: a title can
    /// match a query only if its mask holds every query word's bit.
    @inline(__always)
    static func maskBit(_ byte: UInt8) -> UInt64 {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"): 1 << UInt64(byte - UInt8(ascii: "a"))
        case UInt8(ascii: "0")...UInt8(ascii: "9"): 1 << UInt64(26 + byte - UInt8(ascii: "0"))
        default: 1 << UInt64(36 + byte % 28)
        }
    }

    /// The scalars of `text` decomposed, without their combining marks, and
    /// lowercased ("É" is `e`, "İ" is `i`).
    private static func foldedScalars(of text: String) -> [Unicode.Scalar] {
        var folded: [Unicode.Scalar] = []
        for scalar in text._nfd where !isMark(scalar) {
            for lower in scalar.properties.lowercaseMapping.unicodeScalars where !isMark(lower) {
                folded.append(lower)
            }
        }
        return folded
    }

    private static func isMark(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .spacingMark, .enclosingMark: true
        default: false
        }
    }
}

/// Writes words into a shared byte buffer, one space between them.
private struct WordWriter {
    let startsAfterApostrophes: Bool
    private var inWord = false
    private var wroteWord = false
    private var afterApostrophe = false

    init(startsAfterApostrophes: Bool) {
        self.startsAfterApostrophes = startsAfterApostrophes
    }

    @inline(__always)
    mutating func append(ascii byte: UInt8, to bytes: inout [UInt8], wordStarts: inout [Int32]) {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            append(wordByte: byte, to: &bytes, wordStarts: &wordStarts)
        case UInt8(ascii: "A")...UInt8(ascii: "Z"):
            append(wordByte: byte + 32, to: &bytes, wordStarts: &wordStarts)
        case UInt8(ascii: "'"):
            apostrophe()
        default:
            endWord()
        }
    }

    /// An apostrophe: dropped, so "Night's" is one word, `nights`.
    mutating func apostrophe() {
        afterApostrophe = inWord
    }

    @inline(__always)
    mutating func append(wordByte byte: UInt8, to bytes: inout [UInt8], wordStarts: inout [Int32]) {
        if !inWord {
            if wroteWord { bytes.append(UInt8(ascii: " ")) }
            wordStarts.append(Int32(bytes.count))
            inWord = true
            wroteWord = true
        } else if afterApostrophe && startsAfterApostrophes {
            wordStarts.append(Int32(bytes.count))
        }
        afterApostrophe = false
        bytes.append(byte)
    }

    mutating func endWord() {
        inWord = false
        afterApostrophe = false
    }
}
