import Experiments

/// `bindlab matrix --html`: the behaviour matrix as a page, after kangax's
/// compat-table — the legend at the top, filters by approach and by
/// experiment, a link (`#experiment.backend`) to every cell, and the
/// evidence behind each verdict (the experiment's values and notes) one
/// click away, in the cell's `<details>`.
///
/// The filters are the page's one script, inline, which hides the columns
/// of an approach and the rows of an experiment unticked, and opens the cell
/// a link points to; without it the table reads whole, the filters hidden.
struct MatrixPage {
    let table: MatrixTable
    let generator: String?

    /// A cell's `id`, which its link points to: `listeners.delegate`.
    static func anchor(experiment: String, backend: String) -> String { "\(experiment).\(backend)" }

    /// The approaches in column order, each once.
    private var approaches: [String] {
        var seen: Set<String> = []
        return table.backends.map(\.approach).filter { seen.insert($0).inserted }
    }

    var html: String {
        let title = "bindlab: the behaviour matrix"
        var body = "<header>\n<h1>The behaviour matrix</h1>\n<p class=\"meta\">"
        body += "\(table.experiments.count) experiments × \(table.backends.count) backends, each experiment run on "
        body += "fresh worlds of each backend's own glue (<code>:probe NAME</code> runs one at the prompt)"
        if let generator { body += " · made with <code>\(HTML.escape(generator))</code>" }
        body += "</p>\n</header>\n<main>\n"
        body += legend() + filters() + matrix() + methods()
        body += "</main>\n"
        return HTML.page(title: title, generator: generator, style: Self.style, body: body, script: Self.script)
    }

    private func legend() -> String {
        """
        <section class="legend" id="legend">
        <h2>Legend</h2>
        <ul>
        <li><span class="swatch common"></span> the verdict most backends share in that row</li>
        <li><span class="swatch differs"></span> a verdict that differs from it: what tells the approaches apart</li>
        <li><span class="swatch na"></span> n/a: the approach cannot do it, or doing it would crash the process \
        (the cell says why)</li>
        <li>Click a verdict for its evidence: the values the experiment observed and its notes. Each cell's \
        <span class="cell-link">#</span> links to it (<code>#listeners.delegate</code>), each row's name to the \
        row, each backend to its column.</li>
        </ul>
        </section>

        """
    }

    private func filters() -> String {
        var html = "<form class=\"filters\" id=\"filters\" hidden=\"hidden\">\n"
        html += "<fieldset id=\"filter-approach\"><legend>Approaches</legend>\n"
        for approach in approaches {
            let variants = table.backends.filter { $0.approach == approach }.count
            let label = variants > 1 ? "\(approach) (\(variants))" : approach
            html +=
                "<label><input type=\"checkbox\" checked=\"checked\" data-filter=\"approach\" "
                + "value=\"\(HTML.escape(approach))\"/> \(HTML.escape(label))</label>\n"
        }
        html += Self.buttons("approach") + "</fieldset>\n"
        html += "<fieldset id=\"filter-experiment\"><legend>Experiments</legend>\n"
        for row in table.experiments {
            html +=
                "<label><input type=\"checkbox\" checked=\"checked\" data-filter=\"experiment\" "
                + "value=\"\(HTML.escape(row.name))\"/> \(HTML.escape(row.name))</label>\n"
        }
        html += Self.buttons("experiment") + "</fieldset>\n"
        html += "<p id=\"filter-status\" class=\"meta\"></p>\n</form>\n"
        return html
    }

    private static func buttons(_ group: String) -> String {
        "<button type=\"button\" data-group=\"\(group)\" data-set=\"all\">all</button>"
            + "<button type=\"button\" data-group=\"\(group)\" data-set=\"none\">none</button>\n"
    }

    private func matrix() -> String {
        var html =
            "<div class=\"scroll\">\n<table class=\"matrix\" id=\"matrix\">\n<thead>\n<tr><th rowspan=\"2\">experiment</th>"
        // A header per approach over its forms' columns.
        var index = 0
        while index < table.backends.count {
            let approach = table.backends[index].approach
            var end = index + 1
            while end < table.backends.count, table.backends[end].approach == approach { end += 1 }
            html +=
                "<th class=\"approach\" colspan=\"\(end - index)\" data-approach=\"\(HTML.escape(approach))\">"
                + "\(HTML.escape(approach))</th>"
            index = end
        }
        html += "</tr>\n<tr>"
        for backend in table.backends {
            let id = "backend-" + backend.id
            html +=
                "<th class=\"backend\" id=\"\(HTML.escape(id))\" data-approach=\"\(HTML.escape(backend.approach))\">"
                + "<a href=\"#\(HTML.escape(id))\">\(HTML.escape(backend.id))</a>"
                + "<small>\(HTML.escape(backend.article)) (\(backend.year))</small>"
                + (backend.variant.map { "<small class=\"variant\">\(HTML.escape($0))</small>" } ?? "") + "</th>"
        }
        html += "</tr>\n</thead>\n<tbody>\n"
        for (row, experiment) in table.experiments.enumerated() {
            let common = table.commonVerdict(ofRow: row)
            html +=
                "<tr data-experiment=\"\(HTML.escape(experiment.name))\" id=\"\(HTML.escape(experiment.name))\">"
                + "<th scope=\"row\"><a href=\"#\(HTML.escape(experiment.name))\">\(HTML.escape(experiment.name))</a>"
                + "<small>\(HTML.escape(experiment.question))</small></th>\n"
            for (column, backend) in table.backends.enumerated() {
                html += cell(table.findings[row][column], of: experiment, backend: backend, common: common)
            }
            html += "</tr>\n"
        }
        return html + "</tbody>\n</table>\n</div>\n"
    }

    private func cell(
        _ finding: MatrixTable.Cell, of experiment: MatrixTable.Row, backend: MatrixTable.Backend, common: String?
    ) -> String {
        let id = Self.anchor(experiment: experiment.name, backend: backend.id)
        let kind = finding.isNotPossible ? "na" : (finding.verdict == common ? "common" : "differs")
        var html =
            "<td id=\"\(HTML.escape(id))\" class=\"\(kind)\" data-approach=\"\(HTML.escape(backend.approach))\">"
            + "<details><summary>\(HTML.escape(finding.verdict))</summary><div class=\"evidence\">"
            + "<p class=\"who\">\(HTML.escape(experiment.name)) on \(HTML.escape(backend.id))</p><dl>"
        for (column, value) in zip(experiment.columns, finding.cells) {
            html += "<dt>\(HTML.escape(column))</dt><dd>\(HTML.escape(value))</dd>"
        }
        html += "</dl>"
        if !finding.notes.isEmpty {
            html += "<ul class=\"notes\">" + finding.notes.map { "<li>\(HTML.escape($0))</li>" }.joined() + "</ul>"
        }
        html +=
            "</div></details><a class=\"cell-link\" href=\"#\(HTML.escape(id))\" title=\"a link to this cell\">#</a>"
        return html + "</td>\n"
    }

    private func methods() -> String {
        var html = "<section class=\"methods\" id=\"methods\">\n<h2>How each row is observed</h2>\n<dl>\n"
        for experiment in table.experiments {
            let method = experiment.method.split(separator: "\n").joined(separator: " ")
            html +=
                "<dt><a href=\"#\(HTML.escape(experiment.name))\">\(HTML.escape(experiment.name))</a></dt>"
                + "<dd>\(HTML.escape(experiment.question)) \(HTML.escape(method))</dd>\n"
        }
        return html + "</dl>\n</section>\n"
    }

    /// The filters, and the cell a link points to opened. Written without
    /// `<` or `&`, so that it is character data in XML as in HTML.
    static let script = """
        (function () {
          var boxes = document.querySelectorAll("input[data-filter]");
          var status = document.getElementById("filter-status");
          function apply() {
            var hidden = { approach: {}, experiment: {} };
            boxes.forEach(function (box) {
              if (!box.checked) { hidden[box.getAttribute("data-filter")][box.value] = true; }
            });
            var columns = 0;
            document.querySelectorAll("[data-approach]").forEach(function (cell) {
              cell.hidden = hidden.approach[cell.getAttribute("data-approach")] === true;
              if (cell.matches("th.backend")) { columns += cell.hidden ? 0 : 1; }
            });
            var rows = 0;
            document.querySelectorAll("tr[data-experiment]").forEach(function (row) {
              row.hidden = hidden.experiment[row.getAttribute("data-experiment")] === true;
              rows += row.hidden ? 0 : 1;
            });
            status.textContent = "showing " + columns + " of " + document.querySelectorAll("th.backend").length
              + " backends, " + rows + " of " + document.querySelectorAll("tr[data-experiment]").length
              + " experiments";
          }
          boxes.forEach(function (box) { box.addEventListener("change", apply); });
          document.querySelectorAll("button[data-set]").forEach(function (button) {
            button.addEventListener("click", function () {
              var group = button.getAttribute("data-group");
              var on = button.getAttribute("data-set") === "all";
              boxes.forEach(function (box) {
                if (box.getAttribute("data-filter") === group) { box.checked = on; }
              });
              apply();
            });
          });
          function openTarget() {
            var id = decodeURIComponent(location.hash.slice(1));
            var target = id ? document.getElementById(id) : null;
            var details = target ? target.querySelector("details") : null;
            if (details) { details.open = true; }
          }
          window.addEventListener("hashchange", openTarget);
          document.getElementById("filters").hidden = false;
          openTarget();
          apply();
        })();

        """

    static let style = """
        [hidden] { display: none !important; }
        section.legend ul { margin: 4px 0 16px; padding-left: 20px; }
        .swatch { display: inline-block; width: 14px; height: 14px; vertical-align: -2px; border: 1px solid var(--line);
          border-radius: 3px; }
        .swatch.common, td.common { background: #ffffff; }
        .swatch.differs, td.differs { background: #fff8c5; }
        .swatch.na, td.na { background: var(--wash); color: var(--dim); }
        form.filters fieldset { border: 1px solid var(--line); border-radius: 6px; margin: 0 0 8px; padding: 4px 12px; }
        form.filters label { display: inline-block; margin-right: 12px; font-size: 14px; white-space: nowrap; }
        form.filters button { margin-left: 4px; font-size: 12px; }
        table.matrix { font-size: 13px; }
        table.matrix th.approach { text-align: center; }
        div.scroll { overflow-x: auto; }
        table.matrix th.backend small, table.matrix th[scope=row] small { display: block; font-weight: normal;
          color: var(--dim); max-width: 22ch; }
        table.matrix th[scope=row] { position: sticky; left: 0; z-index: 1; min-width: 20ch; }
        table.matrix th[scope=row] small { max-width: 28ch; }
        table.matrix td { position: relative; min-width: 8em; padding-right: 18px; }
        table.matrix td:target, table.matrix tr:target th { outline: 2px solid var(--blue); }
        table.matrix summary { cursor: pointer; font-weight: bold; }
        table.matrix .evidence { font-weight: normal; max-width: 34ch; }
        table.matrix .evidence p.who { margin: 4px 0; color: var(--dim); }
        table.matrix dl { margin: 0; }
        table.matrix dt { color: var(--dim); }
        table.matrix dd { margin: 0 0 4px 8px; }
        table.matrix ul.notes { margin: 4px 0; padding-left: 16px; }
        a.cell-link { position: absolute; top: 4px; right: 4px; color: var(--dim); text-decoration: none;
          font-size: 11px; }
        span.cell-link { color: var(--dim); }
        section.methods dd { margin: 0 0 8px 16px; max-width: 100ch; }

        """
}
