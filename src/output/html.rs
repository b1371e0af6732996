//! `--format html`: one self-contained page (inline CSS and SVG, a little plain
//! JavaScript, nothing loaded from anywhere) for a person who must see the problems: the
//! summary with findings by code as a bar chart and the verdicts, then a table of the
//! problem games, sortable and filtered by code and status, each with a diagram of its
//! first illegal move and, for a result that disagrees, of the counted position.
//!
//! The page is written as the run goes, games in input order; the summary, known only at
//! the end, comes last in the file and first on the screen (CSS `order`). No timing is
//! written, so the page is the same bytes for any `--jobs`. At most [`MAX_ROWS`] problem
//! games are shown; the page says how many more there are.
//!
//! The workers render each game into a small frame: its status, its verdict and, for a
//! problem game, the table row. The reporter reads the frames to count and to write the
//! rows, so a game without problems costs three bytes and a length.

use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::io::{self, Write};

use super::svg::{escape, write_figure, Style, DEFS};
use super::{Begin, InputError, RenderGame, Reporter, Summary};
use crate::audit::{GameReport, Status};
use crate::finding::{Code, Severity};
use crate::score::Verdict;

/// Problem games shown in the table; the rest are counted.
pub const MAX_ROWS: usize = 2000;

/// Findings listed per game (a game can hold one per move).
const MAX_FINDINGS: usize = 8;

const VERDICTS: [Verdict; 3] = [Verdict::Agrees, Verdict::Disagrees, Verdict::Unverifiable];

fn verdict_name(v: Verdict) -> &'static str {
    match v {
        Verdict::Agrees => "agrees",
        Verdict::Disagrees => "disagrees",
        Verdict::Unverifiable => "unverifiable",
    }
}

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
    shown: usize,
    hidden: usize,
    verdicts: [usize; 3],
    errors: Vec<InputError>,
}

/// Renders one game's frame: status byte, verdict byte, row length (u32, little-endian),
/// row.
fn render_game(game: &GameReport, out: &mut Vec<u8>) {
    let status = Status::ALL
        .iter()
        .position(|&s| s == game.status)
        .unwrap_or(0);
    let verdict = VERDICTS
        .iter()
        .position(|&v| v == game.check.verdict)
        .unwrap_or(2);
    out.push(status as u8);
    out.push(verdict as u8);
    if !is_problem(game) {
        out.extend_from_slice(&0u32.to_le_bytes());
        return;
    }
    let row = row(game);
    let len = u32::try_from(row.len()).unwrap_or(u32::MAX);
    out.extend_from_slice(&len.to_le_bytes());
    out.extend_from_slice(&row.as_bytes()[..len as usize]);
}

/// The severity class of a code, for colours: by what it usually is.
fn code_class(code: Code) -> &'static str {
    match code {
        Code::Occupied | Code::OffBoard | Code::Suicide | Code::Ko | Code::Superko => "error",
        Code::KomiNormalized => "info",
        _ => "warning",
    }
}

/// The table row of a problem game.
fn row(game: &GameReport) -> String {
    let mut s = String::with_capacity(1024);
    let mut codes: BTreeMap<Code, usize> = BTreeMap::new();
    for f in &game.findings {
        *codes.entry(f.code).or_insert(0) += 1;
    }
    let path = escape(&game.path);
    let _ = write!(
        s,
        r#"<tr data-status="{}" data-codes=" "#,
        game.status.as_str()
    );
    for code in codes.keys() {
        let _ = write!(s, "{code} ");
    }
    let _ = write!(
        s,
        r#""><td class="path">{path}</td><td data-v="{}">{}<br><span class="dim">line {}</span></td><td><span class="st st-{st}">{st}</span></td><td>"#,
        game.game,
        game.game,
        game.line,
        st = game.status.as_str()
    );
    for (code, n) in &codes {
        let _ = write!(s, r#"<span class="code c-{}">{code}"#, code_class(*code));
        if *n > 1 {
            let _ = write!(s, " ×{n}");
        }
        s.push_str("</span> ");
    }
    s.push_str("</td>");
    // The findings, worst first, then in order.
    let mut order: Vec<usize> = (0..game.findings.len()).collect();
    order.sort_by_key(|&i| std::cmp::Reverse(game.findings[i].severity));
    let first_move = order
        .first()
        .and_then(|&i| game.findings[i].r#move)
        .map(i64::from)
        .unwrap_or(-1);
    let _ = write!(s, r#"<td class="findings" data-v="{first_move}"><ul>"#);
    for &i in order.iter().take(MAX_FINDINGS) {
        let f = &game.findings[i];
        let at = match (f.r#move, &f.vertex) {
            (Some(m), Some(v)) => format!("move {m} {v}, "),
            (Some(m), None) => format!("move {m}, "),
            _ => String::new(),
        };
        let _ = write!(
            s,
            r#"<li><span class="sev-{}">{}</span> <b>{}</b> <span class="dim">{at}{}:{}</span> {}</li>"#,
            f.severity.as_str(),
            f.severity.as_str(),
            f.code,
            f.line,
            f.column,
            escape(&f.message)
        );
    }
    if game.findings.len() > MAX_FINDINGS {
        let _ = write!(
            s,
            "<li class=\"dim\">and {} more</li>",
            game.findings.len() - MAX_FINDINGS
        );
    }
    s.push_str("</ul></td>");
    let _ = write!(
        s,
        r#"<td><span class="v v-{v}">{v}</span>"#,
        v = verdict_name(game.check.verdict)
    );
    if let Some(re) = &game.check.recorded {
        let _ = write!(s, "<br>RE[{}]", escape(re));
    }
    if let Some(c) = &game.check.computed {
        let _ = write!(s, "<br>counted {}", escape(c));
    }
    if let Some(r) = &game.check.reason {
        let _ = write!(s, r#"<br><span class="dim">{}</span>"#, escape(r));
    }
    s.push_str("</td><td class=\"fig\">");
    for figure in &game.figures {
        s.push_str("<figure>");
        write_figure(figure, Style::Inline, &mut s);
        if !figure.caption.is_empty() {
            s.push_str("<figcaption>");
            for line in &figure.caption {
                let _ = write!(s, "{}<br>", escape(line));
            }
            s.push_str("</figcaption>");
        }
        s.push_str("</figure>");
    }
    if let Some(m) = crate::audit::figure::first_illegal_move(&game.findings).and_then(|f| f.r#move)
    {
        let _ = write!(
            s,
            "<code>sgfaudit show {path} --game {} --move {m}</code>",
            game.game
        );
    }
    s.push_str("</td></tr>\n");
    s
}

const STYLE: &str = r#"
body{font:14px/1.4 system-ui,sans-serif;margin:0;color:#1b1b1b;background:#f6f5f2}
header{padding:12px 20px;background:#2d2a26;color:#f6f5f2}header h1{margin:0;font-size:20px}
header p{margin:4px 0 0;color:#cfc9bf;word-break:break-all}
main{display:flex;flex-direction:column;padding:0 20px 30px}
#summary{order:1}#problems{order:2}
section h2{font-size:17px;margin:18px 0 8px}
.cards{display:flex;flex-wrap:wrap;gap:10px}
.card{background:#fff;border:1px solid #ddd;border-radius:6px;padding:8px 14px;min-width:90px}
.card b{display:block;font-size:22px}
.st-ok,.v-agrees{color:#17803d}.st-illegal,.v-disagrees,.sev-error{color:#c01b16}
.st-mismatch{color:#b45f00}.st-error{color:#7a1fa2}.v-unverifiable,.dim,.sev-info{color:#6b6b6b}.sev-warning{color:#b45f00}
.code{display:inline-block;padding:0 5px;margin:1px;border-radius:4px;font-size:12px;background:#eee}
.c-error{background:#fbd5d3}.c-warning{background:#fde8c8}.c-info{background:#e4e4e4}
.bars rect.c-error{fill:#d9534f}.bars rect.c-warning{fill:#f0a840}.bars rect.c-info{fill:#a8a8a8}
.bars text{font-size:12px;dominant-baseline:central}
.stack{display:flex;height:18px;max-width:640px;border-radius:4px;overflow:hidden;background:#e4e4e4}
.stack span{display:block;height:100%}.s-agrees{background:#3aa55d}.s-disagrees{background:#d9534f}.s-unverifiable{background:#c8c8c8}
table{border-collapse:collapse;background:#fff;width:100%}
th,td{border:1px solid #ddd;padding:4px 6px;vertical-align:top;text-align:left}
th{background:#ece9e3;position:sticky;top:0}th[data-sort]{cursor:pointer}th[data-sort]:after{content:" \2195";color:#999}
td.path{word-break:break-all;max-width:260px}td.findings ul{margin:0;padding-left:16px}
td.fig figure{margin:0 0 6px;display:inline-block;vertical-align:top}td.fig figcaption{font-size:12px;max-width:460px}
td.fig code{font-size:11px;color:#555;word-break:break-all}
.controls{margin:8px 0}.controls label{margin-right:14px}
.legend svg{vertical-align:middle}.legend span{margin-right:14px;white-space:nowrap}
"#;

const SCRIPT: &str = r#"
(function () {
  var table = document.getElementById("games-table");
  var body = table.tBodies[0];
  var rows = Array.prototype.slice.call(body.rows);
  rows.forEach(function (r, i) { r.dataset.i = i; });
  var code = document.getElementById("f-code");
  var status = document.getElementById("f-status");
  var shown = document.getElementById("shown");
  function filter() {
    var c = code.value, s = status.value, n = 0;
    rows.forEach(function (r) {
      var ok = (!c || r.dataset.codes.indexOf(" " + c + " ") >= 0) && (!s || r.dataset.status === s);
      r.hidden = !ok;
      if (ok) { n++; }
    });
    shown.textContent = n;
  }
  code.addEventListener("change", filter);
  status.addEventListener("change", filter);
  var direction = {};
  Array.prototype.forEach.call(table.tHead.rows[0].cells, function (th, i) {
    if (!th.dataset.sort) { return; }
    th.tabIndex = 0;
    th.addEventListener("click", function () {
      var d = direction[i] = -(direction[i] || -1);
      var numeric = th.dataset.sort === "num";
      function key(r) {
        var cell = r.cells[i];
        var v = cell.dataset.v !== undefined ? cell.dataset.v : cell.textContent;
        return numeric ? parseFloat(v) : v;
      }
      rows.sort(function (a, b) {
        var x = key(a), y = key(b);
        return (x < y ? -1 : x > y ? 1 : 0) * d || a.dataset.i - b.dataset.i;
      });
      rows.forEach(function (r) { body.appendChild(r); });
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

    /// A reporter that shows at most `limit` problem games.
    pub fn with_limit(out: Box<dyn Write + 'w>, limit: usize) -> Self {
        HtmlReporter {
            out,
            limit,
            shown: 0,
            hidden: 0,
            verdicts: [0; 3],
            errors: Vec::new(),
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
             <title>sgfaudit report</title><style>{STYLE}</style></head><body>\n\
             <svg width=\"0\" height=\"0\" style=\"position:absolute\" aria-hidden=\"true\">{DEFS}</svg>\n\
             <header><h1>sgfaudit report</h1><p>{} {}, schema {}: {}</p></header>\n<main>\n\
             <section id=\"problems\">",
            begin.tool,
            begin.version,
            begin.schema,
            inputs.join(" ")
        )?;
        self.legend()?;
        self.out.write_all(
            b"<table id=\"games-table\"><thead><tr><th data-sort=\"text\">file</th>\
              <th data-sort=\"num\">game</th><th data-sort=\"text\">status</th>\
              <th data-sort=\"text\">codes</th><th data-sort=\"num\">findings (first move)</th>\
              <th data-sort=\"text\">check</th><th>diagram</th></tr></thead><tbody>\n",
        )
    }

    fn renderer(&self) -> RenderGame {
        render_game
    }

    fn game(&mut self, rendered: &[u8]) -> io::Result<()> {
        let mut rest = rendered;
        while rest.len() >= 6 {
            let verdict = rest[1] as usize;
            let len = u32::from_le_bytes([rest[2], rest[3], rest[4], rest[5]]) as usize;
            self.verdicts[verdict.min(2)] += 1;
            let end = (6 + len).min(rest.len());
            if len > 0 {
                if self.shown < self.limit {
                    self.shown += 1;
                    self.out.write_all(&rest[6..end])?;
                } else {
                    self.hidden += 1;
                }
            }
            rest = &rest[end..];
        }
        Ok(())
    }

    fn error(&mut self, error: &InputError) -> io::Result<()> {
        self.errors.push(error.clone());
        Ok(())
    }

    fn summary(&mut self, s: &Summary) -> io::Result<()> {
        let mut h = String::with_capacity(8 * 1024);
        h.push_str("</tbody></table>\n");
        if self.shown == 0 {
            h.push_str("<p>No problem games.</p>");
        }
        if self.hidden > 0 {
            let _ = write!(
                h,
                r#"<p id="more">The first {} problem games are shown; <b id="hidden">{}</b> more are not (run <code>sgfaudit audit --format jsonl</code> for all of them).</p>"#,
                self.shown, self.hidden
            );
        }
        h.push_str("</section>\n<section id=\"summary\"><h2>Summary</h2><div class=\"cards\">");
        let card = |h: &mut String, id: &str, n: usize, label: &str, class: &str| {
            let _ = write!(
                h,
                r#"<div class="card"><b id="{id}" class="{class}">{n}</b>{label}</div>"#
            );
        };
        card(&mut h, "files", s.files, "files", "");
        card(&mut h, "games", s.games, "games", "");
        let _ = write!(
            h,
            r#"<div class="card"><b id="moves">{}</b>moves</div>"#,
            s.moves
        );
        for status in Status::ALL {
            let n = s.by_status.get(&status).copied().unwrap_or(0);
            card(
                &mut h,
                &format!("status-{}", status.as_str()),
                n,
                status.as_str(),
                &format!("st-{}", status.as_str()),
            );
        }
        if s.unreadable > 0 {
            card(
                &mut h,
                "unreadable",
                s.unreadable,
                "unreadable inputs",
                "st-error",
            );
        }
        h.push_str("</div>");

        // Verdicts.
        let checked = self.verdicts[0] + self.verdicts[1];
        let games = self.verdicts.iter().sum::<usize>().max(1);
        let _ = write!(
            h,
            r#"<h2>Results checked against RE[]</h2><p><b id="checked">{checked}</b> of {} games counted and checked ({:.1}%): "#,
            s.games,
            100.0 * checked as f64 / games as f64
        );
        for (v, n) in VERDICTS.iter().zip(self.verdicts) {
            let name = verdict_name(*v);
            let _ = write!(
                h,
                r#"<span class="v-{name}"><b id="verdict-{name}">{n}</b> {name}</span> "#
            );
        }
        h.push_str(r#"</p><div class="stack">"#);
        for (v, n) in VERDICTS.iter().zip(self.verdicts) {
            if n > 0 {
                let name = verdict_name(*v);
                let _ = write!(
                    h,
                    r#"<span class="s-{name}" style="width:{:.3}%" title="{name}: {n}"></span>"#,
                    100.0 * n as f64 / games as f64
                );
            }
        }
        h.push_str("</div>");

        // Findings by code.
        h.push_str("<h2>Findings by code</h2>");
        if s.by_code.is_empty() {
            h.push_str("<p>None.</p>");
        } else {
            let max = s.by_code.values().copied().max().unwrap_or(1).max(1) as f64;
            let height = 22 * s.by_code.len();
            let _ = write!(
                h,
                r#"<svg class="bars" viewBox="0 0 640 {height}" width="640" height="{height}">"#
            );
            for (i, (code, n)) in s.by_code.iter().enumerate() {
                let y = 22 * i;
                let w = (440.0 * *n as f64 / max).max(1.0);
                let _ = write!(
                    h,
                    r#"<g id="code-{code}" data-count="{n}"><text x="0" y="{}">{code}</text><rect class="c-{}" x="140" y="{}" width="{w:.1}" height="16" rx="2"/><text x="{:.1}" y="{}">{n}</text></g>"#,
                    y + 10,
                    code_class(*code),
                    y + 2,
                    146.0 + w,
                    y + 10
                );
            }
            h.push_str("</svg>");
        }
        if !self.errors.is_empty() {
            h.push_str("<h2>Inputs that could not be read</h2><ul>");
            for e in &self.errors {
                let _ = write!(h, "<li>{}: {}</li>", escape(&e.path), escape(&e.message));
            }
            h.push_str("</ul>");
        }

        // The table's controls.
        let _ = write!(
            h,
            r#"<h2>Problem games: <span id="shown">{}</span> shown of {}</h2><div class="controls"><label>code <select id="f-code"><option value="">any</option>"#,
            self.shown,
            self.shown + self.hidden
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
        h.push_str("</select></label> (click a column's title to sort)</div></section>\n</main>");
        let _ = write!(h, "<script>{SCRIPT}</script>\n</body></html>\n");
        self.out.write_all(h.as_bytes())?;
        self.out.flush()
    }
}
