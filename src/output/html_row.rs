//! One problem game as the HTML report's table shows it: a `<tbody>` with the game's row
//! (path breakable at `/` with the game's number and line, status and why, codes and the first findings with the rest
//! folded away, the check by the count it compared) and, when the game has diagrams, a second row
//! under it with the diagrams and the `sgfaudit show` line that draws them larger.

use std::collections::BTreeMap;
use std::fmt::Write as _;

use super::links::Links;
use super::svg::{escape, write_figure, Style};
use crate::audit::{GameReport, Status};
use crate::finding::{catalogue, Code, Finding, Severity};

/// Findings listed per game (a game can hold one per move).
pub const MAX_FINDINGS: usize = 8;

/// Findings shown before the rest fold under "and N more".
pub const FINDINGS_SHOWN: usize = 3;

/// Columns of a game's row (the diagram row spans them all).
pub const COLUMNS: usize = 4;

/// Where a problem game goes in the table: worst first (`illegal`, `mismatch`, `error`,
/// then `ok` with warnings), input order inside each group.
pub fn rank(status: Status) -> usize {
    match status {
        Status::Illegal => 0,
        Status::Mismatch => 1,
        Status::Error => 2,
        Status::Ok => 3,
    }
}

/// The severity class of a code, for colours: the severity the catalogue says it usually
/// comes with ([`catalogue::usual_severity`]).
pub fn code_class(code: Code) -> &'static str {
    catalogue::usual_severity(code).as_str()
}

/// Where a code goes in the chart: 0 for the rules' problems and wrong results (a code
/// with an article of the rules: illegal moves, repetitions, `result-mismatch`), 1 for the
/// others (the record's format and reading), which the chart folds away.
pub fn chart_group(code: Code) -> usize {
    usize::from(code.article().is_none())
}

/// A problem game whose findings are all of the record's format and reading: `ok`, no
/// finding of the rules or the result. The table hides these until asked.
pub fn is_minor(game: &GameReport) -> bool {
    game.status == Status::Ok && game.findings.iter().all(|f| chart_group(f.code) == 1)
}

/// The table body of a problem game, its path linked as `links` says.
pub fn game_body(game: &GameReport, links: &Links) -> String {
    let mut s = String::with_capacity(1024);
    let mut codes: BTreeMap<Code, usize> = BTreeMap::new();
    for f in &game.findings {
        *codes.entry(f.code).or_insert(0) += 1;
    }
    let st = game.status.as_str();
    let minor = if is_minor(game) {
        r#" data-minor="1""#
    } else {
        ""
    };
    let _ = write!(s, r#"<tbody><tr data-status="{st}"{minor} data-codes=" "#);
    for code in codes.keys() {
        let _ = write!(s, "{code} ");
    }
    s.push_str(r#""><td class="path">"#);
    match links.href(&game.path) {
        Some(href) => {
            let _ = write!(s, r#"<a href="{}">"#, escape(&href));
            breakable_path(&game.path, &mut s);
            s.push_str("</a>");
        }
        None => breakable_path(&game.path, &mut s),
    }
    game_information(game, &mut s);
    let _ = write!(
        s,
        r#"<div class="dim">game {}, line {}</div></td><td data-v="{}"><span class="st st-{st}">{st}</span>"#,
        game.game,
        game.line,
        rank(game.status),
    );
    if game.status == Status::Error {
        let why = first_error(&game.findings)
            .map(|f| format!("{}: {}", f.code, f.message))
            .or_else(|| game.check.reason_text())
            .unwrap_or_else(|| "the game could not be read".to_string());
        let _ = write!(s, r#"<div class="why">{}</div>"#, escape(&why));
    }
    s.push_str("</td>");
    findings_cell(&game.findings, &codes, &mut s);
    check_cell(game, &mut s);
    s.push_str("</tr>");
    diagram_row(game, &mut s);
    s.push_str("</tbody>\n");
    s
}

/// The players with their ranks, then the date, event and result, as the record gives
/// them: how a reader knows the game. Nothing for a record without any.
fn game_information(game: &GameReport, s: &mut String) {
    let info = &game.info;
    let player = |name: &Option<String>, rank: &Option<String>| {
        let name = name.as_deref().filter(|n| !n.is_empty()).unwrap_or("?");
        match rank.as_deref().filter(|r| !r.is_empty()) {
            Some(rank) => format!("{} {}", escape(name), escape(rank)),
            None => escape(name).into_owned(),
        }
    };
    let mut parts = Vec::new();
    if game.black.is_some() || game.white.is_some() {
        parts.push(format!(
            r#"<span class="players">{} (B) – {} (W)</span>"#,
            player(&game.black, &info.black_rank),
            player(&game.white, &info.white_rank)
        ));
    }
    for value in [&info.date, &info.event, &game.result]
        .into_iter()
        .flatten()
    {
        if !value.is_empty() {
            parts.push(escape(value).into_owned());
        }
    }
    if !parts.is_empty() {
        let _ = write!(s, r#"<div class="info">{}</div>"#, parts.join(" · "));
    }
}

/// The game's first finding of severity `error`: why a game is `error`.
fn first_error(findings: &[Finding]) -> Option<&Finding> {
    findings.iter().find(|f| f.severity == Severity::Error)
}

/// The path with a line break allowed after each `/`; a name with a hyphen or a space is
/// kept whole (an inline block) unless it is wider than the column by itself.
fn breakable_path(path: &str, s: &mut String) {
    let mut parts = path.split('/').peekable();
    while let Some(part) = parts.next() {
        if part.contains(['-', ' ']) {
            let _ = write!(s, "<span>{}</span>", escape(part));
        } else {
            s.push_str(&escape(part));
        }
        if parts.peek().is_some() {
            s.push_str("/<wbr>");
        }
    }
}

/// The codes with their counts, then the findings, worst first, then in order: the first
/// [`FINDINGS_SHOWN`], the rest (up to [`MAX_FINDINGS`] in all) under "and N more".
fn findings_cell(findings: &[Finding], codes: &BTreeMap<Code, usize>, s: &mut String) {
    let mut order: Vec<usize> = (0..findings.len()).collect();
    order.sort_by_key(|&i| std::cmp::Reverse(findings[i].severity));
    let first_move = order
        .first()
        .and_then(|&i| findings[i].r#move)
        .map(i64::from)
        .unwrap_or(-1);
    let _ = write!(s, r#"<td class="findings" data-v="{first_move}"><div>"#);
    for (code, n) in codes {
        let _ = write!(
            s,
            r#"<span class="code c-{}" title="{}">{code}"#,
            code_class(*code),
            escape(&catalogue::short_description(*code))
        );
        if *n > 1 {
            let _ = write!(s, " ×{n}");
        }
        s.push_str("</span> ");
    }
    s.push_str("</div><ul>");
    for (n, &i) in order.iter().take(MAX_FINDINGS).enumerate() {
        if n == FINDINGS_SHOWN {
            let _ = write!(
                s,
                "</ul><details><summary>and {} more</summary><ul>",
                findings.len() - FINDINGS_SHOWN
            );
        }
        finding_item(&findings[i], s);
    }
    if findings.len() > MAX_FINDINGS {
        let _ = write!(
            s,
            "<li class=\"dim\">{} more not listed here (<code>sgfaudit audit --json</code> lists all)</li>",
            findings.len() - MAX_FINDINGS
        );
    }
    s.push_str("</ul>");
    if findings.len() > FINDINGS_SHOWN {
        s.push_str("</details>");
    }
    s.push_str("</td>");
}

fn finding_item(f: &Finding, s: &mut String) {
    let mut at = match (f.r#move, &f.vertex) {
        (Some(m), Some(v)) => format!("move {m} {v}, "),
        (Some(m), None) => format!("move {m}, "),
        _ => String::new(),
    };
    if let Some(v) = &f.variation {
        at.insert_str(0, &format!("variation {}, ", escape(v)));
    }
    let _ = write!(
        s,
        r#"<li><span class="sev-{sev}">{sev}</span> <b title="{}">{}</b> <span class="dim">{at}{}:{}</span> {}</li>"#,
        escape(&catalogue::short_description(f.code)),
        f.code,
        f.line,
        f.column,
        escape(&f.message),
        sev = f.severity.as_str(),
    );
}

/// The verdict, `RE[]`, the count the check compared (and which count it was) and the
/// reason.
fn check_cell(game: &GameReport, s: &mut String) {
    let _ = write!(
        s,
        r#"<td><span class="v v-{v}">{v}</span>"#,
        v = game.check.verdict.as_str()
    );
    if let Some(re) = &game.check.recorded {
        let _ = write!(s, "<br>RE[{}]", escape(re));
    }
    if let Some(c) = &game.check.computed_result() {
        match &game.score {
            Some(score) => {
                let _ = write!(s, "<br>{} count {}", score.counting.as_str(), escape(c));
            }
            None => {
                let _ = write!(s, "<br>counted {}", escape(c));
            }
        }
    }
    if let Some(r) = game.check.reason_text() {
        let _ = write!(s, r#"<br><span class="dim">{}</span>"#, escape(&r));
    }
    s.push_str("</td>");
}

/// The row under the game's row: its diagrams and the `sgfaudit show` line of its first
/// illegal move. Nothing for a game without either.
fn diagram_row(game: &GameReport, s: &mut String) {
    let first = crate::audit::figure::first_illegal_move(&game.findings);
    let show = first.and_then(|f| f.r#move);
    if game.figures.is_empty() && show.is_none() {
        return;
    }
    let _ = write!(s, r#"<tr class="figs"><td colspan="{COLUMNS}">"#);
    for figure in &game.figures {
        s.push_str("<figure>");
        write_figure(figure, Style::Inline, s);
        if !figure.caption.is_empty() {
            s.push_str("<figcaption>");
            for line in &figure.caption {
                let _ = write!(s, "{}<br>", escape(line));
            }
            s.push_str("</figcaption>");
        }
        s.push_str("</figure>");
    }
    if let Some(score) = game.score.as_ref().filter(|_| !game.figures.is_empty()) {
        score_breakdown(score, s);
    }
    if let Some(m) = show {
        let variation = first
            .and_then(|f| f.variation.as_deref())
            .map(|v| format!(" --variation {v}"))
            .unwrap_or_default();
        let _ = write!(
            s,
            r#"<pre class="show">sgfaudit show {} --game {} --move {m}{}</pre>"#,
            escape(&shell_word(&game.path)),
            game.game,
            escape(&variation)
        );
    }
    s.push_str("</td></tr>");
}

/// The count beside the counted board, side by side: the territory count (territory +
/// prisoners, komi to White) when it is the one compared, else the area count (stones and
/// territory as one area, komi and any handicap compensation to White). The heading names
/// the count shown and gives its own result.
fn score_breakdown(score: &crate::score::Score, s: &mut String) {
    let n = |x: f64| super::csv::float(x);
    let (name, result, black, white) = match (&score.territory, score.counting.as_str()) {
        (Some(t), "territory") => (
            "territory",
            &t.result,
            format!(
                "territory {} + prisoners {} = {}",
                t.black_territory,
                t.black_prisoners,
                t.black_territory + t.black_prisoners
            ),
            format!(
                "territory {} + prisoners {} + komi {} = {}",
                t.white_territory,
                t.white_prisoners,
                n(t.komi),
                n(f64::from(t.white_territory + t.white_prisoners) + t.komi)
            ),
        ),
        _ => {
            let bonus = if score.handicap_bonus != 0.0 {
                format!(" + handicap {}", n(score.handicap_bonus))
            } else {
                String::new()
            };
            (
                "area",
                &score.result,
                format!("stones and territory {}", n(score.black)),
                format!(
                    "stones and territory {} + komi {}{bonus} = {}",
                    n(score.white),
                    n(score.komi),
                    n(score.white + score.komi + score.handicap_bonus)
                ),
            )
        }
    };
    let _ = write!(
        s,
        r#"<div class="count"><b>{name} count: {}</b><br>Black: {}<br>White: {}</div>"#,
        escape(result),
        black,
        white
    );
}

/// `path` as one word for a POSIX shell: as it is when nothing in it is special, else
/// quoted; a path that starts with `-` is written `./-…` so that it is not an option.
pub fn shell_word(path: &str) -> String {
    let path = if path.starts_with('-') {
        format!("./{path}")
    } else {
        path.to_string()
    };
    // Only a NUL cannot be quoted, and no path holds one.
    shlex::try_quote(&path)
        .map(|q| q.into_owned())
        .unwrap_or(path)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// What a POSIX shell makes of `line`, one argument per line (`sh -c`, `printf`).
    fn words(line: &str) -> Vec<String> {
        let out = std::process::Command::new("sh")
            .arg("-c")
            .arg(format!("printf '%s\\n' {line}"))
            .output()
            .unwrap();
        String::from_utf8(out.stdout)
            .unwrap()
            .lines()
            .map(str::to_string)
            .collect()
    }

    #[test]
    fn a_path_is_one_shell_word_whatever_it_holds() {
        for path in [
            "corpus/shapes/triple-ko__superko@8.sgf",
            "games/My Games/a b.sgf",
            "it's \"quoted\".sgf",
            "a<b>c&d;e|f$(g)`h`.sgf",
            "~/x*y?[z] #1!.sgf",
            "棋譜/黑胜 1.sgf",
            "archive.zip!inner/path.sgf",
            "-rf.sgf",
        ] {
            let word = shell_word(path);
            let expected = if path.starts_with('-') {
                format!("./{path}")
            } else {
                path.to_string()
            };
            assert_eq!(words(&word), vec![expected], "{path} written as {word}");
        }
        assert_eq!(shell_word("corpus/a.sgf"), "corpus/a.sgf");
    }

    #[test]
    fn a_path_breaks_only_after_its_slashes() {
        let mut s = String::new();
        breakable_path("a/b<c/d-e f.sgf", &mut s);
        assert_eq!(s, "a/<wbr>b&lt;c/<wbr><span>d-e f.sgf</span>");
    }
}
