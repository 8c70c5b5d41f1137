import BindingKit
import Foundation
import Playground
import Testing

@testable import Shell

/// Issue 22, items 1 to 3: files written only anew
/// beside their target, never through a planted link, and by a session
/// being replayed only where the command line allowed.
@Suite struct FileWritingTests {
    /// `check --update` never writes through a link planted at the name it used for its temporary file: the link's target is left alone, and the session is replaced by a regular file.
    @Test func updateIgnoresALinkAtTheTemporaryName() throws {
        let folder = try TemporaryFolder()
        let victim = try folder.write("victim.txt", "precious\n")
        let file = try folder.write("m.session", "> :net\nstale\n")
        try FileManager.default.createSymbolicLink(atPath: file + ".bindlab-update", withDestinationPath: victim)
        let (text, status) = runCLI(["check", "--update", file])
        #expect(status == 0, "\(text)")
        #expect(try folder.read("victim.txt") == "precious\n")
        #expect(try folder.read("m.session") == "> :net\nnetwork: latency 1000 ms, failures off\n")
        let kind = try FileManager.default.attributesOfItem(atPath: file)[.type] as? FileAttributeType
        #expect(kind == .typeRegular)
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: file + ".bindlab-update") == victim)
        let left = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
        #expect(left == ["m.session", "m.session.bindlab-update", "victim.txt"], "no temporary file left")
    }

    /// `--update` on a session that is a symbolic link updates the file it points to and leaves the link a link.
    @Test func updateWritesTheFileALinkPointsTo() throws {
        let folder = try TemporaryFolder()
        try FileManager.default.createDirectory(atPath: folder.path + "/real", withIntermediateDirectories: false)
        let real = try folder.write("real/m.session", "> :net\nstale\n")
        let link = folder.path + "/m.session"
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: "real/m.session")
        let (text, status) = runCLI(["check", "--update", link])
        #expect(status == 0, "\(text)")
        #expect(text.contains("updated \(link) (the file it links to: \(real))"), "\(text)")
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link) == "real/m.session")
        #expect(try folder.read("real/m.session") == "> :net\nnetwork: latency 1000 ms, failures off\n")
        #expect(runCLI(["check", link]).status == 0)
    }

    /// A replaced file keeps its permissions, and a failed write leaves the old file whole with no temporary file beside it.
    @Test func replaceKeepsTheModeAndLeavesNothingOnFailure() throws {
        let folder = try TemporaryFolder()
        let file = try folder.write("page.md", "old\n")
        try FileManager.default.setAttributes([.posixPermissions: 0o640], ofItemAtPath: file)
        try SessionFiles.replace(file, with: "new\n")
        #expect(try folder.read("page.md") == "new\n")
        let mode = try FileManager.default.attributesOfItem(atPath: file)[.posixPermissions] as? Int
        #expect(mode == 0o640)
        #expect(throws: SessionFiles.Failure.self) { try SessionFiles.replace(folder.path + "/none/x.md", with: "x") }
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["page.md"])
    }

    /// `:record` never follows a link at the name it is given, even a dangling one: it refuses, and nothing is created at the link's target.
    @Test func recordRefusesALink() throws {
        let folder = try TemporaryFolder()
        let target = folder.path + "/elsewhere.txt"
        let link = folder.path + "/new.session"
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: target)
        let text = typed([":record \(link)"])
        #expect(text.contains("error: \(link): it exists already"), "\(text)")
        #expect(!FileManager.default.fileExists(atPath: target))
    }

    /// A session being checked creates no file: `:record` in it is refused, and `check` takes no `--allow-write`.
    @Test func aCheckedSessionWritesNothing() throws {
        let folder = try TemporaryFolder()
        let out = folder.path + "/out.session"
        let file = try folder.write("w.session", "> :record \(out)\n> :record stop\n")
        let (text, status) = runCLI(["check", "--update", file])
        #expect(status == 0, "\(text)")
        #expect(!FileManager.default.fileExists(atPath: out), "\(text)")
        #expect(
            try folder.read("w.session").contains("error: \(out): not written: a session being checked writes no files")
        )
        let refused = runCLI(["check", "--allow-write", folder.path, file])
        #expect(refused.status == 2)
        #expect(refused.text.contains("a session being checked writes no files"), "\(refused.text)")
    }

    /// `run` and `present` write a session's files only inside the folder `--allow-write` names; `:run` at the prompt writes none.
    @Test func aReplayedSessionWritesOnlyWhereAllowed() throws {
        let folder = try TemporaryFolder()
        try FileManager.default.createDirectory(atPath: folder.path + "/out", withIntermediateDirectories: false)
        let inside = folder.path + "/out/new.session"
        let outside = folder.path + "/new.session"
        let file = try folder.write("w.session", "> :record \(inside)\n> :record stop\n> :record \(outside)\n")
        let plain = runCLI(["run", file])
        #expect(plain.status == 2)
        #expect(plain.text.contains("error: \(inside): not written: a session being replayed writes no files"))
        #expect(!FileManager.default.fileExists(atPath: inside))
        let allowed = runCLI(["run", "--allow-write", folder.path + "/out", file])
        #expect(allowed.status == 2, "the outside one is refused")
        #expect(FileManager.default.fileExists(atPath: inside))
        #expect(!FileManager.default.fileExists(atPath: outside))
        #expect(allowed.text.contains("error: \(outside): not written"))
        try FileManager.default.removeItem(atPath: inside)
        let presented = runCLI(["present", file], stdin: ["", "", "", ""])
        #expect(presented.text.contains("error: \(inside): not written"), "\(presented.text)")
        #expect(!FileManager.default.fileExists(atPath: inside))
        let link = folder.path + "/out/away"
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: folder.path)
        let escaped = try folder.write("e.session", "> :record \(link)/x.session\n")
        #expect(runCLI(["run", "--allow-write", folder.path + "/out", escaped]).text.contains("not written"))
        #expect(!FileManager.default.fileExists(atPath: folder.path + "/x.session"))
        #expect(typed([":run \(file)"]).contains("error: \(inside): not written"))
        #expect(!FileManager.default.fileExists(atPath: inside))
    }
}
