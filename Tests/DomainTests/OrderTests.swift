import Domain
import Testing

@Suite struct OrderTests {
    /// A row shows the order's name and id, as the article's cells do.
    @Test func displayNameIsNameAndNumber() {
        #expect(Order(id: 3, name: "Order").displayName == "Order #3")
    }

    /// The name and number come out whole at any size: no id, long names, letters beyond ASCII, negative and extreme ids.
    @Test(arguments: [
        (0, "Order", "Order #0"), (999_999, "Order", "Order #999999"), (-12, "Gift ü", "Gift ü #-12"),
        (Int.max, "", " #9223372036854775807"), (Int.min, "注文", "注文 #-9223372036854775808"),
        (10, "A name longer than fifteen bytes", "A name longer than fifteen bytes #10"),
    ])
    func displayNameAtAnySize(id: Int, name: String, shown: String) {
        #expect(Order(id: id, name: name).displayName == shown)
    }

    /// The details screen names the order it shows.
    @Test func detailsTextNamesTheOrder() {
        #expect(Order(id: 42, name: "Order").detailsText == "Details of Order #42")
    }
}
