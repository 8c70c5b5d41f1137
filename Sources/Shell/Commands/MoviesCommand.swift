import Playground

/// `movies search|type|more|select|cancel|recent|scroll`: the movies search.
struct MoviesCommand: Command {
    let name = "movies"
    let group = CommandGroup.screen
    let usage = [
        "movies search [QUERY]", "movies type TEXT", "movies more", "movies select N", "movies cancel",
        "movies recent [N]", "movies scroll [down|up|N]",
    ]
    let summary = "the movies search (\"Clean architecture and MVVM\", 2024): 58,788 films"
    var details: String {
        """
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
        """
    }
    let completions = ["search", "type", "more", "select", "cancel", "recent", "scroll"]

    func run(_ words: [String], in context: any CommandContext) throws(ShellError) {
        guard let verb = words.first else { throw misuse("say what to do with the movies") }
        let rest = Array(words.dropFirst())
        switch verb {
        case "search":
            guard !rest.isEmpty else {
                try context.act(.movies(.submit))
                return
            }
            let query = rest.joined(separator: " ")
            guard !query.trimmingBlanks.isEmpty else {
                throw misuse("search needs a query, or none to search what is typed", of: verb)
            }
            try context.act(.movies(.search(query)))
        case "type":
            guard !rest.isEmpty else { throw misuse("type takes the text to type", of: verb) }
            try context.act(.movies(.type(rest.joined(separator: " "))))
        case "scroll":
            try context.act(.movies(.scroll(scroll(rest))))
        case "more", "cancel":
            guard rest.isEmpty else { throw misuse("\(verb) takes no arguments", of: verb) }
            try context.act(.movies(verb == "more" ? .more : .cancel))
        case "select":
            guard rest.count == 1 else { throw misuse("select takes one row number", of: verb) }
            try context.act(.movies(.select(row: Arguments.row(rest[0]))))
        case "recent":
            guard rest.count <= 1 else { throw misuse("recent takes at most a row number", of: verb) }
            let row = try rest.first.map { text throws(ShellError) in try Arguments.row(text) }
            try context.act(.movies(.recent(row: row)))
        default:
            throw misuse(unknownWord(verb, among: completions))
        }
    }
}
