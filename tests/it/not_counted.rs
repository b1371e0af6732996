//! The `not-counted` verdict on real games: every game no count checks (a resignation,
//! time, forfeit, void or unknown result, no `RE[]`, an unfinished game) is `not-counted`,
//! never `unverifiable`, which is left to counted games; the HTML report's bar shows the
//! two apart.

use crate::common;

/// Folders of `../shared/corpus/real` with every kind of game no count checks: programs'
/// tournaments (resignations, time, no `RE[]`), phone-app tests, a Korean server's records.
const FOLDERS: [&str; 4] = [
    "real/ai-tournaments",
    "real/littlego-tests",
    "real/katago-tests",
    "real/wbaduk",
];

/// `RE[]` names no count: a win by resignation, time or forfeit, or no result.
fn names_no_count(result: &str) -> bool {
    let upper = result.trim().to_ascii_uppercase();
    let after = upper.split_once('+').map(|(_, rest)| rest.trim());
    matches!(
        after,
        Some(r) if r.starts_with('R') || r.starts_with('T') || r.starts_with('F')
    ) || matches!(upper.as_str(), "VOID" | "?" | "")
}

#[test]
fn games_no_count_checks_are_not_counted_and_unverifiable_games_are_counted() {
    let Some(shared) = common::shared_corpus() else {
        return;
    };
    let inputs: Vec<String> = FOLDERS
        .iter()
        .map(|f| common::arg(&shared.join(f)))
        .collect();
    let mut args = vec!["audit", "--format", "jsonl", "--exit-zero"];
    args.extend(inputs.iter().map(String::as_str));
    let out = common::sgfaudit(&args);
    let lines = common::json_lines(&out.stdout);
    let games = common::games(&lines);
    let mut kinds = [0usize; 4];
    for g in &games {
        let check = &g["check"];
        let verdict = check["verdict"].as_str().unwrap();
        let reason = check["reason"].as_str().unwrap_or("");
        let code = check["reason_code"].as_str().unwrap_or("");
        let result = g["result"].as_str();
        let never = match result {
            None => true,
            Some(re) => names_no_count(re),
        };
        if never {
            assert_eq!(
                verdict, "not-counted",
                "{} #{}: {check}",
                g["path"], g["game"]
            );
            let kind = if result.is_none() {
                0
            } else if code == "resignation" {
                1
            } else if code == "time" || code == "forfeit" {
                2
            } else {
                3
            };
            kinds[kind] += 1;
        }
        if verdict == "unverifiable" {
            assert!(
                !g["score"].is_null() && check["computed"].is_string() && result.is_some(),
                "an unverifiable game that was not counted: {} #{}: {check}",
                g["path"],
                g["game"]
            );
        }
        if verdict == "not-counted" {
            // The reason is said and named, as for any verdict but an agreement.
            assert!(
                !reason.is_empty() && !code.is_empty(),
                "{} #{}: {check}",
                g["path"],
                g["game"]
            );
        }
    }
    // No RE[], resignations, time or forfeit: each kind is there.
    assert!(kinds[0] > 0 && kinds[1] > 0 && kinds[2] > 0, "{kinds:?}");
    let not_counted = games
        .iter()
        .filter(|g| g["check"]["verdict"] == "not-counted")
        .count();
    assert!(not_counted >= kinds.iter().sum::<usize>());

    // The report's bar and counts name the two verdicts apart.
    let mut args = vec!["audit", "--format", "html", "--exit-zero"];
    args.extend(inputs.iter().map(String::as_str));
    let html = String::from_utf8(common::sgfaudit(&args).stdout).unwrap();
    assert!(
        html.contains(&format!(
            r#"<b id="verdict-not-counted">{not_counted}</b> not-counted"#
        )),
        "{}",
        &html[html.find("Results checked").unwrap_or(0)..][..600]
    );
    assert!(html.contains(r#"<span class="s-not-counted" style="width:"#));
    let unverifiable = games
        .iter()
        .filter(|g| g["check"]["verdict"] == "unverifiable")
        .count();
    assert!(html.contains(&format!(
        r#"<b id="verdict-unverifiable">{unverifiable}</b> unverifiable"#
    )));
}
