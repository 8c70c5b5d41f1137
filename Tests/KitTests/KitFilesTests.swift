import Foundation
import Kit
import Testing

/// The kit's files are never written through a link planted in its folder.
@Suite struct KitFilesTests {
    /// A new file is created with its folders; creating it again is refused.
    @Test func createsOnceWithItsFolders() throws {
        let temporary = try TemporaryFolder()
        defer { temporary.remove() }
        let kit = KitDirectory(temporary.path + "/slot")
        try kit.create("Orders/OrdersViewModel.swift", "a\n")
        #expect(temporary.read("slot/Orders/OrdersViewModel.swift") == "a\n")
        #expect(throws: KitFileError.self) { try kit.create("Orders/OrdersViewModel.swift", "b\n") }
        #expect(temporary.read("slot/Orders/OrdersViewModel.swift") == "a\n")
    }

    /// A link planted where a file is to be created is refused, and what it points to is left alone.
    @Test func refusesALinkInPlaceOfAFile() throws {
        let temporary = try TemporaryFolder()
        defer { temporary.remove() }
        try temporary.write("target.txt", "precious\n")
        try temporary.write("slot/.keep", "")
        try FileManager.default.createSymbolicLink(
            atPath: temporary.path + "/slot/MineBackend.swift", withDestinationPath: temporary.path + "/target.txt")
        let kit = KitDirectory(temporary.path + "/slot")
        #expect(throws: KitFileError.self) { try kit.create("MineBackend.swift", "x\n") }
        #expect(throws: KitFileError.self) { try kit.text(of: "MineBackend.swift") }
        #expect(temporary.read("target.txt") == "precious\n")
    }

    /// A link planted in place of a folder is not entered, to create, read or list.
    @Test func refusesALinkInPlaceOfAFolder() throws {
        let temporary = try TemporaryFolder()
        defer { temporary.remove() }
        try temporary.write("elsewhere/secret.swift", "secret\n")
        try temporary.write("slot/.keep", "")
        try FileManager.default.createSymbolicLink(
            atPath: temporary.path + "/slot/Glue", withDestinationPath: temporary.path + "/elsewhere")
        let kit = KitDirectory(temporary.path + "/slot")
        #expect(throws: KitFileError.self) { try kit.create("Glue/Observable.swift", "x\n") }
        #expect(throws: KitFileError.self) { try kit.replace("Glue/secret.swift", "overwritten\n") }
        #expect(throws: KitFileError.self) { try kit.text(of: "Glue/secret.swift") }
        #expect(!kit.files().contains { $0.hasPrefix("Glue/") })
        #expect(!FileManager.default.fileExists(atPath: temporary.path + "/elsewhere/Observable.swift"))
        #expect(temporary.read("elsewhere/secret.swift") == "secret\n")
    }

    /// Replacing a file that is a link replaces the link itself; the file it pointed to keeps its text.
    @Test func replacingALinkReplacesTheLink() throws {
        let temporary = try TemporaryFolder()
        defer { temporary.remove() }
        try temporary.write("target.txt", "precious\n")
        try temporary.write("slot/.keep", "")
        try FileManager.default.createSymbolicLink(
            atPath: temporary.path + "/slot/.kit", withDestinationPath: temporary.path)
        let kit = KitDirectory(temporary.path + "/slot")
        #expect(throws: KitFileError.self) { try kit.replace(".kit/state", "name mine\n") }
        try FileManager.default.removeItem(atPath: temporary.path + "/slot/.kit")
        try FileManager.default.createSymbolicLink(
            atPath: temporary.path + "/slot/state", withDestinationPath: temporary.path + "/target.txt")
        try kit.replace("state", "name mine\n")
        #expect(temporary.read("target.txt") == "precious\n")
        #expect(try kit.text(of: "state") == "name mine\n")
        let kind =
            try FileManager.default.attributesOfItem(atPath: temporary.path + "/slot/state")[.type]
            as? FileAttributeType
        #expect(kind == .typeRegular)
    }

    /// Removing a folder removes a link in it, not what the link points to.
    @Test func removingDoesNotFollowLinks() throws {
        let temporary = try TemporaryFolder()
        defer { temporary.remove() }
        try temporary.write("elsewhere/keep.txt", "kept\n")
        try temporary.write("slot/Glue/a.swift", "a\n")
        try FileManager.default.createSymbolicLink(
            atPath: temporary.path + "/slot/Glue/link", withDestinationPath: temporary.path + "/elsewhere")
        let kit = KitDirectory(temporary.path + "/slot")
        try kit.remove("Glue")
        #expect(!FileManager.default.fileExists(atPath: temporary.path + "/slot/Glue"))
        #expect(temporary.read("elsewhere/keep.txt") == "kept\n")
    }

    /// A path that climbs out of the kit's folder is refused.
    @Test func refusesPathsOutOfTheFolder() throws {
        let temporary = try TemporaryFolder()
        defer { temporary.remove() }
        let kit = KitDirectory(temporary.path + "/slot")
        #expect(throws: KitFileError.self) { try kit.create("../escape.swift", "x\n") }
        #expect(!FileManager.default.fileExists(atPath: temporary.path + "/escape.swift"))
    }
}
