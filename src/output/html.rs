//! `--format html`: one self-contained page (inline CSS and SVG, a little plain
//! JavaScript, nothing loaded from anywhere) for a person who must see the problems: the
//! summary with findings by code as bar charts (the rules' problems and wrong results
//! first, the format findings folded under them) and the verdicts, then a table of the
//! problem games, worst first (those with format findings only hidden until asked),
//! sortable and filtered by code and status, each with its players, date and event and a
//! diagram of its first illegal move and, for a result that disagrees, of the counted
//! position (see [`super::html_row`]).
//!
//! The table is written at the end, worst first (`illegal`, `mismatch`, `error`, then `ok`
//! with warnings; input order inside each group), then the summary, which comes first on
//! the screen (CSS `order`). No timing is written, so the page is the same bytes for any
//! `--jobs`. At most [`MAX_ROWS`] problem games are kept, the worst ones; the page says
//! how many more there are.
//!
//! The workers render each game into a [`Row`]: its verdict and, for a problem game, its
//! status and table body. The reporter counts the verdicts and keeps the bodies of the
//! worst problem games, so a game without problems costs a few bytes.

use std::fmt::Write as _;
use std::io::{self, Write};

use super::html_row::{chart_group, code_class, game_body, is_minor, rank};
use super::links::Links;
use super::svg::{escape, DEFS};
use super::{Begin, InputError, Rendered, Renderer, Reporter, Summary};
use crate::audit::{GameReport, Status};
use crate::check::Verdict;
use crate::finding::{catalogue, Code, Severity};

/// Problem games shown in the table; the rest are counted.
pub const MAX_ROWS: usize = 2000;

const VERDICTS: [Verdict; 4] = Verdict::ALL;

/// A game is a problem game when its status is not `ok` or it has a finding of severity
/// `warning` or `error` (findings of severity `info` alone are not problems).
pub fn is_problem(game: &GameReport) -> bool {
    game.status != Status::Ok
        || game
            .findings
            .iter()
            .any(|f| f.severity >= Severity::Warning)
}

/// Writes the HTML report.
pub struct HtmlReporter<'w> {
    out: Box<dyn Write + 'w>,
    limit: usize,
    /// The problem games kept, by [`rank`] of their status, each group in input order:
    /// the `limit` worst ones.
    kept: [Vec<Problem>; 4],
    /// Problem games left out, by [`rank`].
    hidden: [usize; 4],
    verdicts: [usize; 4],
    errors: Vec<InputError>,
    /// How the games' paths are linked.
    links: std::sync::Arc<Links>,
}

/// What the report keeps of a game.
struct Row {
    verdict: Verdict,
    /// For a problem game: its row in the table.
    problem: Option<Problem>,
}

/// A problem game's row in the table.
struct Problem {
    status: Status,
    /// The length of its path in characters (for the width of the file column), at most
    /// 65,535.
    path_chars: usize,
    /// Its table body (see [`game_body`]).
    body: String,
    /// Its findings are all of the record's format ([`is_minor`]): hidden until asked.
    minor: bool,
}

/// Renders one game's [`Row`], its path linked as `links` says.
fn render_game(game: &GameReport, links: &Links, out: &mut Vec<Row>) {
    let problem = is_problem(game).then(|| Problem {
        status: game.status,
        path_chars: game.path.chars().count().min(usize::from(u16::MAX)),
        body: game_body(game, links),
        minor: is_minor(game),
    });
    out.push(Row {
        verdict: game.check.verdict,
        problem,
    });
}

const STYLE: &str = r#"
body{font:14px/1.4 system-ui,sans-serif;margin:0;color:#1b1b1b;background:#f6f5f2}
header{padding:12px 20px;background:#2d2a26;color:#f6f5f2}header h1{margin:0;font-size:20px}
header p{margin:4px 0 0;color:#cfc9bf;overflow-wrap:anywhere}
main{display:flex;flex-direction:column;padding:0 20px 30px}
#summary{order:1}#problems{order:2}
section h2{font-size:17px;margin:18px 0 8px}
.cards{display:flex;flex-wrap:wrap;gap:10px}
.card{background:#fff;border:1px solid #ddd;border-radius:6px;padding:8px 14px;min-width:90px}
.card b{display:block;font-size:22px}
.st-ok,.v-agrees{color:#17803d}.st-illegal,.v-disagrees,.sev-error{color:#c01b16}
.st-mismatch{color:#b45f00}.st-error{color:#7a1fa2}.v-unverifiable,.v-not-counted,.dim,.sev-info{color:#6b6b6b}.sev-warning{color:#b45f00}
.code{display:inline-block;padding:0 5px;margin:1px;border-radius:4px;font-size:12px;background:#eee}
.bars text{font-size:12px;dominant-baseline:central}
.stack{display:flex;height:18px;max-width:640px;border-radius:4px;overflow:hidden;background:#e4e4e4}
.stack span{display:block;height:100%}.s-agrees{background:#3aa55d}.s-disagrees{background:#d9534f}.s-unverifiable{background:#c8c8c8}.s-not-counted{background:#ececec}
table{border-collapse:collapse;background:#fff;width:100%;table-layout:fixed}
.c-status{width:calc(9ch + 20px)}.c-check{width:20%}
th,td{border:1px solid #ddd;padding:4px 6px;vertical-align:top;text-align:left;overflow-wrap:break-word}
th{background:#ece9e3;position:sticky;top:0;z-index:1}th[data-sort]{cursor:pointer}th[data-sort]:after{content:" \2195";color:#999}
td.path{font-size:13px}td.path div{font-size:12px}td.path span{display:inline-block}.why{font-size:12px;margin-top:2px}
td.findings ul{margin:2px 0 0;padding-left:16px}summary{cursor:pointer;color:#555;margin-left:16px}
tr.figs td{border-top:0;background:#fbfaf8}tr:has(+tr.figs) td{border-bottom:0}
tr.figs figure{margin:0 14px 6px 0;display:inline-block;vertical-align:top;cursor:zoom-in}tr.figs figcaption{font-size:12px;max-width:460px}
tr.figs figure.big{display:block;cursor:zoom-out}tr.figs figure.big svg.board{width:min(100%,900px);height:auto}
tr.figs div.count{display:inline-block;vertical-align:top;margin:0 14px 6px 0;font-size:13px;max-width:460px}
td.path div.info{font-size:12px;color:#1b1b1b}td.path a{color:inherit}
details.more{margin-top:6px}details.more summary{margin-left:0}
.showline{display:flex;align-items:flex-start;gap:6px;max-width:100%}
pre.show{flex:1 1 auto;min-width:0;margin:0;padding:3px 6px;font-size:12px;background:#f1efea;border:1px solid #ddd;border-radius:4px;overflow-x:auto;white-space:pre}
button.copy{font-size:12px;padding:2px 8px;cursor:pointer}
.controls{margin:8px 0}.controls label{margin-right:14px}
.legend svg{vertical-align:middle}.legend span{margin-right:14px;white-space:nowrap;display:inline-block}
@media (max-width:1000px){.c-check{width:17%}td.path{font-size:12px}}
"#;

const SCRIPT: &str = r#"
(function () {
  var table = document.getElementById("games-table");
  var games = Array.prototype.slice.call(table.tBodies);
  games.forEach(function (g, i) { g.dataset.i = i; });
  var code = document.getElementById("f-code");
  var status = document.getElementById("f-status");
  var shown = document.getElementById("shown");
  var minor = document.getElementById("f-minor");
  function filter() {
    var c = code.value, s = status.value, m = minor.checked, n = 0;
    games.forEach(function (g) {
      var r = g.rows[0];
      var ok = (!c || r.dataset.codes.indexOf(" " + c + " ") >= 0) && (!s || r.dataset.status === s) &&
        (m || c || s || !r.dataset.minor);
      g.hidden = !ok;
      if (ok) { n++; }
    });
    shown.textContent = n;
  }
  code.addEventListener("change", filter);
  status.addEventListener("change", filter);
  minor.addEventListener("change", filter);
  // A board drawn larger on a click, and back.
  Array.prototype.forEach.call(document.querySelectorAll("tr.figs figure"), function (f) {
    f.addEventListener("click", function () { f.classList.toggle("big"); });
  });
  var direction = {};
  Array.prototype.forEach.call(table.tHead.rows[0].cells, function (th, i) {
    if (!th.dataset.sort) { return; }
    th.tabIndex = 0;
    th.addEventListener("click", function () {
      var d = direction[i] = -(direction[i] || -1);
      var numeric = th.dataset.sort === "num";
      function key(g) {
        var cell = g.rows[0].cells[i], v = cell.textContent;
        if (cell.dataset.v !== undefined) {
          v = cell.dataset.v;
        } else if (cell.className === "path") {
          // The path, then the game's number ("game N, line L" under it) in order.
          var game = cell.lastChild.textContent;
          v = v.slice(0, -game.length) + "\u0000" + ("00000000" + parseInt(game.slice(5), 10)).slice(-9);
        }
        return numeric ? parseFloat(v) : v;
      }
      games.sort(function (a, b) {
        var x = key(a), y = key(b);
        return (x < y ? -1 : x > y ? 1 : 0) * d || a.dataset.i - b.dataset.i;
      });
      games.forEach(function (g) { table.appendChild(g); });
    });
  });
  // A copy button beside each `sgfaudit show` line.
  Array.prototype.forEach.call(document.querySelectorAll("pre.show"), function (pre) {
    var line = document.createElement("div");
    line.className = "showline";
    pre.parentNode.insertBefore(line, pre);
    line.appendChild(pre);
    var button = document.createElement("button");
    button.type = "button";
    button.className = "copy";
    button.textContent = "copy";
    line.appendChild(button);
    button.addEventListener("click", function () {
      var text = pre.textContent;
      function done() { button.textContent = "copied"; }
      function bySelection() {
        var range = document.createRange();
        range.selectNodeContents(pre);
        var selection = window.getSelection();
        selection.removeAllRanges();
        selection.addRange(range);
        if (document.execCommand("copy")) { done(); }
      }
      if (navigator.clipboard && navigator.clipboard.writeText) {
        navigator.clipboard.writeText(text).then(done, bySelection);
      } else {
        bySelection();
      }
    });
  });
  filter();
  document.body.dataset.ready = "1";
})();
"#;

impl<'w> HtmlReporter<'w> {
    pub fn new(out: Box<dyn Write + 'w>) -> Self {
        HtmlReporter::with_limit(out, MAX_ROWS)
    }

    /// A reporter that shows at most `limit` problem games, the worst ones.
    pub fn with_limit(out: Box<dyn Write + 'w>, limit: usize) -> Self {
        HtmlReporter {
            out,
            limit,
            kept: Default::default(),
            hidden: [0; 4],
            verdicts: [0; 4],
            errors: Vec::new(),
            links: Default::default(),
        }
    }

    fn shown(&self) -> usize {
        self.kept.iter().map(Vec::len).sum()
    }

    /// The problem games kept whose findings are all of the record's format.
    fn minor(&self) -> usize {
        self.kept.iter().flatten().filter(|p| p.minor).count()
    }

    /// Keeps a problem game's table body; past the limit, the last kept body of the
    /// least bad group goes (it is the last in the table's order).
    fn keep(&mut self, problem: Problem) {
        self.kept[rank(problem.status)].push(problem);
        if self.shown() > self.limit {
            if let Some(group) = (0..4).rev().find(|&g| !self.kept[g].is_empty()) {
                self.kept[group].pop();
                self.hidden[group] += 1;
            }
        }
    }

    fn legend(&mut self) -> io::Result<()> {
        let item = |ids: &[&str], text: &str| {
            let mut s = String::from(
                r##"<span><svg viewBox="-.6 -.6 1.2 1.2" width="18" height="18"><rect x="-.6" y="-.6" width="1.2" height="1.2" fill="#dcb35c"/>"##,
            );
            for id in ids {
                let _ = write!(s, r##"<use href="#{id}"/>"##);
            }
            let _ = write!(s, "</svg> {text}</span>");
            s
        };
        let legend = [
            item(&["gb", "r"], "the move, not yet played"),
            item(
                &["b", "r"],
                "the stone already there / that made the position",
            ),
            item(&["w", "x"], "would be taken off by the move"),
            item(&["bd", "tw"], "dead stone"),
            item(&["tb"], "Black's area"),
            item(&["tw"], "White's area"),
            item(&["ts"], "split"),
            item(&["w", "s"], "seki"),
            item(&["b", "q"], "fate unsure"),
        ]
        .concat();
        write!(self.out, r#"<p class="legend">{legend}</p>"#)
    }
}

impl HtmlReporter<'_> {
    /// The table of the problem games kept, worst first; the file column as wide as the
    /// longest path up to a share of the page (see [`file_column`]).
    fn table(&self, h: &mut String) {
        let longest_path = self.kept.iter().flatten().map(|p| p.path_chars).max();
        file_column(longest_path.unwrap_or(0), h);
        h.push_str(
            r#"<table id="games-table"><colgroup><col class="c-file"><col class="c-status"><col><col class="c-check"></colgroup><thead><tr><th data-sort="text">file and game</th><th data-sort="num">status</th><th data-sort="num">codes and findings (first move)</th><th data-sort="text">check</th></tr></thead>"#,
        );
        h.push('\n');
        for problem in self.kept.iter().flatten() {
            h.push_str(&problem.body);
        }
        h.push_str("</table>\n");
        let (shown, hidden) = (self.shown(), self.hidden.iter().sum::<usize>());
        if shown == 0 {
            h.push_str("<p>No problem games.</p>");
        }
        if hidden > 0 {
            let by_status: Vec<String> = STATUS_BY_RANK
                .iter()
                .zip(self.hidden)
                .filter(|(_, n)| *n > 0)
                .map(|(status, n)| format!("{n} {}", status_group(*status)))
                .collect();
            let _ = write!(
                h,
                r#"<p id="more">The {shown} worst problem games are shown; <b id="hidden">{hidden}</b> more are not ({}; run <code>sgfaudit audit --format jsonl</code> for all of them).</p>"#,
                by_status.join(", ")
            );
        }
    }

    /// The cards: files, games, moves, statuses, unreadable inputs.
    fn cards(&self, s: &Summary, h: &mut String) {
        h.push_str("<h2>Summary</h2><div class=\"cards\">");
        let card = |h: &mut String, id: &str, n: usize, label: &str, class: &str| {
            let _ = write!(
                h,
                r#"<div class="card"><b id="{id}" class="{class}">{n}</b>{label}</div>"#
            );
        };
        card(h, "files", s.files, "files", "");
        card(h, "games", s.games, "games", "");
        let _ = write!(
            h,
            r#"<div class="card"><b id="moves">{}</b>moves</div>"#,
            s.moves
        );
        for status in Status::ALL {
            let n = s.by_status.get(&status).copied().unwrap_or(0);
            card(
                h,
                &format!("status-{}", status.as_str()),
                n,
                status.as_str(),
                &format!("st-{}", status.as_str()),
            );
        }
        if s.unreadable > 0 {
            card(
                h,
                "unreadable",
                s.unreadable,
                "unreadable inputs",
                "st-error",
            );
        }
        h.push_str("</div>");
    }

    /// How many results were checked against `RE[]`, and the verdicts as a stacked bar.
    fn verdicts(&self, s: &Summary, h: &mut String) {
        let checked = self.verdicts[0] + self.verdicts[1];
        let games = self.verdicts.iter().sum::<usize>().max(1);
        let _ = write!(
            h,
            r#"<h2>Results checked against RE[]</h2><p><b id="checked">{checked}</b> of {} games counted and checked ({:.1}%): "#,
            s.games,
            100.0 * checked as f64 / games as f64
        );
        for (v, n) in VERDICTS.iter().zip(self.verdicts) {
            let name = v.as_str();
            let _ = write!(
                h,
                r#"<span class="v-{name}"><b id="verdict-{name}">{n}</b> {name}</span> "#
            );
        }
        h.push_str(r#"</p><div class="stack">"#);
        for (v, n) in VERDICTS.iter().zip(self.verdicts) {
            if n > 0 {
                let name = v.as_str();
                let _ = write!(
                    h,
                    r#"<span class="s-{name}" style="width:{:.3}%" title="{name}: {n}"></span>"#,
                    100.0 * n as f64 / games as f64
                );
            }
        }
        h.push_str("</div>");
    }

    /// The table's filters, by code and by status.
    fn controls(&self, s: &Summary, h: &mut String) {
        let _ = write!(
            h,
            r#"<h2>Problem games: <span id="shown">{}</span> shown of {}, rule problems and wrong results first</h2><div class="controls"><label>code <select id="f-code"><option value="">any</option>"#,
            self.shown() - self.minor(),
            self.shown() + self.hidden.iter().sum::<usize>()
        );
        for code in s.by_code.keys() {
            let _ = write!(h, r#"<option>{code}</option>"#);
        }
        h.push_str(
            r#"</select></label><label>status <select id="f-status"><option value="">any</option>"#,
        );
        for status in Status::ALL {
            let _ = write!(h, "<option>{}</option>", status.as_str());
        }
        let _ = write!(
            h,
            r#"</select></label><label><input type="checkbox" id="f-minor"> games with format findings only (<span id="minor">{}</span>)</label> (click a column's title to sort)</div>"#,
            self.minor()
        );
    }
}

/// Page widths (CSS pixels) up to which the page is narrow: the file column takes a
/// larger share, since the other columns cannot shrink much.
const NARROW: u32 = 1000;

/// The file column's width: its share of the table (30%, 40% on a narrow page), or less
/// where the longest path (`chars` characters of the path's 13 px font, about 7.2 px
/// each) needs less. A fixed table layout takes no `min()` of a length and a percentage,
/// so the page says at which widths the length is the smaller.
fn file_column(chars: usize, h: &mut String) {
    let needed = (chars.max(8) as f64 * 7.2).ceil() as u32 + 14;
    // The table is the page less its 40 px of margins.
    let from = |share: f64| (f64::from(needed) / share).ceil() as u32 + 40;
    let _ = write!(
        h,
        "<style>col.c-file{{width:30%}}@media (max-width:{NARROW}px){{col.c-file{{width:40%}}}}\
         @media (min-width:{}px){{col.c-file{{width:{needed}px}}}}",
        from(0.3).max(NARROW + 1)
    );
    if from(0.4) <= NARROW {
        let _ = write!(
            h,
            "@media (min-width:{}px) and (max-width:{NARROW}px){{col.c-file{{width:{needed}px}}}}",
            from(0.4)
        );
    }
    h.push_str("</style>\n");
}

/// Statuses in the table's order (see [`rank`]).
const STATUS_BY_RANK: [Status; 4] = [Status::Illegal, Status::Mismatch, Status::Error, Status::Ok];

/// A group of problem games in words: `illegal`, …, `ok with warnings`.
fn status_group(status: Status) -> &'static str {
    match status {
        Status::Ok => "ok with warnings",
        other => other.as_str(),
    }
}

/// The colours of the severities, from the catalogue's table
/// ([`catalogue::SEVERITY_COLOURS`]): a code's label, its bar, a finding's word.
fn severity_style() -> String {
    let mut css = String::new();
    for (severity, fill, background) in catalogue::SEVERITY_COLOURS {
        let name = severity.as_str();
        let _ = write!(
            css,
            ".c-{name}{{background:{background}}}.bars rect.c-{name}{{fill:{fill}}}"
        );
    }
    css.push('\n');
    css
}

/// Findings by code as bar charts: the rules' problems and wrong results first, the
/// others (the record's format and reading) folded under them; in each, the most severe
/// codes first (`result-mismatch` first among the warnings), then the most found.
fn bars(s: &Summary, h: &mut String) {
    h.push_str("<h2>Findings by code</h2>");
    if s.by_code.is_empty() {
        h.push_str("<p>None.</p>");
        return;
    }
    let mut codes: Vec<(Code, usize)> = s.by_code.iter().map(|(c, n)| (*c, *n)).collect();
    codes.sort_by_key(|&(c, n)| {
        let severity = std::cmp::Reverse(catalogue::usual_severity(c));
        let wrong_result = c != Code::ResultMismatch;
        (
            chart_group(c),
            severity,
            wrong_result,
            std::cmp::Reverse(n),
            c,
        )
    });
    let split = codes.partition_point(|&(c, _)| chart_group(c) == 0);
    let (rules, others) = codes.split_at(split);
    if rules.is_empty() {
        h.push_str("<p>No illegal move, repetition or wrong result.</p>");
    }
    bar_chart(rules, h);
    if !others.is_empty() {
        let n: usize = others.iter().map(|(_, n)| n).sum();
        let _ = write!(
            h,
            r#"<details class="more"><summary>{} findings of the record's format and reading, {} codes</summary>"#,
            n,
            others.len()
        );
        bar_chart(others, h);
        h.push_str("</details>");
    }
}

/// One bar chart of codes and counts, bars to the scale of its largest.
fn bar_chart(codes: &[(Code, usize)], h: &mut String) {
    if codes.is_empty() {
        return;
    }
    let max = codes.iter().map(|(_, n)| *n).max().unwrap_or(1).max(1) as f64;
    let height = 22 * codes.len();
    let _ = write!(
        h,
        r#"<svg class="bars" viewBox="0 0 640 {height}" width="640" height="{height}">"#
    );
    for (i, (code, n)) in codes.iter().enumerate() {
        let y = 22 * i;
        let w = (440.0 * *n as f64 / max).max(1.0);
        let _ = write!(
            h,
            r#"<g id="code-{code}" data-count="{n}"><title>{}</title><text x="0" y="{}">{code}</text><rect class="c-{}" x="140" y="{}" width="{w:.1}" height="16" rx="2"/><text x="{:.1}" y="{}">{n}</text></g>"#,
            escape(&catalogue::short_description(*code)),
            y + 10,
            code_class(*code),
            y + 2,
            146.0 + w,
            y + 10
        );
    }
    h.push_str("</svg>");
}

impl Reporter for HtmlReporter<'_> {
    fn begin(&mut self, begin: &Begin) -> io::Result<()> {
        let inputs: Vec<String> = begin
            .inputs
            .iter()
            .map(|i| escape(i).into_owned())
            .collect();
        write!(
            self.out,
            "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">\
             <meta name=\"viewport\" content=\"width=device-width\">\
             <title>sgfaudit report</title><style>{STYLE}{}</style></head><body>\n\
             <svg width=\"0\" height=\"0\" style=\"position:absolute\" aria-hidden=\"true\">{DEFS}</svg>\n\
             <header><h1>sgfaudit report</h1><p>{} {}, schema {}: {}</p></header>\n<main>\n\
             <section id=\"problems\">",
            severity_style(),
            begin.tool,
            begin.version,
            begin.schema,
            inputs.join(" ")
        )?;
        self.legend()
    }

    fn renderer(&self) -> Renderer {
        let links = std::sync::Arc::clone(&self.links);
        Renderer::with(move |game, _fails, out| render_game(game, &links, out), 1)
    }

    fn written_to(&mut self, file: Option<&std::path::Path>) {
        self.links = std::sync::Arc::new(Links::for_report(file));
    }

    fn games(&mut self, rendered: Rendered) -> io::Result<()> {
        for row in rendered.rows::<Row>()? {
            let verdict = VERDICTS.iter().position(|&v| v == row.verdict);
            self.verdicts[verdict.unwrap_or(2)] += 1;
            if let Some(problem) = row.problem {
                self.keep(problem);
            }
        }
        Ok(())
    }

    fn error(&mut self, error: &InputError) -> io::Result<()> {
        self.errors.push(error.clone());
        Ok(())
    }

    fn summary(&mut self, s: &Summary) -> io::Result<()> {
        let mut h = String::with_capacity(64 * 1024);
        self.table(&mut h);
        h.push_str("</section>\n<section id=\"summary\">");
        self.cards(s, &mut h);
        self.verdicts(s, &mut h);
        bars(s, &mut h);
        if !self.errors.is_empty() {
            h.push_str("<h2>Inputs that could not be read</h2><ul>");
            for e in &self.errors {
                let _ = write!(h, "<li>{}: {}</li>", escape(&e.path), escape(&e.message));
            }
            h.push_str("</ul>");
        }
        self.controls(s, &mut h);
        h.push_str("</section>\n</main>");
        let _ = write!(h, "<script>{SCRIPT}</script>\n</body></html>\n");
        self.out.write_all(h.as_bytes())?;
        self.out.flush()
    }
}
