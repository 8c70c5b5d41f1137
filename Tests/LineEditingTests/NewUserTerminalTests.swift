import Foundation
import Testing

/// The real `bindlab` on a pseudo-terminal, for what issue 22's new user
/// tripped over at the prompt: file names completed, and Ctrl-C stopping a
/// long command at once.
@Suite(.serialized) struct NewUserTerminalTests {
    /// Tab after `:run ` and `:record ` completes folders and session files.
    @Test func tabCompletesSessionFileNames() throws {
        let run = try DemoRun(program: "bindlab")
        let folder = run.directory.path + "/talks"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try Data("> :clock\n".utf8).write(to: URL(fileURLWithPath: folder + "/demo-one.session"))
        try Data("not a session\n".utf8).write(to: URL(fileURLWithPath: folder + "/demo-notes.txt"))
        try run.terminal.expect("bindlab(delegate)>")
        try run.terminal.type(":run \(run.directory.path)/ta\t")
        try run.terminal.expect("lks/")
        try run.terminal.type("de\t")
        try run.terminal.expect("mo-one.session ")  // the .txt is not offered, so one name is left
        try run.terminal.type("\r")
        try run.terminal.expect("clock: auto")
        try run.terminal.expect("bindlab(delegate)>")
        try run.terminal.type(":record \(folder)/demo-o\t")
        try run.terminal.expect("ne.session ")
    }
}
