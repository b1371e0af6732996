//! The HTML report as an auditor reads it: every code in its catalogue colour, the rules'
//! problems and wrong results leading the chart and the table, games shown with their
//! players, ranks, date and event, a link to the file and each code explained; the same
//! bytes for any `--jobs`, bounded, with a diagram for each illegal game.

use crate::common;

use common::{arg, root, sgfaudit};
use sgfaudit::audit::AuditOptions;
use sgfaudit::finding::{catalogue, Code};

fn report(path: &str) -> String {
    let out = sgfaudit(&["audit", "--format", "html", "--progress", "never", path]);
    String::from_utf8(out.stdout).unwrap()
}

/// Each `(class, code)` of the code labels and the chart's bars.
fn classes(html: &str) -> Vec<(String, String)> {
    let mut found = Vec::new();
    for (open, close) in [
        (r#"<span class="code c-"#, "</span>"),
        (r#"<g id="code-"#, "</g>"),
    ] {
        for part in html.split(open).skip(1) {
            let item = &part[..part.find(close).unwrap()];
            let (class, code) = if open.starts_with("<span") {
                let class = &item[..item.find('"').unwrap()];
                let code = item.rsplit('>').next().unwrap();
                (class, code.split(" ×").next().unwrap())
            } else {
                let code = &item[..item.find('"').unwrap()];
                let class = item.split(r#"class="c-"#).nth(1).unwrap();
                (&class[..class.find('"').unwrap()], code)
            };
            found.push((class.to_string(), code.to_string()));
        }
    }
    found
}

#[test]
fn every_code_is_drawn_in_its_catalogue_colour() {
    let html = report("corpus");
    let found = classes(&html);
    let codes: std::collections::BTreeSet<&str> = found.iter().map(|(_, c)| c.as_str()).collect();
    assert!(codes.len() > 30, "{codes:?}");
    for (class, code) in &found {
        let code = Code::from_name(code).unwrap_or_else(|| panic!("{code}"));
        assert_eq!(class, catalogue::usual_severity(code).as_str(), "{code}");
    }
    for (severity, fill, background) in catalogue::SEVERITY_COLOURS {
        let name = severity.as_str();
        assert!(html.contains(&format!(".c-{name}{{background:{background}}}")));
        assert!(html.contains(&format!(".bars rect.c-{name}{{fill:{fill}}}")));
    }
    for (code, class) in [
        ("unknown-property", "info"),
        ("mixed-collection", "info"),
        ("not-go", "error"),
    ] {
        assert!(
            found.contains(&(class.to_string(), code.to_string())),
            "{code}"
        );
    }
}

#[test]
fn rule_problems_and_wrong_results_lead_and_format_findings_fold() {
    let html = report("corpus");
    let chart = &html[html.find("<h2>Findings by code</h2>").unwrap()..];
    let first_bar = chart.split(r#"<g id="code-"#).nth(1).unwrap();
    let first = Code::from_name(&first_bar[..first_bar.find('"').unwrap()]).unwrap();
    assert!(first.article().is_some(), "{first}");
    let folded = &chart[chart.find("<details class=\"more\">").unwrap()..];
    assert!(folded.contains(r#"id="code-unknown-property""#));
    let bar = |code: &str| chart.find(&format!(r#"id="code-{code}""#)).unwrap();
    assert!(bar("result-mismatch") < bar("consecutive-move"));
    assert!(bar("occupied") < bar("result-mismatch"));
    // The table: games with format findings only are marked to be hidden until asked,
    // and the first row is a rule problem.
    let first_row = html.split("<tbody><tr ").nth(1).unwrap();
    assert!(
        first_row.starts_with(r#"data-status="illegal""#),
        "{first_row}"
    );
    assert!(html.contains(r#"data-status="ok" data-minor="1""#));
    assert!(html.contains(r#"<input type="checkbox" id="f-minor">"#));
}

#[test]
fn rows_show_players_ranks_date_and_link_to_the_file() {
    let html = report("tests/fixtures/awkward");
    assert!(html.contains("柯洁"), "players");
    // Written to standard output, whose place is unknown: an absolute address.
    let root = common::root().canonicalize().unwrap();
    let href = format!(
        r#"<a href="file://{}/tests/fixtures/awkward/cjk%20%E5%9B%B4%E6%A3%8B.sgf">"#,
        root.to_str().unwrap().replace(' ', "%20")
    );
    assert!(html.contains(&href), "{href}");
    assert!(html.contains(r#"title="A stone played on an occupied point.""#));
    let Some(shared) = common::shared_corpus() else {
        return;
    };
    let html = report(&arg(&shared.join("real")));
    let rows: Vec<&str> = html.split("<tbody><tr ").skip(1).collect();
    assert!(rows.len() > 100);
    let with_info = rows
        .iter()
        .filter(|r| r.contains(r#"<div class="info"><span class="players">"#))
        .count();
    assert!(with_info * 2 > rows.len(), "{with_info} of {}", rows.len());
    // A counted board has its count beside it.
    assert!(html.contains(r#"<div class="count"><b>"#));
}

#[test]
fn html_report_is_the_same_for_any_jobs_and_draws_every_illegal_game() {
    let one = sgfaudit(&["audit", "--format", "html", "--jobs", "1", "corpus"]);
    let three = sgfaudit(&["audit", "--format", "html", "--jobs", "3", "corpus"]);
    assert_eq!(one.status.code(), Some(1));
    assert!(one.stdout == three.stdout, "--jobs 1 and --jobs 3 differ");
    let html = String::from_utf8(one.stdout).unwrap();
    let json = common::json_lines(&sgfaudit(&["audit", "--json", "corpus"]).stdout);
    let summary = &json.last().unwrap()["data"];
    assert!(
        html.contains(&format!(
            r#"<b id="games" class="">{}</b>"#,
            summary["games"]
        )),
        "game count"
    );
    for status in ["ok", "illegal", "mismatch", "error"] {
        assert!(
            html.contains(&format!(
                r#"id="status-{status}" class="st-{status}">{}</b>"#,
                summary["by_status"][status]
            )),
            "{status}"
        );
    }
    // One row per problem game, and a diagram for each game with an illegal move.
    let games: Vec<&serde_json::Value> = json
        .iter()
        .filter(|l| l["type"] == "game")
        .map(|l| &l["data"])
        .collect();
    let problems = games
        .iter()
        .filter(|g| {
            g["status"] != "ok"
                || g["findings"]
                    .as_array()
                    .unwrap()
                    .iter()
                    .any(|f| f["severity"] != "info")
        })
        .count();
    assert_eq!(html.matches("<tr data-status=").count(), problems);
    let illegal = games.iter().filter(|g| g["status"] == "illegal").count();
    let disagrees = games
        .iter()
        .filter(|g| g["check"]["verdict"] == "disagrees")
        .count();
    let illegal_moves = games
        .iter()
        .filter(|g| {
            g["findings"].as_array().unwrap().iter().any(|f| {
                f["severity"] == "error"
                    && ["occupied", "off-board", "suicide", "ko", "superko"]
                        .contains(&f["code"].as_str().unwrap())
            })
        })
        .count();
    assert!(illegal_moves >= 10 && illegal_moves <= illegal);
    assert!(disagrees >= 1);
    assert_eq!(html.matches("<figure>").count(), illegal_moves + disagrees);
    // Nothing is loaded from anywhere.
    for needle in ["http://", "https://", "src=", "<link", "@import", "url("] {
        assert!(
            !html.contains(needle),
            "the page refers outside itself: {needle}"
        );
    }
}

/// The statuses of the table's rows, in the page's order.
fn row_statuses(html: &str) -> Vec<String> {
    html.split(r#"<tr data-status=""#)
        .skip(1)
        .map(|r| r.split('"').next().unwrap().to_string())
        .collect()
}

/// Where a status goes in the table: worst first.
fn status_rank(status: &str) -> usize {
    ["illegal", "mismatch", "error", "ok"]
        .iter()
        .position(|s| *s == status)
        .unwrap()
}

/// Undoes the page's escaping of text.
fn unescape(text: &str) -> String {
    text.replace("&lt;", "<")
        .replace("&gt;", ">")
        .replace("&quot;", "\"")
        .replace("&#39;", "'")
        .replace("&amp;", "&")
}

#[test]
fn html_report_puts_the_worst_games_first_and_says_why_a_game_is_an_error() {
    let out = sgfaudit(&["audit", "--format", "html", "corpus"]);
    let html = String::from_utf8(out.stdout).unwrap();
    let statuses = row_statuses(&html);
    let ranks: Vec<usize> = statuses.iter().map(|s| status_rank(s)).collect();
    assert_eq!(statuses[0], "illegal");
    assert!(ranks.windows(2).all(|w| w[0] <= w[1]), "{statuses:?}");
    // Inside a group, input order (the JSON Lines order).
    let json = common::json_lines(&sgfaudit(&["audit", "--json", "corpus"]).stdout);
    let illegal: Vec<String> = common::games(&json)
        .iter()
        .filter(|g| g["status"] == "illegal")
        .map(|g| g["path"].as_str().unwrap().to_string())
        .collect();
    let paths: Vec<String> = html
        .split(r#"<td class="path">"#)
        .skip(1)
        .take(illegal.len())
        .map(|cell| {
            // The link's text: the path.
            let link = cell.split("</a>").next().unwrap();
            let path = &link[link.find('>').unwrap() + 1..];
            unescape(
                &path
                    .replace("<wbr>", "")
                    .replace("<span>", "")
                    .replace("</span>", ""),
            )
        })
        .collect();
    assert_eq!(paths, illegal);
    // Every error row says why: the first error finding, by code and message.
    let errors: Vec<&str> = html.split(r#"<tr data-status="error""#).skip(1).collect();
    assert!(!errors.is_empty());
    for row in errors {
        let row = row.split("</tr>").next().unwrap();
        let why = row
            .split(r#"<div class="why">"#)
            .nth(1)
            .unwrap_or_else(|| panic!("an error row without its reason: {row}"));
        assert!(why.contains(": "), "{why}");
    }
}

#[test]
fn html_report_shows_a_result_by_the_count_the_check_compared() {
    let Some(shared) = common::shared_corpus() else {
        return;
    };
    // Counted by territory (W+139.5), as the rules call for; the area count is W+140.5.
    let file =
        shared.join("real/ai-tournaments/The_11th_Computer_Go_UEC_Cup/day1_4-QuinoaIgo-Ray.sgf");
    let file = file.to_str().unwrap();
    let json = common::json_lines(&sgfaudit(&["audit", "--json", file]).stdout);
    let game = common::games(&json)[0].clone();
    assert_eq!(game["score"]["counting"], "territory");
    assert_eq!(game["check"]["verdict"], "disagrees");
    let counted = game["check"]["computed"].as_str().unwrap();
    assert_ne!(counted, game["score"]["result"].as_str().unwrap());
    let html = String::from_utf8(sgfaudit(&["audit", "--format", "html", file]).stdout).unwrap();
    assert!(
        html.contains(&format!("<br>territory count {counted}<br>")),
        "the table"
    );
    assert!(
        html.contains(&format!("territory count {counted}; RE[B+139.5] disagrees")),
        "the caption"
    );
}

#[test]
fn html_score_panel_names_each_count_by_its_own_name() {
    let Some(shared) = common::shared_corpus() else {
        return;
    };
    // Counted by territory (W+0.5, as the finding says); its area count is B+0.5.
    let file = shared.join("real/fox-pro/9p/1379164009019999140.sgf");
    let file = file.to_str().unwrap();
    let json = common::json_lines(&sgfaudit(&["audit", "--json", file]).stdout);
    let game = common::games(&json)[0].clone();
    assert_eq!(game["score"]["counting"], "territory");
    let territory = game["score"]["territory"]["result"].as_str().unwrap();
    let area = game["score"]["result"].as_str().unwrap();
    assert_ne!(territory, area);
    let html = String::from_utf8(sgfaudit(&["audit", "--format", "html", file]).stdout).unwrap();
    let panel = html
        .split(r#"<div class="count">"#)
        .nth(1)
        .and_then(|p| p.split("</div>").next())
        .expect("a score panel");
    assert!(
        panel.starts_with(&format!("<b>territory count: {territory}</b>")),
        "{panel}"
    );
    assert!(!panel.contains(area), "{panel}");
}

#[test]
fn html_report_show_lines_run_as_copied() {
    let dir = tempfile::tempdir().unwrap();
    let games = dir.path().join("my games");
    std::fs::create_dir(&games).unwrap();
    let name = "it's <a> & $b.sgf";
    std::fs::copy(
        root().join("corpus/shapes/triple-ko__superko@8.sgf"),
        games.join(name),
    )
    .unwrap();
    let out = sgfaudit(&["audit", "--format", "html", games.to_str().unwrap()]);
    let html = String::from_utf8(out.stdout).unwrap();
    let line = html
        .split(r#"<pre class="show">"#)
        .nth(1)
        .and_then(|r| r.split("</pre>").next())
        .map(unescape)
        .expect("a show line");
    assert!(line.starts_with("sgfaudit show "), "{line}");
    assert!(line.ends_with("--game 0 --move 8"), "{line}");
    // Run as written by a POSIX shell, with `sgfaudit` being this build.
    let run = std::process::Command::new("sh")
        .arg("-c")
        .arg(format!("sgfaudit() {{ \"$SGFAUDIT\" \"$@\"; }}; {line}"))
        .env("SGFAUDIT", env!("CARGO_BIN_EXE_sgfaudit"))
        .output()
        .unwrap();
    assert_eq!(
        run.status.code(),
        Some(0),
        "{line}: {}",
        String::from_utf8_lossy(&run.stderr)
    );
    assert!(String::from_utf8_lossy(&run.stdout).contains("move 8"));
}

#[test]
fn html_report_shows_the_worst_problem_games_and_says_how_many_more() {
    use sgfaudit::audit::Status;
    use sgfaudit::output::html::HtmlReporter;
    use sgfaudit::output::progress::ProgressMode;
    use sgfaudit::run::{run, RunConfig};
    let config = RunConfig {
        paths: vec![root().join("corpus")],
        walk: Default::default(),
        audit: AuditOptions {
            figures: true,
            ..AuditOptions::default()
        },
        fail_on: vec![Status::Illegal],
        jobs: 2,
        progress: ProgressMode::Never,
        input_errors: Vec::new(),
        on_input_error: Default::default(),
        part: sgfaudit::run::Part::All,
        gate: Default::default(),
    };
    let mut all = Vec::new();
    let mut reporter = HtmlReporter::new(Box::new(&mut all));
    run(&config, &mut reporter).unwrap();
    drop(reporter);
    let mut some = Vec::new();
    let mut reporter = HtmlReporter::with_limit(Box::new(&mut some), 5);
    run(&config, &mut reporter).unwrap();
    drop(reporter);
    let (all, some) = (
        String::from_utf8(all).unwrap(),
        String::from_utf8(some).unwrap(),
    );
    let rows = all.matches("<tr data-status=").count();
    assert!(rows > 5);
    assert_eq!(some.matches("<tr data-status=").count(), 5);
    assert!(
        some.contains(&format!(r#"<b id="hidden">{}</b> more"#, rows - 5)),
        "the page says how many more"
    );
    // The rows kept are the worst: the first five of the whole table.
    assert_eq!(row_statuses(&some), row_statuses(&all)[..5]);
    let first = |html: &str| {
        html.split("<tr data-status=")
            .skip(1)
            .take(5)
            .map(str::to_string)
            .collect::<Vec<_>>()
    };
    assert_eq!(
        first(&all)
            .last()
            .map(|r| r.split("</tr>").next().unwrap().to_string()),
        first(&some)
            .last()
            .map(|r| r.split("</tr>").next().unwrap().to_string())
    );
}
