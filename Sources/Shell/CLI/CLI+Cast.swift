import BindingKit
import CommandLineOptions
import Playground

/// `bindlab run --cast FILE`: the replay as an asciicast v2 recording.
extension CLI {
    /// Replays the files named (folders: their sessions) as `run` does, into
    /// one recording written to the file `--cast` names, a marker per step;
    /// says where it went.
    ///
    /// Colours are in it unless `--no-color`, `NO_COLOR` or `TERM=dumb` say
    /// otherwise: it is played back in a terminal, whatever bindlab's output is.
    static func cast(_ arguments: ParsedArguments, _ environment: Environment) throws(ShellError) {
        let output = environment.output
        let backends = try self.backends(arguments, all: false)
        let width = try self.width(arguments)
        let files = arguments.operands
        let path = arguments.value(.cast) ?? ""
        let color = Style.colorWanted(
            flag: !arguments.has(.noColor), environment: environment.variables, outputIsTerminal: true)
        var failed = false
        var paths: [String] = []
        for file in files {
            guard SessionFiles.isDirectory(file) else {
                paths.append(file)
                continue
            }
            do {
                paths += try SessionFiles.sessions(in: file)
            } catch {
                output.write("\(file): error: \(error.message)\n", to: .error)
                failed = true
            }
        }
        let recording = CastRecording()
        recording.width = width ?? Stage.defaultColumns
        let named = paths.count > 1 || files.contains(where: SessionFiles.isDirectory)
        for (index, file) in paths.enumerated() {
            let session: Session
            do {
                session = try Session.load(file)
            } catch {
                output.write(error.description + "\n", to: .error)
                failed = true
                continue
            }
            if index > 0 { recording.output("\n") }
            if named { recording.output("==> \(file) <==\n") }
            let shell = Shell(backends: backends, data: DataEnvironment(), output: recording, color: color)
            shell.fixedColumns = width
            if !shell.replay(session, into: recording) { failed = true }
        }
        do {
            try SessionFiles.replace(path, with: recording.text(title: "bindlab run " + files.joined(separator: " ")))
        } catch {
            throw .fileUnwritable(path: path, reason: error.message)
        }
        let seconds = CastRecording.seconds(recording.now + CastRecording.afterOutput)
        output.write(
            "wrote \(path): \(recording.steps) step\(recording.steps == 1 ? "" : "s"), \(seconds) s\n", to: .standard)
        if failed { throw .failuresReported(in: "the sessions run") }
    }
}
