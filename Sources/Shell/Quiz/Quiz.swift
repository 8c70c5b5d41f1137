// Quizzes: sessions whose narration asks what the command below it will
// print (`bindlab quiz`, Docs/sessions.md#quizzes). The attendee answers
// first; the command then runs live, and the answer is read from what it
// printed, never from the file. Part of the Shell module.

/// A session read as a quiz: its questions, each about what the commands
/// below it print, up to the next question.
///
/// ```
/// # The list loads after a second.
/// #? How many orders does the title count once they are in? (a number)
/// #= ┌─ Orders (???) ─[..]
/// > orders load
/// ```
///
/// `#?` lines ask (several in a row make one question); the `#=` lines right
/// under them are the lines of the output the answer is read from, one after
/// the other as printed, `???` standing for the answer and `[..]` for any
/// text, as in an expected line. The answer is read from what the inputs
/// from the one below the question to the next question print (the action,
/// then a command that shows its effect: `:timeline`, `:alive`). Every other `#` line is narration. A
/// session with questions is a session still: `check` skips the questions,
/// as it skips all narration, and checks what the file expects — the answer
/// sheet — on every backend.
package struct Quiz: Sendable {
    /// One question.
    package struct Question: Sendable, Equatable {
        /// The line of its first `#?`, counted from 1.
        package let line: Int
        /// What it asks, its `#?` lines joined.
        package let text: String
        /// The lines the answer is read from, consecutive in the output.
        package let pattern: [String]
        /// Which of them holds `???`.
        package let blankLine: Int
        /// The block it is asked before: the next input's.
        package let block: Int
        /// The blocks whose output answers it: from `block` to the next
        /// question's, or to the end.
        package internal(set) var blocks: Range<Int>
    }

    /// What a question found in what a command printed.
    package enum Reading: Equatable, Sendable {
        /// The answer, and the output lines it was read from.
        case found(answer: String, lines: [String])
        /// Lines that answer it differently: the question is not precise enough.
        case ambiguous(answers: [String])
        /// No line of the output is the one it reads.
        case missing
    }

    /// What becomes of an answer.
    package enum Verdict: Equatable, Sendable {
        case right, wrong, skipped
        /// The run printed nothing the question could read: not counted.
        case unanswerable
    }

    /// The blank in a question's line.
    package static let blank = "???"

    package let session: Session
    /// In the order they are asked.
    package let questions: [Question]
    /// Each block's narration without the questions, as `present` would show it.
    package let narration: [[String]]
    /// The narration after the last input.
    package let closingNarration: [String]

    /// The questions asked before block `index`.
    package func questions(of index: Int) -> [Question] {
        questions.filter { $0.block == index }
    }
}

extension Quiz {
    /// Reads the questions of `session`.
    ///
    /// - Throws: each line that is not a well-formed question: a `#?` with no
    ///   `#=` under it, a `#=` with no `#?` above, no `???` or more than one,
    ///   a question with no input below it; and a session with no question.
    package init(_ session: Session) throws(SessionFileError) {
        var questions: [Question] = []
        var problems: [SessionFileError.Problem] = []
        var narration: [[String]] = []
        var current: [String] = []
        var block = 0
        // The question being read: its first line, its text, its pattern.
        var asking: (line: Int, text: [String], pattern: [String])?

        func finish(at line: Int) {
            guard let question = asking else { return }
            asking = nil
            guard !question.pattern.isEmpty else {
                problems.append(
                    .init(
                        line: question.line,
                        message:
                            "the question needs the line its answer is read from right under it: #= LINE, with ??? where the answer is"
                    ))
                return
            }
            let blanks = question.pattern.indices.filter { question.pattern[$0].contains(Quiz.blank) }
            let count = question.pattern.reduce(0) { $0 + $1.occurrences(of: Quiz.blank) }
            guard count == 1, let blankLine = blanks.first else {
                problems.append(
                    .init(
                        line: question.line,
                        message: count == 0
                            ? "no ??? in the question's #= lines: put it where the answer is"
                            : "??? \(count) times in the question's #= lines: one answer a question (ask another with #?)"
                    ))
                return
            }
            questions.append(
                Question(
                    line: question.line, text: question.text.joined(separator: " "), pattern: question.pattern,
                    blankLine: blankLine, block: block, blocks: block..<block + 1))
        }

        for (index, line) in session.lines.enumerated() {
            let scalars = line.unicodeScalars
            if line == ">" || scalars.starts(with: "> ".unicodeScalars) {
                finish(at: index)
                narration.append(current)
                current = []
                block += 1
            } else if scalars.starts(with: "#?".unicodeScalars) {
                if let question = asking, !question.pattern.isEmpty { finish(at: index) }
                let text = Self.rest(of: line)
                if asking == nil {
                    asking = (index + 1, [text], [])
                } else {
                    asking?.text.append(text)
                }
            } else if scalars.starts(with: "#=".unicodeScalars) {
                guard asking != nil else {
                    problems.append(
                        .init(line: index + 1, message: "#= with no question above it: ask it first with #?"))
                    continue
                }
                asking?.pattern.append(Self.rest(of: line))
            } else if scalars.first == "#" {
                finish(at: index)
                var text = scalars.dropFirst()
                if text.first == " " { text = text.dropFirst() }
                current.append(String(Substring(text)))
            } else if asking != nil, !line.isBlank {
                finish(at: index)
            }
        }
        if let question = asking {
            problems.append(
                .init(
                    line: question.line, message: "a question after the last input: no command below prints its answer")
            )
        }
        guard problems.isEmpty else { throw SessionFileError(file: session.name, problems: problems) }
        guard !questions.isEmpty else {
            throw SessionFileError(
                file: session.name, line: nil,
                "not a quiz: no question (#? …, then #= with ???) in it; see Docs/sessions.md#quizzes")
        }
        // Each is answered by the inputs up to the next question's.
        let starts = Set(questions.map(\.block)).sorted()
        for index in questions.indices {
            let next = starts.first { $0 > questions[index].block } ?? session.blocks.count
            questions[index].blocks = questions[index].block..<next
        }
        self.session = session
        self.questions = questions
        self.narration = narration
        self.closingNarration = current
    }

    /// The text of a `#?` or `#=` line after its mark and one blank.
    private static func rest(of line: String) -> String {
        var text = line.unicodeScalars.dropFirst(2)
        if text.first == " " { text = text.dropFirst() }
        return String(Substring(text))
    }
}

extension Quiz.Question {
    /// Its lines as an attendee sees them before answering: `???` left in,
    /// `[..]` shown as `…`.
    package var shown: [String] {
        pattern.map { $0.replacingAll(SessionMatcher.anyText, with: "…") }
    }

    /// What it reads in `outputs`, the lines each command of `blocks`
    /// printed (no colours).
    ///
    /// Every place where the lines of its pattern match consecutive lines of
    /// one command's output is read; they must agree on the answer.
    ///
    /// - Complexity: O(n·k) line matches for n lines of output and k lines of
    ///   pattern, each O(m²) at worst in the length m of a line whose pattern
    ///   has `[..]` on both sides of `???`.
    package func read(_ outputs: [[String]]) -> Quiz.Reading {
        var answers: [String] = []
        var first: (answer: String, lines: [String])?
        for output in outputs where output.count >= pattern.count {
            read(output, into: &answers, first: &first)
        }
        guard let first else { return .missing }
        return answers.count == 1 ? .found(answer: first.answer, lines: first.lines) : .ambiguous(answers: answers)
    }

    private func read(_ output: [String], into answers: inout [String], first: inout (answer: String, lines: [String])?)
    {
        for start in 0...(output.count - pattern.count) {
            var answer: String?
            var matched = true
            for (offset, line) in pattern.enumerated() {
                let printed = output[start + offset]
                if offset == blankLine {
                    answer = Quiz.capture(line, in: printed)
                    if answer == nil { matched = false }
                } else if !SessionMatcher.matches(line, printed) {
                    matched = false
                }
                if !matched { break }
            }
            guard matched, let answer else { continue }
            if first == nil { first = (answer, Array(output[start..<start + pattern.count])) }
            if !answers.contains(where: { Quiz.normalized($0) == Quiz.normalized(answer) }) { answers.append(answer) }
        }
    }

    /// What becomes of `given` (nil or blank: not answered) when the commands
    /// of `blocks` printed `outputs`.
    package func grade(_ given: String?, against outputs: [[String]]) -> Quiz.Verdict {
        guard case .found(let answer, _) = read(outputs) else { return .unanswerable }
        guard let given, !given.isBlank else { return .skipped }
        return Quiz.accepts(given, for: answer) ? .right : .wrong
    }
}

extension Quiz {
    /// What `???` stands for in `line`, where `pattern` holds one `???` and
    /// may hold `[..]`: the text the blank takes where the rest matches, the
    /// blank starting as early and ending as soon as it can; nil when the
    /// line is not one the pattern describes.
    ///
    /// The answer is one cell of what is printed: it starts and ends with
    /// something other than a blank and holds no two blanks in a row (the
    /// gap between a table's columns), so that `[..]` takes a table's padding
    /// and `delegate[..]  ???` reads the last column of delegate's row.
    static func capture(_ pattern: String, in line: String) -> String? {
        guard let range = pattern.firstRange(of: blank) else { return nil }
        let before = String(pattern[..<range.lowerBound])
        let after = String(pattern[range.upperBound...])
        let characters = Array(line)
        // Where the blank may start: the text before it matches exactly up to there.
        let starts: [Int]
        if before.contains(SessionMatcher.anyText) {
            starts = (0...characters.count).filter { SessionMatcher.matches(before, String(characters[..<$0])) }
        } else {
            guard line.hasPrefix(before) else { return nil }
            starts = [before.count]
        }
        for start in starts {
            let ends: [Int]
            if after.contains(SessionMatcher.anyText) {
                ends = (start...characters.count).filter {
                    SessionMatcher.matches(after, String(characters[$0...]))
                }
            } else {
                let end = characters.count - after.count
                guard end >= start, String(characters[end...]) == after else { continue }
                ends = [end]
            }
            for end in ends {
                let text = String(characters[start..<end])
                if Self.isOneCell(text) { return text }
            }
        }
        return nil
    }

    /// Whether `given` answers what the run printed, `real`: the same once
    /// normalized, or a number alone where the run printed it with its unit
    /// (`100` for `100 rows`, `2` for `2 kept`), or 0 where it printed
    /// `none` or `nothing`.
    package static func accepts(_ given: String, for real: String) -> Bool {
        let given = normalized(given)
        let real = normalized(real)
        if given == real { return true }
        // Where nothing is, 0 says it as well as none.
        let nothing: Set<String> = ["0", "none", "nothing", "no"]
        if nothing.contains(given), real == "none" || real == "nothing" { return true }
        guard !given.isEmpty, given.allSatisfy({ $0.isNumber || $0 == "." }), real.hasPrefix(given + " ") else {
            return false
        }
        return !real.dropFirst(given.count).contains(where: \.isNumber)
    }

    /// Whether `text` can be an answer: not empty, no blank at either end,
    /// no two blanks in a row.
    static func isOneCell(_ text: String) -> Bool {
        guard let first = text.first, let last = text.last, first != " ", last != " " else { return false }
        return !text.contains("  ")
    }

    /// An answer as it is compared: blanks at the ends and between words
    /// count for nothing, nor do case and the commas grouping a number's
    /// digits, nor quotes around it.
    package static func normalized(_ answer: String) -> String {
        var words = answer.lowercased().split(whereSeparator: { $0 == " " || $0 == "\t" }).joined(separator: " ")
        for quote in ["\"", "'", "`"] where words.count >= 2 && words.hasPrefix(quote) && words.hasSuffix(quote) {
            words = String(words.dropFirst().dropLast())
        }
        let digitsAndCommas = words.allSatisfy { $0.isNumber || $0 == "," || $0 == "." }
        if digitsAndCommas, words.contains(where: \.isNumber) { words.removeAll { $0 == "," } }
        return words
    }
}

extension String {
    /// How many times `text` occurs, not overlapping.
    fileprivate func occurrences(of text: String) -> Int {
        var count = 0
        var rest = self[...]
        while let found = rest.firstRange(of: text) {
            count += 1
            rest = rest[found.upperBound...]
        }
        return count
    }

    /// With every `text` replaced by `replacement`.
    func replacingAll(_ text: String, with replacement: String) -> String {
        var result = ""
        var rest = self[...]
        while let found = rest.firstRange(of: text) {
            result += rest[..<found.lowerBound] + replacement
            rest = rest[found.upperBound...]
        }
        return result + rest
    }
}
