import Domain
import Testing

@Suite struct OrderTests {
    /// A row shows the order's name and id, as the article's cells do.
    @Test func displayNameIsNameAndNumber() {
        #expect(Order(id: 3, name: "Order").displayName == "Order #3")
    }

    /// The details screen names the order it shows.
    @Test func detailsTextNamesTheOrder() {
        #expect(Order(id: 42, name: "Order").detailsText == "Details of Order #42")
    }
}
