// Pictures: what bindlab draws, as data — an action's binding hops as a
// marble diagram (`MarbleDiagram`), two backends' files paired by role with
// their line differences (`SourcePairing`, `FileDiff`). The Shell draws them
// in the terminal; an export draws them as SVG and HTML. Nothing here knows
// a terminal, a colour or a width.
// May import: BindingKit, Playground, Experiments.
public import BindingKit
public import Playground

/// The hops of one action on every lane, laid out as marbles: a lane per
/// receiver (per backend when several are in use), time running left to
/// right in virtual instants, each instant split into the main-queue turns
/// in which something was delivered.
///
/// Only the turns that hold a marble are columns (`slots`): idle time, and
/// the turns in which nothing was delivered, take no room. A marble is named
/// by a letter, in the order its backend recorded the hops (`a`, `b`, … `z`,
/// `A` … `Z`, then `a1` … `Z1`, `a2` …), so the legend of each backend reads
/// in that order; two backends' letters are their own.
public struct MarbleDiagram: Equatable, Sendable {
    /// One column: a turn of a virtual instant.
    public struct Slot: Hashable, Comparable, Sendable {
        /// Virtual time, in milliseconds.
        public let time: Int
        /// The turn within the instant: 0 inside the command itself, 1 for the
        /// first job run at that time (a timer, or a main-queue turn), and so
        /// on. "The same instant, a turn later" is the next turn here.
        public let turn: Int

        public init(time: Int, turn: Int) {
            self.time = time
            self.turn = turn
        }

        public static func < (lhs: Slot, rhs: Slot) -> Bool {
            (lhs.time, lhs.turn) < (rhs.time, rhs.turn)
        }
    }

    /// One hop, drawn.
    public struct Marble: Equatable, Sendable {
        /// Its letter: unique within its backend.
        public let name: String
        /// The backend whose lane recorded it.
        public let backend: String
        public let slot: Slot
        public let hop: Tracer.Hop

        /// Sent to a listener that is gone.
        public var isDropped: Bool { hop.delivery == .dropped }
        /// Its delivery set some widget to what it showed already.
        public var isRedundant: Bool { hop.redundantUpdates > 0 }
    }

    /// One line of marbles.
    public struct Lane: Equatable, Sendable {
        public let backend: String
        /// The receiver of every marble on it, when the lane is one
        /// receiver's (a single backend); nil when it is the backend's.
        public let receiver: String?
        /// Its marbles, in the order they were recorded.
        public let marbles: [Marble]

        /// What names the lane: the receiver, else the backend.
        public var title: String { receiver ?? backend }
    }

    /// One backend's marbles, in the order its hops were recorded: its legend.
    public struct Backend: Equatable, Sendable {
        public let id: String
        public let marbles: [Marble]
    }

    /// The command line of the action.
    public let command: String
    /// In lane order (the stage's).
    public let backends: [Backend]
    /// Top to bottom.
    public let lanes: [Lane]
    /// Left to right: every turn that holds a marble on some lane.
    public let slots: [Slot]

    /// The diagram of the last action (`Stage.lastAction`).
    public init(command: String, settled: [Stage.Settled]) {
        self.init(command: command, runs: settled.map { (backend: $0.lane.id, frames: $0.frames) })
    }

    /// The diagram of each backend's frames: a lane per backend when there
    /// are several, else a lane per receiver in the order they first heard.
    ///
    /// - Complexity: O(*h* log *h*) for *h* hops.
    public init(command: String, runs: [(backend: String, frames: [LaneFrame])]) {
        var backends: [Backend] = []
        for run in runs {
            // The frames of one instant are one instant: turns count from the first's start.
            var starts: [Int: Int] = [:]
            var marbles: [Marble] = []
            for frame in run.frames {
                let start = starts[frame.time] ?? frame.startTurn
                starts[frame.time] = start
                for hop in frame.hops {
                    marbles.append(
                        Marble(
                            name: Self.name(marbles.count), backend: run.backend,
                            slot: Slot(time: frame.time, turn: max(0, hop.turn - start)), hop: hop))
                }
            }
            backends.append(Backend(id: run.backend, marbles: marbles))
        }
        var lanes: [Lane] = []
        if backends.count == 1, let only = backends.first {
            var receivers: [String] = []
            var byReceiver: [String: [Marble]] = [:]
            for marble in only.marbles {
                if byReceiver[marble.hop.to] == nil { receivers.append(marble.hop.to) }
                byReceiver[marble.hop.to, default: []].append(marble)
            }
            lanes = receivers.map { Lane(backend: only.id, receiver: $0, marbles: byReceiver[$0] ?? []) }
        } else {
            lanes = backends.map { Lane(backend: $0.id, receiver: nil, marbles: $0.marbles) }
        }
        self.command = command
        self.backends = backends
        self.lanes = lanes
        self.slots = Set(backends.flatMap { $0.marbles.map(\.slot) }).sorted()
    }

    /// Every marble, backend by backend.
    public var marbles: [Marble] { backends.flatMap(\.marbles) }

    /// The name of the `index`th marble of a backend: `a`…`z`, `A`…`Z`, then
    /// the same letters with `1`, `2`, … after them.
    public static func name(_ index: Int) -> String {
        let letters = Array("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ")
        let round = index / letters.count
        return String(letters[index % letters.count]) + (round == 0 ? "" : String(round))
    }
}
