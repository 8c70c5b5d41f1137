import BindingKit
import Foundation
import Kit
import Playground
import Testing

@testable import Shell

/// Runs a check the suite shares with the kit (Sources/Kit/Checks: written
/// once, run here on every backend and by `bindlab kit verify` on an
/// attendee's), its first failure this test's.
func expectPasses(_ check: Check, on backend: any BindingBackend, sourceLocation: SourceLocation = #_sourceLocation) {
    let failure = check.run(on: backend)
    #expect(
        failure == nil, "\(backend.info.id), \(check.id): \(failure?.message ?? "")", sourceLocation: sourceLocation)
}

/// What the kit asks of an attendee's backend, asked of every shipped one:
/// the approaches the room compares pass the kit's own checks too, where the
/// check is not about the kit's declarations.
@Suite struct KitChecksTests {
    /// No backend keeps anything alive while a load its released views asked for is in flight.
    @Test(arguments: notifyingBackends)
    func releasedMidRequestKeepsNothing(backend: any BindingBackend) {
        expectPasses(OrdersChecks.releasedMidRequestKeepsNothing, on: backend)
    }

    /// The kit's sessions (Sources/Kit/Sessions) pass on the delegate backend, the approach its template starts from.
    @Test func theTasksSessionsPassOnDelegate() throws {
        let delegate = try #require(BackendRegistry.backend("delegate"))
        let root = "\(#filePath)".components(separatedBy: "/Tests/").first ?? "."
        let names = Set(Curriculum.tasks.flatMap(\.sessions))
        #expect(names.count >= 5)
        for name in names.sorted() {
            let failure = KitVerify.checkSession(root + "/Sources/Kit/Sessions/" + name, on: delegate)
            #expect(failure == nil, "\(name): \(failure?.message ?? "")")
        }
    }
}
