import BindingKit
import Testing

@Suite struct EditedRowsTests {
    /// Replacing and removing rows gives what the same changes give an array, and the rows handed over stay as they were.
    @Test func editsAgreeWithAnArray() {
        let handed = (0..<3_000).map { "Row \($0)" }
        var rows = EditedRows(handed.lazy.map { $0 })
        var model = handed
        var rowsPicked = SeededRows(seed: 2_718)
        for step in 0..<2_500 {
            let row = rowsPicked.next(model.count)
            if step % 3 == 0 {
                let replaced = rows.replace(row: row, with: "Gift \(step)")
                #expect(replaced)
                model[row] = "Gift \(step)"
            } else {
                let removed = rows.remove(row: row)
                #expect(removed)
                model.remove(at: row)
            }
        }
        #expect(rows.count == model.count)
        #expect(Array(rows) == model)
        #expect(handed.count == 3_000 && handed[5] == "Row 5")
    }

    /// A row there is not is refused and changes nothing.
    @Test func rowsThereAreNotAreRefused() {
        var rows = EditedRows(["a", "b"])
        let answers = [
            rows.replace(row: 2, with: "x"), rows.remove(row: -1), rows.remove(row: 0), rows.replace(row: 1, with: "x"),
        ]
        #expect(answers == [false, false, true, false])
        #expect(rows[row: 1] == nil)
        #expect(Array(rows) == ["b"])
    }

    /// A row is read from the rows handed over only when asked for, and a replaced row not at all.
    @Test func rowsAreReadWhenAsked() {
        var reads: [Int] = []
        var rows = EditedRows(
            (0..<1_000).lazy.map { index -> Int in
                reads.append(index)
                return index
            })
        rows.replace(row: 4, with: -4)
        rows.remove(row: 0)
        #expect(reads.isEmpty)
        #expect(rows[3] == -4)
        #expect(rows[4] == 5)
        #expect(reads == [5])
    }
}
