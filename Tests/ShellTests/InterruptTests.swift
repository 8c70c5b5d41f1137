import BindingKit
import Playground
import Testing

@testable import Shell

/// Ctrl-C while a command runs (issue 13, defect 2), without a terminal: the
/// playground asks for it before every turn of every lane, as the terminal's
/// flag is asked; what a cut leaves must be whole, lane by lane.
@Suite struct InterruptTests {
    /// Stands in for the SIGINT flag: set after a given number of questions, once armed.
    final class Flag {
        var armed = false
        var asked = 0
        var after = 0

        func check() -> Bool {
            guard armed else { return false }
            asked += 1
            return asked > after
        }
    }

    /// Each lane's orders screen as the user sees it: its title and how many rows its list has.
    static func orders(in shell: Shell) -> [String: (title: String, rows: Int)] {
        var shown: [String: (title: String, rows: Int)] = [:]
        for lane in shell.playground.lanes {
            let screen = lane.device.navigator(.orders)?.top
            shown[lane.id] = (screen?.title.text ?? "", screen?.widget(ListWidget.self, named: "list")?.count ?? -1)
        }
        return shown
    }

    /// Whether backend `id` declares that its views hear on a later main-queue turn.
    static func deliversOnLaterTurns(_ id: String) -> Bool {
        BackendRegistry.backend(id)?.traits.contains {
            switch $0 {
            case .deliversOnLaterTurn, .deliversAnswersOnLaterTurn: true
            default: false
            }
        } ?? false
    }

    /// A Ctrl-C at any turn of a load, on every backend at once, leaves each lane with the orders before or the new ones (its title agreeing with its rows, but between two main-queue deliveries), says so, and `:wait` brings every lane to the new ones.
    @Test func aLoadCutAtAnyTurnLeavesEveryLaneWhole() throws {
        var cutsThatStopped = 0
        for after in 0..<80 {
            let flag = Flag()
            let output = BufferedOutput()
            let shell = Shell(backends: BackendRegistry.inAll, output: output, interrupted: flag.check)
            try shell.execute("orders load 3")
            flag.after = after
            flag.armed = true
            try shell.execute("orders load 7")
            let text = output.take()
            flag.armed = false
            guard text.contains("interrupted: the clock stopped; :wait runs the rest") else {
                // Cut after the last question: the load ran to the end.
                #expect(Self.orders(in: shell).values.allSatisfy { $0 == ("Orders (7)", 7) }, "after \(after)")
                continue
            }
            cutsThatStopped += 1
            for (lane, shown) in Self.orders(in: shell) {
                let whole = shown == ("Orders (3)", 3) || shown == ("Orders (7)", 7)
                // A view that hears on a later main-queue turn may be cut
                // between two of its deliveries (the title sent, the rows
                // still queued): the state its screen passes through between
                // two turns of every load, as `:clock step` shows. Its rows
                // are still all old or all new.
                let betweenDeliveries =
                    Self.deliversOnLaterTurns(lane) && ["Orders (3)", "Orders (7)"].contains(shown.title)
                    && [3, 7].contains(shown.rows)
                #expect(
                    whole || betweenDeliveries,
                    "cut after \(after) questions, \(lane) shows \(shown.title) over \(shown.rows) rows")
            }
            try shell.execute(":wait")
            for (lane, shown) in Self.orders(in: shell) {
                #expect(shown == ("Orders (7)", 7), "after :wait (cut after \(after)), \(lane) shows \(shown)")
            }
            #expect(!output.take().contains("interrupted"))
        }
        #expect(cutsThatStopped > BackendRegistry.inAll.count, "the cuts fell in every lane")
    }
}
