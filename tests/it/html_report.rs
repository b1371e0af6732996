//! The HTML report as an auditor reads it: every code in its catalogue colour, the rules'
//! problems and wrong results leading the chart and the table, games shown with their
//! players, ranks, date and event, a link to the file and each code explained.

use crate::common;

use common::{arg, sgfaudit};
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
    assert!(html.contains(r#"<a href="tests/fixtures/awkward/cjk%20%E5%9B%B4%E6%A3%8B.sgf">"#));
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
