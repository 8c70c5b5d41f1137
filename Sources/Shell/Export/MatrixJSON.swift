import Experiments

/// `bindlab matrix --json`: the matrix as data for scripts, the same data
/// the page and the tables are laid out from (`MatrixTable`): the backends
/// (`id`, `approach`, `variant` or null, `article`, `year`), then each
/// experiment (`name`, `question`, `columns`, `method`) with its findings,
/// one per backend in the backends' order (`backend`, `verdict`, `cells`
/// one per column, `notes`). A finding per line, so that two runs diff well.
enum MatrixJSON {
    static func text(_ table: MatrixTable, generator: String?) -> String {
        var lines = ["{"]
        if let generator { lines.append("  \"generator\": \(json(generator)),") }
        lines.append("  \"backends\": [")
        lines += table.backends.enumerated().map { index, backend in
            "    {\"id\": \(json(backend.id)), \"approach\": \(json(backend.approach)), "
                + "\"variant\": \(backend.variant.map(json) ?? "null"), \"article\": \(json(backend.article)), "
                + "\"year\": \(backend.year)}" + (index == table.backends.count - 1 ? "" : ",")
        }
        lines.append("  ],")
        lines.append("  \"experiments\": [")
        for (row, experiment) in table.experiments.enumerated() {
            lines += [
                "    {",
                "      \"name\": \(json(experiment.name)),",
                "      \"question\": \(json(experiment.question)),",
                "      \"columns\": [\(experiment.columns.map(json).joined(separator: ", "))],",
                "      \"method\": \(json(experiment.method)),",
                "      \"findings\": [",
            ]
            lines += zip(table.backends, table.findings[row]).enumerated().map { index, pair in
                let (backend, finding) = pair
                return "        {\"backend\": \(json(backend.id)), \"verdict\": \(json(finding.verdict)), "
                    + "\"cells\": [\(finding.cells.map(json).joined(separator: ", "))], "
                    + "\"notes\": [\(finding.notes.map(json).joined(separator: ", "))]}"
                    + (index == table.backends.count - 1 ? "" : ",")
            }
            lines += ["      ]", "    }" + (row == table.experiments.count - 1 ? "" : ",")]
        }
        lines += ["  ]", "}"]
        return lines.joined(separator: "\n") + "\n"
    }

    private static func json(_ text: String) -> String { CastRecording.json(text) }
}
