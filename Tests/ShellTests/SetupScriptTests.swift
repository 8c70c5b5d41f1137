import Foundation
import Testing

/// `.ci/setup`, the one set-up: what the README, the devcontainer and CI run, and what it does on a fresh machine.
@Suite struct SetupScriptTests {
    static let root = ReadmeTests.root

    static func text(_ path: String) throws -> String {
        try String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)
    }

    /// The lines of `text` that are not comments.
    static func commands(_ text: String) -> [String] {
        text.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.hasPrefix("#") }
    }

    /// The README (and the workshop guide that repeats it), the devcontainer and `.ci/run` all call `.ci/setup`.
    @Test func theThreeCallersRunTheOneScript() throws {
        for file in ["README.md", "Docs/workshop.md"] {
            #expect(try ReadmeTests.setUpLine(file).hasPrefix("bash .ci/setup && "), "\(file)")
        }
        #expect(try Self.commands(Self.text(".ci/run")).contains("bash .ci/setup"))
        let dockerfile = try Self.commands(Self.text(".devcontainer/Dockerfile"))
        #expect(dockerfile.contains { $0.hasPrefix("FROM swift:6") })
        let copy = try #require(dockerfile.firstIndex { $0.hasPrefix("COPY .ci/setup ") })
        let installed = try #require(dockerfile[copy].split(separator: " ").last.map(String.init))
        #expect(dockerfile[copy...].contains { $0.hasPrefix("RUN bash \(installed)") })
        let json = try Self.text(".devcontainer/devcontainer.json")
        let container = try #require(
            try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        let build = try #require(container["build"] as? [String: String])
        // The repository is the build context, so that the Dockerfile's COPY finds .ci/setup.
        #expect(build == ["dockerfile": "Dockerfile", "context": ".."])
        #expect((container["postCreateCommand"] as? String)?.hasPrefix("bash .ci/setup") == true)
    }

    /// What the script ran (apt-get, through sudo or not), what it said, and its exit status.
    struct Run {
        let calls: [String]
        let output: String
        let status: Int32
    }

    /// Runs `.ci/setup` on a pretend Debian: `dpkg`, `apt-get`, `sudo`, `id`, `uname` and `swift` are stand-ins
    /// that log their calls. Its apt-get knows no package until `apt-get update` ran (a fresh machine's lists are
    /// empty), and installs what it is asked.
    static func setUp(
        _ arguments: [String] = [], root: Bool = false, installed: [String] = [], swift: String = "6.3.1"
    ) throws -> Run {
        let folder = try TemporaryFolder()
        let bin = folder.path + "/bin"
        try FileManager.default.createDirectory(atPath: bin, withIntermediateDirectories: true)
        let state = folder.path + "/installed"
        let log = folder.path + "/calls"
        try folder.write("installed", installed.map { $0 + "\n" }.joined())
        try folder.write("calls", "")
        let stubs = [
            "dpkg": """
            [ "$1" = -s ] && grep -qx "$2" '\(state)' && echo 'Status: install ok installed' && exit 0
            exit 1
            """,
            "apt-get": """
            echo "${VIA_SUDO:+sudo }apt-get $*" >> '\(log)'
            case "$1" in
            update) touch '\(folder.path)/lists' ;;
            install)
                [ -f '\(folder.path)/lists' ] || { echo "E: Unable to locate package" >&2; exit 100; }
                for p in "$@"; do case "$p" in -*|install) ;; *) echo "$p" >> '\(state)' ;; esac; done ;;
            esac
            """,
            "sudo": "VIA_SUDO=1 exec \"$@\"",
            "id": "echo \(root ? 0 : 1000)",
            "uname": "echo Linux",
            "swift": "echo 'Swift version \(swift) (swift-\(swift)-RELEASE)'",
        ]
        for (name, body) in stubs {
            let path = try folder.write("bin/" + name, "#!/bin/sh\n" + body + "\n")
            try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: path)
        }
        let (output, status) = try runProgram(
            "/bin/bash", [Self.root.appendingPathComponent(".ci/setup").path] + arguments,
            environment: ["PATH": bin + ":/usr/bin:/bin"])
        let calls = try String(contentsOfFile: log, encoding: .utf8).split(separator: "\n").map(String.init)
        return Run(calls: calls, output: output, status: status)
    }

    static let packages = "libedit-dev libsqlite3-dev pkg-config binutils"

    /// On a machine that never ran `apt-get update`, not root: the lists are updated, then what is missing is
    /// installed, both through sudo.
    @Test func aFreshMachineIsSetUpThroughSudo() throws {
        let run = try Self.setUp()
        #expect(run.status == 0, "\(run.output)")
        #expect(run.calls == ["sudo apt-get update -qq", "sudo apt-get install -y -qq \(Self.packages)"])
        #expect(run.output.hasSuffix("setup: ready to build bindlab\n"), "\(run.output)")
    }

    /// As root (a container without sudo), the same without sudo; only the missing packages are asked for.
    @Test func asRootNoSudoAndOnlyWhatIsMissing() throws {
        let run = try Self.setUp(root: true, installed: ["pkg-config", "binutils"])
        #expect(run.status == 0, "\(run.output)")
        #expect(run.calls == ["apt-get update -qq", "apt-get install -y -qq libedit-dev libsqlite3-dev"])
    }

    /// With everything there, apt-get is not run at all (no network, no password).
    @Test func nothingMissingRunsNoAptGet() throws {
        let run = try Self.setUp(installed: Self.packages.split(separator: " ").map(String.init))
        #expect(run.status == 0, "\(run.output)")
        #expect(run.calls.isEmpty)
    }

    /// `--check` installs nothing and says what is missing, with the command that installs it; exit 1.
    @Test func checkOnlySaysWhatIsMissing() throws {
        let run = try Self.setUp(["--check"], installed: ["binutils", "pkg-config"])
        #expect(run.status == 1)
        #expect(run.calls.isEmpty)
        #expect(run.output.contains("setup: missing: libedit-dev libsqlite3-dev (install them: "), "\(run.output)")
        #expect(!run.output.contains("ready to build"))
    }

    /// A toolchain older than Swift 6 is refused with what to install; a bad argument is a usage error, exit 2.
    @Test func oldSwiftAndBadArguments() throws {
        let old = try Self.setUp(
            ["--check"], installed: Self.packages.split(separator: " ").map(String.init), swift: "5.10")
        #expect(old.status == 1)
        #expect(old.output.contains("is Swift 5.10; bindlab needs Swift 6 or later"), "\(old.output)")
        let bad = try Self.setUp(["--frobnicate"])
        #expect(bad.status == 2)
        #expect(bad.output == "setup: unknown argument '--frobnicate'; usage: bash .ci/setup [--check]\n")
        #expect(bad.calls.isEmpty)
    }
}
