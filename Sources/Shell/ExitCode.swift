/// The statuses bindlab ends with, as DESIGN.md fixes them.
public enum ExitCode: Int32, Sendable {
    case success = 0
    /// A check found a difference (`check`, `compare`).
    case checkFailed = 1
    /// A usage error, or something that could not be done (a failed line of a script).
    case failure = 2
}
