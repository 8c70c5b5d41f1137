/// One order, as in the Tinkoff article (seed 001): a name and an id.
public struct Order: Equatable, Hashable, Sendable {
    public var id: Int
    public var name: String

    public init(id: Int, name: String) {
        self.id = id
        self.name = name
    }

    /// The text a list row shows: `Order #3`.
    ///
    /// Written byte by byte into a string of the right size at once: every
    /// loaded order gets one (a million with `orders load 1000000`), and
    /// interpolation, or even three appends, cost several times as much.
    public var displayName: String {
        var magnitude = id.magnitude
        var digits = 1
        var rest = magnitude / 10
        while rest > 0 {
            digits += 1
            rest /= 10
        }
        let sign = id < 0 ? 1 : 0
        let count = name.utf8.count + 2 + sign + digits
        return String(unsafeUninitializedCapacity: count) { buffer in
            var index = 0
            for byte in name.utf8 {
                buffer[index] = byte
                index += 1
            }
            buffer[index] = UInt8(ascii: " ")
            buffer[index + 1] = UInt8(ascii: "#")
            if sign == 1 { buffer[index + 2] = UInt8(ascii: "-") }
            var position = count
            repeat {
                position -= 1
                buffer[position] = UInt8(ascii: "0") + UInt8(magnitude % 10)
                magnitude /= 10
            } while magnitude > 0
            return count
        }
    }
}
