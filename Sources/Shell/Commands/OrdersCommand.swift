import Catalog
import Playground

/// `orders load|select|rename|remove|name|scroll`: the orders list.
struct OrdersCommand: Command {
    let name = "orders"
    let group = CommandGroup.screen
    let usage = [
        "orders load [N]", "orders select N", "orders rename N NAME", "orders remove N", "orders name NAME",
        "orders scroll [down|up|N]",
    ]
    let summary = "the orders list (Tinkoff, 2020): load, open, rename, remove, scroll"
    var details: String {
        """
        The list of "Affordable MVVM on hacked extensions" (Tinkoff, 2020). load opens
        it, or pulls it to refresh; N (0 to 1000000) sets how many orders the
        provider answers (100 at first, as in the article). Rows are numbered from 0
        as the list shows them; select opens "Details of Order #N".
        name types NAME into the details screen's name field: the order is renamed,
        in the list too (see it after back). The list shows ten rows at a time:
        scroll swipes a page down (up: back up; N: row N at the top), and select,
        rename and remove scroll to their row first.
        """
    }
    let completions = ["load", "select", "rename", "remove", "name", "scroll"]

    func run(_ words: [String], in context: any CommandContext) throws(ShellError) {
        guard let verb = words.first else { throw misuse("say what to do with the orders") }
        let rest = Array(words.dropFirst())
        switch verb {
        case "load":
            guard rest.count <= 1 else { throw misuse("load takes at most a count", of: verb) }
            let count = try rest.first.map { text throws(ShellError) in
                try Arguments.integer(text, "the count", in: 0...GeneratedOrdersRepository.maximumCount)
            }
            try context.act(.orders(.load)) { lane in
                if let count { lane.orders.count = count }
            }
        case "select", "remove":
            guard rest.count == 1 else { throw misuse("\(verb) takes one row number", of: verb) }
            let row = try Arguments.row(rest[0])
            try context.act(.orders(verb == "select" ? .select(row: row) : .remove(row: row)))
        case "rename":
            guard rest.count >= 2 else { throw misuse("rename takes a row number and a name", of: verb) }
            let row = try Arguments.row(rest[0])
            try context.act(.orders(.rename(row: row, name: rest.dropFirst().joined(separator: " "))))
        case "name":
            guard !rest.isEmpty else { throw misuse("name takes the new name", of: verb) }
            try context.act(.orders(.name(rest.joined(separator: " "))))
        case "scroll":
            try context.act(.orders(.scroll(scroll(rest))))
        default:
            throw misuse(unknownWord(verb, among: completions))
        }
    }
}
