import Testing

@testable import CommandLineOptions

/// A value each option of the group can take, for the tables below.
private func sample(for option: Option) -> String {
    switch option {
    case .backend: "delegate,output"
    case .width: "100"
    case .commands: "orders load; back"
    default: ""
    }
}

/// What a subcommand needs after its options to be complete.
private func operands(of subcommand: Subcommand) -> [String] {
    switch subcommand.operands {
    case .none, .optional: []
    case .some, .one: ["a.session"]
    }
}

/// Every subcommand with each of its options: the table the grammar is checked on.
private let cases: [(subcommand: Subcommand, option: Option)] = ([Subcommand.shell] + Subcommand.all).flatMap {
    subcommand in subcommand.options.map { (subcommand, $0) }
}

private func parse(_ words: [String]) throws -> ParsedArguments {
    try OptionParser.parse(words)
}

@Suite struct OptionParserTests {
    /// Every option of every subcommand means the same written `--name VALUE` or `--name=VALUE`, in any of its spellings, before or after the subcommand's name and among its files.
    @Test(arguments: cases.map { "\($0.subcommand.name ?? "bindlab") \($0.option.name)" })
    func everyOptionMeansTheSameInEverySpelling(_ label: String) throws {
        let (subcommand, option) = cases.first { "\($0.subcommand.name ?? "bindlab") \($0.option.name)" == label }!
        let name = subcommand.name.map { [$0] } ?? []
        let files = operands(of: subcommand)
        var spellings: [[String]] = []
        for spelling in option.spellings {
            let given = option.takesValue ? [spelling, sample(for: option)] : [spelling]
            spellings.append(name + given + files)
            spellings.append(given + name + files)
            spellings.append(name + files + given)
            if option.takesValue, spelling.hasPrefix("--") {
                spellings.append(name + ["\(spelling)=\(sample(for: option))"] + files)
                spellings.append(["\(spelling)=\(sample(for: option))"] + name + files)
            }
        }
        let expected = try parse(spellings[0])
        #expect(expected.subcommand == subcommand)
        if option.takesValue {
            #expect(expected.value(option) == sample(for: option))
        } else {
            #expect(expected.has(option))
        }
        #expect(expected.operands == files)
        for words in spellings.dropFirst() {
            #expect(try parse(words) == expected, "\(words)")
        }
    }

    /// An option with a value, last on the line, says what it needs; a flag given a value says it takes none.
    @Test(arguments: cases.map { "\($0.subcommand.name ?? "bindlab") \($0.option.name)" })
    func aMissingOrUnwantedValueIsSaid(_ label: String) throws {
        let (subcommand, option) = cases.first { "\($0.subcommand.name ?? "bindlab") \($0.option.name)" == label }!
        let name = subcommand.name.map { [$0] } ?? []
        if option.takesValue {
            #expect(throws: OptionError.missingValue(option: option)) {
                try parse(name + operands(of: subcommand) + [option.name])
            }
        } else if option.name.hasPrefix("--") {
            #expect(throws: OptionError.unexpectedValue(option: option.name)) {
                try parse(name + [option.name + "=yes"] + operands(of: subcommand))
            }
        }
    }

    /// `bindlab matrix --width=100` and `--width 100` both parse (they did not: issue 18).
    @Test func theMatrixTakesItsWidthEitherWay() throws {
        let spaced = try parse(["matrix", "--width", "100"])
        #expect(try parse(["matrix", "--width=100"]) == spaced)
        #expect(try spaced.number(.width, in: 20...1000) == 100)
    }

    /// An unknown option names the subcommand's nearest option; one it refuses says why.
    @Test func unknownAndRefusedOptions() {
        #expect(throws: OptionError.unknownOption(word: "--widht", suggestion: "--width")) {
            try parse(["matrix", "--widht", "100"])
        }
        #expect(throws: OptionError.unknownOption(word: "--json", suggestion: nil)) {
            try parse(["run", "--json", "a.session"])
        }
        #expect(throws: OptionError.unknownOption(word: "-c", suggestion: nil)) {
            try parse(["check", "-c", "orders load", "a.session"])
        }
        #expect(throws: OptionError.unknownOption(word: "--frob", suggestion: nil)) { try parse(["--frob"]) }
        #expect(
            OptionError.unknownOption(word: "--widht", suggestion: "--width").message
                == "unknown option '--widht'; did you mean '--width'?")
        #expect(throws: OptionError.refused(option: "--width", reason: Subcommand.check.refusals[.width]!)) {
            try parse(["check", "--width", "100", "a.session"])
        }
        #expect(throws: OptionError.unexpectedArgument(word: "rnu", suggestion: "run")) { try parse(["rnu"]) }
    }

    /// `--` ends the options: what follows is a file, however it starts; so is a lone `-`.
    @Test func doubleDashEndsTheOptions() throws {
        let parsed = try parse(["run", "--width", "90", "--", "--update", "-", "run"])
        #expect(parsed.operands == ["--update", "-", "run"])
        #expect(parsed.value(.width) == "90")
        #expect(try parse(["check", "-"]).operands == ["-"])
        #expect(OptionParser.subcommand(of: ["--", "run"]) == .shell)
    }

    /// A value that looks like a subcommand or an option is the option's value, not a subcommand.
    @Test func aValueIsNeverTakenForASubcommand() throws {
        let parsed = try parse(["--backend", "run", "-c", "--width"])
        #expect(parsed.subcommand == .shell)
        #expect(parsed.value(.backend) == "run")
        #expect(parsed.value(.commands) == "--width")
        #expect(try parse(["--backend", "check", "check", "a.session"]).subcommand == .check)
    }

    /// The operands a subcommand takes are counted: none, some, one, or one at most.
    @Test func operandsAreCounted() {
        #expect(throws: OptionError.missingOperand(problem: "name a session file")) { try parse(["run"]) }
        #expect(throws: OptionError.extraOperand(problem: "one file at a time")) { try parse(["present", "a", "b"]) }
        #expect(throws: OptionError.unexpectedArgument(word: "x", suggestion: nil)) { try parse(["bench", "x"]) }
        #expect((try? parse(["matrix", "README.md"]))?.operands == ["README.md"])
    }

    /// A number is whole and in range, underscores allowed; otherwise the message says the range.
    @Test func numbersAreCheckedAgainstTheirRange() throws {
        #expect(try parse(["--width=1_000"]).number(.width, in: 20...1000) == 1000)
        #expect(throws: OptionError.badNumber(option: "--width", text: "5", range: 20...1000)) {
            try parse(["--width", "5"]).number(.width, in: 20...1000)
        }
        #expect(
            OptionError.badNumber(option: "--width", text: "5", range: 20...1000).message
                == "--width must be a whole number from 20 to 1000, not '5'")
    }

    /// A backend list is `all` or ids separated by commas, each once; an unknown id names the nearest.
    @Test func backendLists() throws {
        let known = ["delegate", "output", "event"]
        #expect(try BackendList.ids("ALL", among: known) == known)
        #expect(try BackendList.ids(" output ,delegate,output", among: known) == ["output", "delegate"])
        #expect(throws: BackendList.Problem.unknown(id: "outptu", suggestion: "output", known: known)) {
            try BackendList.ids("outptu", among: known)
        }
        #expect(throws: BackendList.Problem.unknown(id: "", suggestion: nil, known: known)) {
            try BackendList.ids(",", among: known)
        }
    }
}
