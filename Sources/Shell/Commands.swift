import BindingKit
import Playground
import Catalog

extension Shell {
    /// Every command, in the order `:help` lists them.
    static let commands: [Command] = screenCommands + playgroundCommands

    static let screenCommands: [Command] = [
        Command(
            "orders", .screen,
            usage: [
                "orders load [N]", "orders select N", "orders rename N NAME", "orders remove N",
                "orders name NAME", "orders scroll [down|up|N]",
            ],
            summary: "the orders list (Tinkoff, 2020): load, open, rename, remove, scroll",
            details: """
                The list of "Affordable MVVM on hacked extensions" (Tinkoff, 2020). load opens
                it, or pulls it to refresh; N (0 to 1000000) sets how many orders the
                provider answers (100 at first, as in the article). Rows are numbered from 0
                as the list shows them; select opens "Details of Order #N".
                name types NAME into the details screen's name field: the order is renamed,
                in the list too (see it after back). The list shows ten rows at a time:
                scroll swipes a page down (up: back up; N: row N at the top), and select,
                rename and remove scroll to their row first.
                """,
            arguments: ["load", "select", "rename", "remove", "name", "scroll"]
        ) { shell, words throws(ShellError) in
            let command = Shell.command(named: "orders")!
            guard let verb = words.first else { throw command.misuse("say what to do with the orders") }
            let rest = Array(words.dropFirst())
            switch verb {
            case "load":
                guard rest.count <= 1 else { throw command.misuse("load takes at most a count", of: verb) }
                let count = try rest.first.map { text throws(ShellError) in
                    try Arguments.integer(
                        text, "the count", in: 0...GeneratedOrdersRepository.maximumCount)
                }
                try shell.act(.orders(.load)) { lane in
                    if let count { lane.orders.count = count }
                }
            case "select", "remove":
                guard rest.count == 1 else { throw command.misuse("\(verb) takes one row number", of: verb) }
                let row = try Arguments.integer(rest[0], "the row", in: 0...Int(Int32.max))
                try shell.act(.orders(verb == "select" ? .select(row: row) : .remove(row: row)))
            case "rename":
                guard rest.count >= 2 else { throw command.misuse("rename takes a row number and a name", of: verb) }
                let row = try Arguments.integer(rest[0], "the row", in: 0...Int(Int32.max))
                let name = rest.dropFirst().joined(separator: " ")
                try shell.act(.orders(.rename(row: row, name: name)))
            case "name":
                guard !rest.isEmpty else { throw command.misuse("name takes the new name", of: verb) }
                try shell.act(.orders(.name(rest.joined(separator: " "))))
            case "scroll":
                try shell.act(.orders(.scroll(Shell.scroll(rest, command))))
            default:
                throw command.misuse(Shell.unknownWord(verb, among: command.arguments))
            }
        },
        Command(
            "movies", .screen,
            usage: [
                "movies search [QUERY]", "movies type TEXT", "movies more", "movies select N",
                "movies cancel", "movies recent [N]", "movies scroll [down|up|N]",
            ],
            summary: "the movies search (\"Clean architecture and MVVM\", 2024): 58,788 films",
            details: """
                The app of "Clean architecture and MVVM in iOS" (2024; its repository is
                kudoleh/iOS-Clean-Architecture-MVVM), over a real catalogue of films.
                type types TEXT into the search field; search presses Search with what is
                typed, or types QUERY and presses Search in one step (as typed: o'brother
                too); more taps Load more (the next page, 20 a page; enabled while there
                are more pages and nothing is loading), whose rows come into view when they
                arrive; select opens row N's details; cancel cancels the search in flight
                (see :clock manual); recent shows the recent queries, recent N searches the
                Nth again. scroll swipes ten rows down (up: back up; N: row N at the top):
                as in the article's app, bringing the last row into view asks for the next
                page.
                """,
            arguments: ["search", "type", "more", "select", "cancel", "recent", "scroll"]
        ) { shell, words throws(ShellError) in
            let command = Shell.command(named: "movies")!
            guard let verb = words.first else { throw command.misuse("say what to do with the movies") }
            let rest = Array(words.dropFirst())
            switch verb {
            case "search":
                guard !rest.isEmpty else {
                    try shell.act(.movies(.submit))
                    return
                }
                let query = rest.joined(separator: " ")
                guard !query.trimmingBlanks.isEmpty else {
                    throw command.misuse("search needs a query, or none to search what is typed", of: verb)
                }
                try shell.act(.movies(.search(query)))
            case "type":
                guard !rest.isEmpty else { throw command.misuse("type takes the text to type", of: verb) }
                try shell.act(.movies(.type(rest.joined(separator: " "))))
            case "scroll":
                try shell.act(.movies(.scroll(Shell.scroll(rest, command))))
            case "more", "cancel":
                guard rest.isEmpty else { throw command.misuse("\(verb) takes no arguments", of: verb) }
                try shell.act(.movies(verb == "more" ? .more : .cancel))
            case "select":
                guard rest.count == 1 else { throw command.misuse("select takes one row number", of: verb) }
                try shell.act(.movies(.select(row: Arguments.integer(rest[0], "the row", in: 0...Int(Int32.max)))))
            case "recent":
                guard rest.count <= 1 else { throw command.misuse("recent takes at most a row number", of: verb) }
                let row = try rest.first.map { text throws(ShellError) in
                    try Arguments.integer(text, "the row", in: 0...Int(Int32.max))
                }
                try shell.act(.movies(.recent(row: row)))
            default:
                throw command.misuse(Shell.unknownWord(verb, among: command.arguments))
            }
        },
        Command(
            "back", .screen, usage: ["back"], summary: "the navigation bar's back button"
        ) { shell, words throws(ShellError) in
            guard words.isEmpty else { throw Shell.command(named: "back")!.misuse("back takes no arguments") }
            try shell.act(.back)
        },
    ]

    static let playgroundCommands: [Command] = [
        Command(
            ":backends", .playground, usage: [":backends"],
            summary: "list the binding backends, each variant under its approach"
        ) { shell, _ throws(ShellError) in
            let inUse = Set(shell.playground.backends.map(\.info.id))
            // A variant is listed under its approach's default form, indented.
            let indent = "  └ "
            let approaches = BackendRegistry.all.filter(\.info.isDefaultVariant)
            let width =
                BackendRegistry.all.map { $0.info.id.count + ($0.info.isDefaultVariant ? 0 : indent.count) }.max() ?? 0
            for approach in approaches {
                for backend in BackendRegistry.all where backend.info.approach == approach.info.id {
                    let info = backend.info
                    let mark = inUse.contains(info.id) ? "*" : " "
                    let name = info.isDefaultVariant ? info.id : indent + info.id
                    shell.say("\(mark) \(name.padded(to: width))  \(info.summary) (\(info.year))")
                }
            }
        },
        explainCommand,
        sourceCommand,
        Command(
            ":use", .playground, usage: [":use NAME[,NAME…]|all"],
            summary: "run on these backends, side by side (starts afresh)",
            details: "Every backend gets a fresh app and a clock at 0; :net, :trace and :clock settings stay.",
            arguments: BackendRegistry.ids + ["all"]
        ) { shell, words throws(ShellError) in
            let command = Shell.command(named: ":use")!
            guard words.count == 1 else { throw command.misuse("name the backends, separated by commas") }
            shell.playground.use(try BackendRegistry.resolve(words[0]))
            let using = "using \(shell.playground.backends.map(\.info.id).joined(separator: ", "))"
            shell.say(lines: using.wrapped(to: shell.columns, indent: 2))
        },
        Command(
            ":screen", .playground, usage: [":screen"], summary: "show the screen again"
        ) { shell, _ throws(ShellError) in
            shell.say(lines: shell.screens())
        },
        Command(
            ":width", .playground, usage: [":width", ":width N|auto"],
            summary: "the width screens are laid out for: show it, fix it, or follow the terminal",
            details: """
                N (20 to 1000) fixes the width at N columns; auto follows the terminal again
                (asked before each command, so a resize is followed), else COLUMNS, else 80.
                Screens that do not fit side by side go in rows, narrower down to 30 columns;
                narrower still, a screen is drawn without its side frame. Session replays use
                80 unless the session says :width N.
                """,
            arguments: ["auto"]
        ) { shell, words throws(ShellError) in
            let command = Shell.command(named: ":width")!
            guard words.count <= 1 else { throw command.misuse("one width at most") }
            if let word = words.first {
                shell.fixedColumns =
                    word == "auto" ? nil : try Arguments.integer(word, "the width", in: Stage.columnRange)
            }
            shell.followWidth()
            shell.say("width: \(shell.columns) columns (\(shell.widthSource))")
        },
        compareCommand,
        probeCommand,
        benchCommand,
        Command(
            ":wait", .playground, usage: [":wait [DURATION]"],
            summary: "advance the clock by DURATION, or until nothing is queued",
            details: "Useful in :clock manual and step, where commands leave their work queued."
        ) { shell, words throws(ShellError) in
            let command = Shell.command(named: ":wait")!
            guard words.count <= 1 else { throw command.misuse("one duration at most") }
            if let text = words.first {
                let duration = try Arguments.duration(text)
                shell.say(lines: shell.runClock(until: { $0.scheduler.now + duration }))
            } else {
                shell.say(lines: shell.runClock(until: { _ in nil }))
            }
        },
        Command(
            ":step", .playground, usage: [":step"],
            summary: "run one queued job: a main-queue turn or a timer"
        ) { shell, _ throws(ShellError) in
            guard shell.playground.lanes.contains(where: { !$0.scheduler.isIdle }) else {
                throw .failed("nothing is queued: the clock is idle")
            }
            shell.say(lines: shell.runClock(until: { _ in nil }, turns: 1))
        },
        Command(
            ":clock", .playground, usage: [":clock", ":clock auto|manual|step"],
            summary: "show virtual time, or say when it runs",
            details: """
                auto (the default): after each command the clock runs until nothing is queued.
                manual: time stands still; a command runs its main-queue turns due now, and
                requests stay in flight until :wait (so they can be cancelled).
                step: nothing runs by itself; :step runs one main-queue turn at a time.
                """,
            arguments: Stage.ClockMode.allCases.map(\.rawValue)
        ) { shell, words throws(ShellError) in
            let command = Shell.command(named: ":clock")!
            if let word = words.first {
                guard words.count == 1, let mode = Stage.ClockMode(rawValue: word) else {
                    throw command.misuse("the mode is auto, manual or step")
                }
                shell.playground.clockMode = mode
            }
            for lane in shell.playground.lanes {
                let prefix = shell.playground.lanes.count > 1 ? "\(lane.id): " : ""
                let queued = lane.scheduler.pendingCount
                let next = lane.scheduler.nextDue.map { ", next at \($0) ms" } ?? ""
                shell.say("\(prefix)\(lane.scheduler.now) ms, turn \(lane.scheduler.turn), \(queued) queued\(next)")
            }
            shell.say("clock: \(shell.playground.clockMode.rawValue)")
        },
        Command(
            ":net", .playground,
            usage: [":net", ":net latency DURATION", ":net fail next|always|off"],
            summary: "the simulated network: latency and failures",
            arguments: ["latency", "fail"]
        ) { shell, words throws(ShellError) in
            let command = Shell.command(named: ":net")!
            switch words.first {
            case nil: break
            case "latency":
                guard words.count == 2 else { throw command.misuse("latency takes one duration", of: "latency") }
                shell.playground.setLatency(try Arguments.duration(words[1]))
            case "fail":
                guard words.count == 2, let mode = NetworkConditions.FailureMode(rawValue: words[1]) else {
                    throw command.misuse("fail takes next, always or off", of: "fail")
                }
                shell.playground.setFailureMode(mode)
            case let word?:
                throw command.misuse(Shell.unknownWord(word, among: command.arguments))
            }
            let network = shell.playground.currentNetwork
            shell.say("network: latency \(network.latency) ms, failures \(network.failureMode.rawValue)")
        },
        Command(
            ":trace", .playground, usage: [":trace on|off|raw"],
            summary: "show each binding hop: who told whom what, and when",
            details: """
                A round the approach delivers in no defined order (the event backend's dictionary of
                handlers) is marked (unordered) and listed sorted, so that it reads the same every run;
                raw lists it in the order it really ran this time.
                """,
            arguments: ["on", "off", "raw"]
        ) { shell, words throws(ShellError) in
            guard words.count == 1, ["on", "off", "raw"].contains(words[0]) else {
                throw Shell.command(named: ":trace")!.misuse("say on, off or raw")
            }
            shell.tracing = words[0] != "off"
            shell.tracesRealOrder = words[0] == "raw"
            shell.say("trace \(words[0])")
        },
        timelineCommand,
        Command(
            ":alive", .playground, usage: [":alive"],
            summary: "count the live objects of each traced class"
        ) { shell, _ throws(ShellError) in
            shell.say(lines: shell.census())
        },
        Command(
            ":release", .playground, usage: [":release view [orders|movies]"],
            summary: "let the views go, run the clock, and show what is still alive",
            details: """
                The window drops the screens (of one tab, or of all); queued work still
                runs, as it would on a phone. What :alive shows afterwards, the approach
                kept: a leak, unless its page in Docs/approaches explains why.
                """,
            arguments: ["view"]
        ) { shell, words throws(ShellError) in
            let command = Shell.command(named: ":release")!
            guard words.first == "view", words.count <= 2 else { throw command.misuse("release what?") }
            var tab: Device.Tab?
            if words.count == 2 {
                guard let chosen = Device.Tab(rawValue: words[1]) else { throw command.misuse("the tab is orders or movies") }
                tab = chosen
            }
            for lane in shell.playground.lanes {
                lane.device.releaseViews(of: tab)
                lane.redrawQuietly()  // the empty window is not news
            }
            // What the queued work still does (a delivery to a gone view shows
            // as dropped under :trace on), then what is left.
            let ran = shell.runClock(until: { _ in nil })
            shell.say(lines: ran == [shell.style.dim("(no change)")] ? [] : ran)
            shell.say(lines: shell.census())
        },
        Command(
            ":reset", .playground, usage: [":reset"],
            summary: "start afresh on the same backends: clock at 0, network as default"
        ) { shell, _ throws(ShellError) in
            shell.playground.resetNetwork()
            shell.playground.use(shell.playground.backends)
            shell.say("reset: \(shell.playground.backends.map(\.info.id).joined(separator: ", ")) at 0 ms")
        },
        Command(
            ":run", .playground, usage: [":run FILE"], summary: "replay a session file here, as if typed",
            details: """
                Each input is shown after the prompt, then what it prints now (the file's
                expected output is not checked: bindlab check does that). A relative path
                inside a session starts from that session's folder.
                """
        ) { shell, words throws(ShellError) in
            guard words.count == 1 else { throw Shell.command(named: ":run")!.misuse("name one session file") }
            try shell.replay(file: words[0])
        },
        Command(
            ":record", .playground, usage: [":record FILE", ":record stop"],
            summary: "write what you type, and what it prints, to a new session file",
            details: """
                Recording starts afresh on the backends in use (the file begins with the
                commands that set the network, clock and trace as they are), so the file
                replays the same: bindlab check passes on it as written. Lines typed with #
                become narration.
                """,
            arguments: ["stop"]
        ) { shell, words throws(ShellError) in
            guard words.count == 1 else {
                throw Shell.command(named: ":record")!.misuse("name a new file, or say stop")
            }
            if words[0] == "stop" {
                try shell.stopRecording()
            } else {
                try shell.startRecording(to: words[0])
            }
        },
        Command(
            ":help", .playground, usage: [":help [COMMAND]"], summary: "list the commands, or explain one"
        ) { shell, words throws(ShellError) in
            shell.say(lines: try shell.help(words.first))
        },
        Command(
            ":quit", .playground, usage: [":quit"], summary: "leave (Ctrl-D too)"
        ) { shell, _ throws(ShellError) in
            shell.quitRequested = true
        },
    ]

    /// Bare words a newcomer types, and what they mean.
    static let aliases = ["help": ":help", "quit": ":quit", "exit": ":quit"]

    /// Every name a line may start with, for "did you mean".
    static let names = commands.map(\.name) + aliases.keys.sorted()

    static func command(named name: String) -> Command? {
        commands.first { $0.name == name }
    }

    /// The swipe `scroll [down|up|N]` names.
    static func scroll(_ words: [String], _ command: Command) throws(ShellError) -> UserAction.Scroll {
        guard words.count <= 1 else { throw command.misuse("scroll takes down, up or a row number", of: "scroll") }
        switch words.first {
        case nil, "down": return .down
        case "up": return .up
        case let word?:
            guard word.first?.isNumber == true else { throw command.misuse(unknownWord(word, among: ["down", "up"]), of: "scroll") }
            return .to(row: try Arguments.integer(word, "the row", in: 0...Int(Int32.max)))
        }
    }

    static func unknownWord(_ word: String, among words: [String]) -> String {
        let hint = Suggestion.nearest(to: word, in: words).map { "; did you mean '\($0)'?" } ?? ""
        return "unknown word '\(word.fitted(to: 24))'\(hint)"
    }
}
