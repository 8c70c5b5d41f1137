/// The kit of one package: the attendee's files in the workshop's slot, the
/// state beside them, and the kit's data (template, reference solution,
/// sessions) it scaffolds and grades from.
///
/// Everything `kit new` writes goes into `Sources/Backends/Workshop/`, the
/// folder of the `WorkshopBackend` target, which `.gitignore` ignores but for
/// its placeholder (`Workshop.swift`): the attendee's work does not dirty
/// the repository, and Package.swift and the registry are never edited.
public struct KitFolder: Sendable {
    /// The package's folder.
    public let root: String
    /// The workshop's slot, where the attendee's backend is written.
    public let slot: KitDirectory
    /// The kit's data: `Template/<from>/`, `Reference/task-N/`, `Sessions/`.
    public let data: KitDirectory

    public init(root: String) {
        self.root = root
        slot = KitDirectory(root + "/" + Self.slotPath)
        data = KitDirectory(root + "/Sources/Kit")
    }

    /// The slot, relative to the package.
    public static let slotPath = "Sources/Backends/Workshop"
    /// The placeholder the slot keeps: tracked, never written or removed.
    public static let placeholder = "Workshop.swift"
    /// The file `kit new` writes to name the backend for the registry.
    public static let registration = "KitRegistration.swift"
    /// What `--from` may name.
    public static let templates = ["delegate", "blank"]
    /// The backend's name in the template and the reference, replaced by the kit's.
    static let templateType = "Template"
    static let templateID = "template"

    /// Where the tasks' sessions are.
    public var sessionFolder: String { data.path + "/Sessions" }

    // MARK: Names

    /// Why `name` cannot name a kit's backend; nil when it can: lower-case
    /// letters, digits and single hyphens, starting with a letter, at most 24,
    /// and not a registered backend's id.
    public static func problem(with name: String, taken: [String]) -> String? {
        let allowed = name.allSatisfy { ("a"..."z").contains($0) || ("0"..."9").contains($0) || $0 == "-" }
        guard let first = name.first, ("a"..."z").contains(first), allowed, name.count <= 24, !name.hasSuffix("-"),
            !name.contains("--")
        else {
            return "a kit's name is lower-case letters, digits and single hyphens, starting with a letter "
                + "(at most 24): \(name.isEmpty ? "nothing" : "'\(name)'") is not one"
        }
        guard name != "all", !taken.contains(name) else {
            return "'\(name)' is the name of a backend already: choose another"
        }
        return nil
    }

    /// `mine` → `Mine`, `my-kit` → `MyKit`: the backend's type is this and `Backend`.
    public static func typeName(of name: String) -> String {
        name.split(separator: "-").map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined()
    }

    /// `text` with the template's names replaced by the kit's.
    static func renamed(_ text: String, to name: String) -> String {
        let type = typeName(of: name)
        return
            text
            .replacing(templateType + "Backend", with: type + "Backend")
            .replacing(templateType + "ProbeSubject", with: type + "ProbeSubject")
            .replacing("\"\(templateID)\"", with: "\"\(name)\"")
            .replacing("`\(templateID)`", with: "`\(name)`")
    }

    /// A template or reference path as it is in the kit: `TemplateBackend.swift` → `MineBackend.swift`.
    static func renamedPath(_ path: String, to name: String) -> String {
        path.replacing(templateType + "Backend", with: typeName(of: name) + "Backend")
    }

    // MARK: The kit in progress

    /// The kit's progress; nil when no kit was made here.
    public func state() throws(KitFileError) -> KitState? {
        guard let text = try slot.text(of: KitState.path) else { return nil }
        return KitState(text: text)
    }

    public func save(_ state: KitState) throws(KitFileError) {
        try slot.replace(KitState.path, state.text)
    }

    /// Whether the slot holds anything but its placeholder.
    public var isInUse: Bool {
        slot.files(hidden: true).contains { $0 != Self.placeholder }
    }

    /// Writes a new kit: the template `from`, named `name`, its registration
    /// and its state, and task 1's starting point for `x` (reset).
    ///
    /// - Throws: when a kit is in progress and not `force`; when the template
    ///   cannot be read or a file cannot be written.
    public func create(name: String, from: String, force: Bool) throws(KitFileError) -> KitState {
        guard Self.templates.contains(from) else {
            throw KitFileError("--from takes \(Self.templates.joined(separator: " or ")), not '\(from)'")
        }
        if isInUse {
            guard force else {
                let owner = (try? state()).flatMap { $0 }.map { "'\($0.name)'" } ?? "one"
                throw KitFileError(
                    "a kit is in progress in \(Self.slotPath) (\(owner)): --force replaces it, and deletes its files")
            }
            try clear()
        }
        let template = "Template/" + from
        let files = data.files(under: template)
        guard !files.isEmpty else { throw KitFileError("the kit's template is missing: \(data.path)/\(template)") }
        for file in files {
            guard let text = try data.text(of: file) else { continue }
            let relative = String(file.dropFirst(template.count + 1))
            try slot.create(Self.renamedPath(relative, to: name), Self.renamed(text, to: name))
        }
        try slot.create(Self.registration, Self.registrationText(name: name, from: from))
        let state = KitState(name: name, from: from)
        try save(state)
        try snapshot(task: 1)
        return state
    }

    /// The slot emptied but for its placeholder.
    public func clear() throws(KitFileError) {
        for entry in Set(slot.files(hidden: true).map { $0.split(separator: "/").first.map(String.init) ?? $0 })
        where entry != Self.placeholder {
            try slot.remove(entry)
        }
    }

    /// `KitRegistration.swift`: the backend named for the registry.
    static func registrationText(name: String, from: String) -> String {
        """
        // Written by `bindlab kit new \(name) --from \(from)`: names this kit's backend,
        // `\(name)`, for the registry (BackendRegistry lists `Workshop.registered`).
        // Git-ignored, as everything here but Workshop.swift.
        import BindingKit

        extension KitSlot {
            static var backends: [any BindingBackend] { [\(typeName(of: name))Backend()] }
        }

        """
    }

    // MARK: Tasks' files

    /// The files task `number` changes, as they are named in the kit: those
    /// of its folder in the reference solution.
    public func files(of number: Int, name: String) -> [String] {
        let folder = "Reference/task-\(number)"
        return data.files(under: folder).map { Self.renamedPath(String($0.dropFirst(folder.count + 1)), to: name) }
    }

    /// Copies the reference solution's files of task `number` into the kit,
    /// named as the kit names them (`bindlab kit solve`, `kit selfcheck`).
    public func installReference(of number: Int, name: String) throws(KitFileError) {
        let folder = "Reference/task-\(number)"
        let files = data.files(under: folder)
        guard !files.isEmpty else { throw KitFileError("the reference solution has no files for task \(number)") }
        for file in files {
            guard let text = try data.text(of: file) else { continue }
            let relative = Self.renamedPath(String(file.dropFirst(folder.count + 1)), to: name)
            try slot.replace(relative, Self.renamed(text, to: name))
        }
    }

    /// Keeps the files of task `number` as they are now, as the start `x`
    /// (reset) goes back to; a task's start is kept once.
    public func snapshot(task number: Int) throws(KitFileError) {
        guard let state = try state() else { return }
        let folder = ".kit/start/task-\(number)/"
        guard slot.files(under: ".kit/start/task-\(number)", hidden: true).isEmpty else { return }
        for file in files(of: number, name: state.name) {
            guard let text = try slot.text(of: file) else { continue }
            try slot.replace(folder + file, text)
        }
    }

    /// Puts the files of task `number` back as they were when it started;
    /// the files it restored.
    public func reset(task number: Int) throws(KitFileError) -> [String] {
        let folder = ".kit/start/task-\(number)"
        let saved = slot.files(under: folder, hidden: true)
        guard !saved.isEmpty else { throw KitFileError("task \(number)'s start was not kept: nothing to reset to") }
        var restored: [String] = []
        for file in saved {
            guard let text = try slot.text(of: file) else { continue }
            let relative = String(file.dropFirst(folder.count + 1))
            try slot.replace(relative, text)
            restored.append(relative)
        }
        return restored
    }

    /// The Swift files the attendee edits: what `kit watch` watches.
    public var sources: [String] {
        slot.files().filter { $0.hasSuffix(".swift") && $0 != Self.placeholder }
    }

    // MARK: The check running

    /// Where the grader notes the check it runs, so that `kit verify` can
    /// name it if the backend's code ends the process.
    public static let runningPath = ".kit/running"

    public func noteRunning(_ text: String) {
        try? slot.replace(Self.runningPath, text + "\n")
    }

    public func running() -> String? {
        (try? slot.text(of: Self.runningPath)).flatMap { $0 }.map { String($0.dropLast()) }
    }
}
