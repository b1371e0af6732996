//! The audit of `../shared/corpus/real` against what other programs saw in the same files:
//! every game is reported (collections included), every game replays to the number of
//! moves sgfmill replays, every move sgfmill rejects is reported here too, and the output
//! does not depend on the number of threads.

use crate::common;

use std::collections::{BTreeMap, HashMap};

use sgfaudit::check::reason::ReasonCode;

/// Files whose game count differs from the corpus manifest's, by design, with the reason.
fn count_exception(path: &str, notes: &str) -> Option<&'static str> {
    if notes.contains("no-opening-paren") && notes.contains("collection:2-games") {
        // `;GM[1]...` without its `(`: the text nests as one tree whose closing `)` has no
        // partner, so it is one game with variations, read from its main line.
        return Some("one tree without its opening parenthesis");
    }
    if path.ends_with("Illegal_games/encoding-detection-fails.sgf") {
        // `(CA[UTF-8])(;FF[4]...)`: a tree without any node is reported as a broken game
        // rather than dropped.
        return Some("an empty tree is reported as a game with status error");
    }
    None
}

fn read_tsv(path: &std::path::Path) -> Vec<HashMap<String, String>> {
    let text = std::fs::read_to_string(path).unwrap();
    let mut lines = text.lines().filter(|l| !l.starts_with('#'));
    let header: Vec<&str> = lines.next().unwrap().split('\t').collect();
    lines
        .map(|l| {
            header
                .iter()
                .zip(l.split('\t'))
                .map(|(k, v)| (k.to_string(), v.to_string()))
                .collect()
        })
        .collect()
}

#[test]
fn the_real_corpus_is_reported_game_by_game_as_other_readers_see_it() {
    let (Some(shared), Some(out)) = (common::shared_corpus(), common::real_corpus_json()) else {
        return;
    };
    assert_eq!(out.status.code(), Some(1), "some real records are illegal");
    let lines = common::json_lines(&out.stdout);
    let games = common::games(&lines);
    let summary = common::summary(&lines);
    assert_eq!(games.len() as u64, summary["games"].as_u64().unwrap());

    // Key games by their path inside the shared corpus.
    let key = |g: &serde_json::Value| {
        let p = g["path"].as_str().unwrap();
        p[p.find("real/").unwrap()..].to_string()
    };
    let mut per_file: BTreeMap<String, Vec<&serde_json::Value>> = BTreeMap::new();
    for g in &games {
        per_file.entry(key(g)).or_default().push(g);
    }

    // Every reason is named, by a code the schema lists; a game without a reason has none.
    let listed: Vec<&str> = ReasonCode::ALL.iter().map(|c| c.as_str()).collect();
    for g in &games {
        let check = &g["check"];
        match (check["reason"].as_str(), check["reason_code"].as_str()) {
            (Some(_), Some(code)) => assert!(listed.contains(&code), "{}: {check}", key(g)),
            (None, None) => {}
            _ => panic!(
                "{}: a reason without its code, or a code alone: {check}",
                key(g)
            ),
        }
    }

    // A reason never says the same thing twice, as "… in seki (… in seki)". A short
    // bracket may repeat a word or a number by chance, so only clauses of 12 characters or
    // more are compared.
    for g in &games {
        let Some(reason) = g["check"]["reason"].as_str() else {
            continue;
        };
        for (start, _) in reason.match_indices(" (") {
            let inner = &reason[start + 2..];
            let Some(end) = inner.find(')') else { continue };
            let said = &inner[..end];
            assert!(
                said.len() < 12 || !reason[..start].ends_with(said),
                "{}: a reason repeats itself: {reason}",
                key(g)
            );
        }
    }

    // Game counts: the manifest's, or one `error` game for a file without any game tree.
    let manifest = read_tsv(&shared.join("real/MANIFEST.tsv"));
    assert_eq!(per_file.len(), manifest.len(), "every file is reported");
    let mut exceptions = 0;
    for row in &manifest {
        let path = &row["path"];
        let ours = per_file.get(path).map_or(0, Vec::len);
        let theirs: usize = row["games_in_file"].parse().unwrap_or(0);
        if theirs == 0 {
            assert_eq!(
                ours, 1,
                "{path}: a file without a game tree is still one game"
            );
            // Records that only lack their `(` are read (with a warning); the rest are errors.
            if !row["notes"].contains("no-opening-paren") {
                assert_eq!(per_file[path][0]["status"], "error", "{path}");
            }
        } else if ours != theirs {
            assert!(
                count_exception(path, &row["notes"]).is_some(),
                "{path}: {ours} games, manifest says {theirs}"
            );
            exceptions += 1;
        }
    }
    assert!(exceptions <= 9, "{exceptions} files counted differently");

    // Damaged UTF-8 is read as UTF-8, as the manifest's reader found it, including the
    // Fox records whose characters lost their middle byte to a `?`.
    let mut damaged = 0;
    for row in manifest
        .iter()
        .filter(|r| r["encoding_detected"] == "utf-8(damaged)")
    {
        for g in per_file.get(&row["path"]).into_iter().flatten() {
            assert_eq!(g["encoding"], "UTF-8", "{}", row["path"]);
            damaged += 1;
        }
    }
    assert!(damaged >= 800, "{damaged} games of damaged UTF-8");

    // Moves and illegal moves against sgfmill's replay.
    let mut placed = 0;
    let reference = read_tsv(&shared.join("reference/sgfmill-replay.tsv"));
    let mut compared = 0;
    for row in &reference {
        let path = &row["path"];
        let notes = manifest
            .iter()
            .find(|m| &m["path"] == path)
            .map(|m| m["notes"].clone());
        if row["load_status"] != "ok" || count_exception(path, &notes.unwrap_or_default()).is_some()
        {
            continue;
        }
        let index: usize = row["game"].parse::<usize>().unwrap() - 1;
        let g = per_file[path][index];
        assert_eq!(
            g["moves"].as_u64().unwrap().to_string(),
            row["num_moves"],
            "{path} game {index}: moves"
        );
        if placed_handicap(g) {
            // sgfmill replays a record that lacks its handicap stones without them, and
            // rejects moves that are legal once they stand; sgfaudit places them.
            placed += 1;
            continue;
        }
        // sgfmill's rejections ("126:BJ11:occupied") and suicides ("144:BM6"), of the
        // main line, which is all sgfmill replays.
        let ours: Vec<(u64, &str)> = g["findings"]
            .as_array()
            .unwrap()
            .iter()
            .filter(|f| f["severity"] == "error" && f["variation"].is_null())
            .map(|f| (f["move"].as_u64().unwrap_or(0), f["code"].as_str().unwrap()))
            .collect();
        for item in row["rejected_moves"].split_whitespace() {
            let mv: u64 = item.split(':').next().unwrap().parse().unwrap();
            assert!(
                ours.contains(&(mv, "occupied")),
                "{path}: sgfmill rejects {item}; ours {ours:?}"
            );
        }
        for item in row["suicide_moves"].split_whitespace() {
            let mv: u64 = item.split(':').next().unwrap().parse().unwrap();
            assert!(
                ours.contains(&(mv, "suicide")),
                "{path}: sgfmill sees suicide {item}; ours {ours:?}"
            );
        }
        compared += 1;
    }
    // 4,491 games compared, 26 set aside for their placed handicap stones.
    assert!(compared >= 4_450, "{compared} games compared with sgfmill");
    assert!(
        placed <= 30,
        "{placed} records replayed with placed handicap stones"
    );
}

/// Whether the game was replayed with the handicap stones its record lacks, placed
/// where every move allows them (the `handicap-mismatch` finding says so).
fn placed_handicap(g: &serde_json::Value) -> bool {
    g["findings"].as_array().unwrap().iter().any(|f| {
        f["code"] == "handicap-mismatch"
            && f["message"]
                .as_str()
                .is_some_and(|m| m.contains("replayed with the stones at"))
    })
}

#[test]
fn one_thread_and_all_threads_print_the_same_bytes() {
    let Some(shared) = common::shared_corpus() else {
        return;
    };
    let real = common::arg(&shared.join("real"));
    let one = common::sgfaudit(&["audit", "--json", "--jobs", "1", &real]);
    let all = common::real_corpus_json().unwrap();
    let eight = common::sgfaudit(&["audit", "--json", "--jobs", "8", &real]);
    // Everything but the summary's timing is the same, byte for byte.
    let strip_timing = |out: &[u8]| {
        let text = String::from_utf8(out.to_vec()).unwrap();
        let (body, last) = text.trim_end().rsplit_once('\n').unwrap();
        let mut summary: serde_json::Value = serde_json::from_str(last).unwrap();
        summary["data"]["elapsed_ms"] = 0.into();
        summary["data"]["games_per_second"] = 0.into();
        format!("{body}\n{summary}")
    };
    assert_eq!(strip_timing(&one.stdout), strip_timing(&all.stdout));
    assert_eq!(strip_timing(&one.stdout), strip_timing(&eight.stdout));
}
