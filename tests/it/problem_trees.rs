//! The conventions of problem collections and joseki files, as a user meets them: a point
//! named twice in one node's setup (`setup-conflict`, read in the order written, the last
//! word standing; SGFC's error 38), editors' pass marks (`W[zz]`, off the board in both
//! coordinates: a pass, with a warning) and `tt`. Checked on small records and against
//! real files: SGFC's messages on `../shared/corpus/real`, an independent count of the
//! points named twice in `../shared/corpus/trees` and `real/`, GNU Go's joseki trees with
//! their `tt` tenuki written as `zz`, and real problems with a conflict planted.

use crate::common;

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

use sgfaudit::audit::{AuditOptions, GameReport};
use sgfaudit::finding::Severity;

fn audit(sgf: &str) -> GameReport {
    let options = AuditOptions {
        keep_board: true,
        ..AuditOptions::default()
    };
    common::audit_text(sgf, &options)
}

/// The findings of a report: (code, severity, move, variation, message).
fn findings(r: &GameReport) -> Vec<(String, &'static str, Option<u32>, Option<String>)> {
    r.findings
        .iter()
        .map(|f| {
            (
                f.code.as_str().to_string(),
                f.severity.as_str(),
                f.r#move,
                f.variation.as_deref().map(str::to_string),
            )
        })
        .collect()
}

fn codes(r: &GameReport) -> Vec<&'static str> {
    r.findings.iter().map(|f| f.code.as_str()).collect()
}

/// A file holding `text` in a fresh folder.
fn file_with(text: &str) -> (tempfile::TempDir, PathBuf) {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("game.sgf");
    std::fs::write(&path, text).unwrap();
    (dir, path)
}

/// `audit --fix` on a file holding `text`: the text it leaves.
fn fixed(text: &str) -> String {
    let (_dir, path) = file_with(text);
    let out = common::sgfaudit(&["audit", "--fix", "--quiet", &common::arg(&path)]);
    assert!(out.status.code().unwrap() < 2, "{out:?}");
    std::fs::read_to_string(&path).unwrap()
}

#[test]
fn a_stone_written_then_emptied_in_one_node_is_empty_and_the_move_there_legal() {
    let sgf = "(;GM[1]FF[4]SZ[9]AW[cc][dd]AE[dd];B[ee];W[dd])";
    let r = audit(sgf);
    assert!(!codes(&r).contains(&"occupied"), "{:?}", r.findings);
    let conflict: Vec<_> = r
        .findings
        .iter()
        .filter(|f| f.code.as_str() == "setup-conflict")
        .collect();
    assert_eq!(conflict.len(), 1, "{:?}", r.findings);
    let f = conflict[0];
    assert_eq!((f.line, f.column, f.severity), (1, 30, Severity::Error));
    assert_eq!(
        f.message,
        "AE[dd] names dd again after AW in this node: read in the order written, the last word stands, dd is empty"
    );
    assert!(f.fixable);
    // W[dd] stands on the board: the replay read dd empty.
    let board = r.board.as_ref().unwrap();
    let dd = sgfaudit::geom::Point::new(3, 3);
    assert_eq!(board.get(dd), Some(sgfaudit::geom::Color::White));
    // setup-no-effect reads the node the same way: the last word on dd, AE, empties a
    // point that was empty before the node; the fix leaves exactly that AE.
    let no_effect = |r: &GameReport| -> Vec<String> {
        r.findings
            .iter()
            .filter(|f| f.code.as_str() == "setup-no-effect")
            .map(|f| f.message.clone())
            .collect()
    };
    assert_eq!(no_effect(&r), ["AE changes nothing: dd already empty"]);
    let after = fixed(sgf);
    assert_eq!(after, "(;GM[1]FF[4]SZ[9]AW[cc]AE[dd];B[ee];W[dd])");
    let again = audit(&after);
    assert_eq!(no_effect(&again), no_effect(&r));
    assert!(!codes(&again).contains(&"setup-conflict"));
    assert_eq!(again.board, r.board);
}

#[test]
fn an_emptied_point_filled_again_in_the_node_makes_the_move_a_capture_not_a_suicide() {
    // AE[aa] first, AW[..][aa] last: aa is white, so B[ca] takes the two white stones
    // aa, ba (art. 4: captures first), which a reading of the first word (aa empty) calls
    // a suicide (art. 5).
    let sgf = "(;GM[1]FF[4]SZ[9]AE[aa]AB[ab][bb]AW[ba][da][cb][aa];B[ca])";
    let r = audit(sgf);
    assert_eq!(
        findings(&r)
            .into_iter()
            .filter(|f| f.0 != "setup-no-effect")
            .collect::<Vec<_>>(),
        [("setup-conflict".to_string(), "error", None, None)]
    );
    let board = r.board.as_ref().unwrap();
    let at = |c, r| board.get(sgfaudit::geom::Point::new(c, r));
    assert_eq!((at(0, 0), at(1, 0)), (None, None), "aa and ba captured");
    assert_eq!(at(2, 0), Some(sgfaudit::geom::Color::Black));
}

#[test]
fn side_lines_read_their_setup_in_the_order_written_too() {
    let sgf = "(;GM[1]FF[4]SZ[9];B[ee](;W[dd])(;W[cc];AW[gg][dd]AE[dd];B[hh];W[dd]))";
    let r = audit(sgf);
    let mine: Vec<_> = findings(&r)
        .into_iter()
        .filter(|f| f.0 != "setup-in-game" && f.0 != "setup-no-effect")
        .collect();
    assert_eq!(
        mine,
        [(
            "setup-conflict".to_string(),
            "error",
            None,
            Some("1".to_string())
        )],
        "W[dd] in variation 1 is legal: dd was emptied last"
    );
    // A point named twice by one property, or by a rectangle and a point: one finding per
    // value, naming the points; the fix keeps the last word and the rest of a rectangle.
    let sgf = "(;GM[1]FF[4]SZ[9]AB[aa:bb]AW[ab][ab];W[cc])";
    let r = audit(sgf);
    let messages: Vec<_> = r
        .findings
        .iter()
        .filter(|f| f.code.as_str() == "setup-conflict")
        .map(|f| f.message.as_str())
        .collect();
    assert_eq!(
        messages,
        [
            "AW[ab] names ab again after AB in this node: read in the order written, the last word stands, ab is white",
            "AW[ab] names ab again after AW in this node: read in the order written, the last word stands, ab is white",
        ]
    );
    assert_eq!(fixed(sgf), "(;GM[1]FF[4]SZ[9]AB[aa][ba][bb]AW[ab];W[cc])");
}

#[test]
fn a_pass_mark_is_a_pass_with_a_warning_and_a_stone_off_the_board_stays_an_error() {
    let marked = "(;GM[1]FF[4]SZ[19];B[pd];W[zz];B[dp];W[dd];B[zz];W[];B[pp])";
    let passed = "(;GM[1]FF[4]SZ[19];B[pd];W[];B[dp];W[dd];B[];W[];B[pp])";
    let (m, p) = (audit(marked), audit(passed));
    let marks: Vec<_> = m
        .findings
        .iter()
        .filter(|f| f.code.as_str() == "off-board")
        .map(|f| {
            (
                f.severity,
                f.r#move,
                f.article,
                f.fixable,
                f.message.as_str(),
            )
        })
        .collect();
    assert_eq!(
        marks,
        [
            (Severity::Warning, Some(2), Some(2), true, "W [zz] is off the 19x19 board in both coordinates: read as a pass (art. 2), the mark editors write for one; FF[4] writes a pass as W[]"),
            (Severity::Warning, Some(5), Some(2), true, "B [zz] is off the 19x19 board in both coordinates: read as a pass (art. 2), the mark editors write for one; FF[4] writes a pass as B[]"),
        ]
    );
    // Replayed as the passes: no consecutive move after W[zz], B[zz] W[] end the game
    // (art. 7) and B[pp] comes after the end; the same board, status and end.
    let rest: Vec<_> = findings(&m)
        .into_iter()
        .filter(|f| f.0 != "off-board")
        .collect();
    assert_eq!(rest, findings(&p));
    assert_eq!(
        (m.status, m.moves, m.ended_by, &m.board),
        (p.status, p.moves, p.ended_by, &p.board)
    );
    assert_eq!(m.status.as_str(), "ok");
    assert_eq!(
        fixed(marked),
        "(;GM[1]FF[4]SZ[19];B[pd];W[];B[dp];W[dd];B[];W[];B[pp])"
    );
    // Off the board in one coordinate: a stone off the board (art. 19), as before.
    let r = audit("(;GM[1]FF[4]SZ[19];B[pd];W[sz];B[dp])");
    let f = &r.findings[0];
    assert_eq!(
        (f.code.as_str(), f.severity, f.article, f.fixable),
        ("off-board", Severity::Error, Some(19), false)
    );
    assert_eq!(r.status.as_str(), "illegal");
    // `tt`: a pass up to 19x19, a point above; `zz` on 21x21 is a pass mark.
    assert_eq!(
        codes(&audit("(;FF[4]SZ[19];B[pd];W[tt];B[dp])")),
        [] as [&str; 0]
    );
    assert_eq!(
        codes(&audit("(;FF[4]SZ[21];B[pd];W[tt];B[dp])")),
        [] as [&str; 0]
    );
    let r = audit("(;FF[4]SZ[21];B[pd];W[zz];B[dp])");
    assert_eq!(
        findings(&r),
        [("off-board".into(), "warning", Some(2), None)]
    );
    // Before FF[4] the fix writes the pass of those versions, `tt`.
    assert_eq!(
        fixed("(;FF[3]SZ[19];B[pd];W[zz];B[dp])"),
        "(;FF[3]SZ[19];B[pd];W[tt];B[dp])"
    );
}

/// The GNU Go joseki trees whose tenuki are written `tt` (a pass on 19x19).
fn gnugo_trees(shared: &Path) -> Vec<PathBuf> {
    let dir = shared.join("trees/runningskull+gnugo/patterns");
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| {
            let text = std::fs::read_to_string(p).unwrap_or_default();
            text.contains("B[tt]") || text.contains("W[tt]")
        })
        .collect();
    files.sort();
    files
}

/// A finding as JSON Lines give it: code, severity, move, variation.
type Reported = (String, String, u64, String);

/// JSON Lines of `audit` over some paths: per game, its status and its findings.
fn audited(paths: &[PathBuf]) -> Vec<(String, Vec<Reported>)> {
    let mut args = vec!["audit".to_string(), "--json".into()];
    args.extend(paths.iter().map(|p| common::arg(p)));
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    let out = common::sgfaudit(&args);
    let lines = common::json_lines(&out.stdout);
    common::games(&lines)
        .into_iter()
        .map(|g| {
            let findings = g["findings"].as_array().unwrap().iter().map(|f| {
                (
                    f["code"].as_str().unwrap().to_string(),
                    f["severity"].as_str().unwrap().to_string(),
                    f["move"].as_u64().unwrap_or(0),
                    f["variation"].as_str().unwrap_or("").to_string(),
                )
            });
            (
                g["status"].as_str().unwrap().to_string(),
                findings.collect(),
            )
        })
        .collect()
}

#[test]
fn gnugo_joseki_trees_read_the_same_with_their_tenuki_written_as_pass_marks() {
    let Some(shared) = common::shared_corpus() else {
        return;
    };
    let originals = gnugo_trees(&shared);
    assert!(originals.len() >= 3, "{originals:?}");
    let dir = tempfile::tempdir().unwrap();
    let mut copies = Vec::new();
    let mut marks = 0;
    for path in &originals {
        let text = std::fs::read_to_string(path).unwrap();
        // Counted on the text, apart from the tool: each tenuki move, `B[tt]` or `W[tt]`.
        marks += text.matches("B[tt]").count() + text.matches("W[tt]").count();
        let copy = dir.path().join(path.file_name().unwrap());
        let marked = text.replace("B[tt]", "B[zz]").replace("W[tt]", "W[zz]");
        std::fs::write(&copy, marked).unwrap();
        copies.push(copy);
    }
    let (before, after) = (audited(&originals), audited(&copies));
    assert_eq!(before.len(), after.len());
    let mut warned = 0;
    for (b, a) in before.iter().zip(&after) {
        let (mut passes, others): (Vec<_>, Vec<_>) =
            a.1.iter().cloned().partition(|f| f.0 == "off-board");
        assert!(passes.iter().all(|f| f.1 == "warning"), "{passes:?}");
        warned += passes.len();
        passes.clear();
        assert_eq!((&a.0, &others), (&b.0, &b.1), "the same game as with tt");
    }
    assert_eq!(warned, marks, "one warning per tenuki, none an error");
    // --fix writes them as passes again: the fixed copies audit as the originals fixed.
    let originals_dir = tempfile::tempdir().unwrap();
    let mut fixed_originals = Vec::new();
    for path in &originals {
        let copy = originals_dir.path().join(path.file_name().unwrap());
        std::fs::write(&copy, std::fs::read(path).unwrap()).unwrap();
        fixed_originals.push(copy);
    }
    for folder in [dir.path(), originals_dir.path()] {
        let out = common::sgfaudit(&["audit", "--fix", "--quiet", &common::arg(folder)]);
        assert!(out.status.code().unwrap() < 2, "{out:?}");
    }
    let after_fix = audited(&copies);
    assert!(after_fix
        .iter()
        .all(|g| g.1.iter().all(|f| f.0 != "off-board")));
    assert_eq!(after_fix, audited(&fixed_originals));
}

#[test]
fn the_problems_profile_is_the_guide_s_and_gates_as_it_says() {
    let profile = "docs/sgfaudit-problems.toml";
    let (_dir, tenuki) = file_with("(;GM[1]FF[4]SZ[19];B[pd];B[dp];W[zz];B[dd])");
    let (_dir2, twice) = file_with("(;GM[1]FF[4]SZ[9]AW[cc][dd]AE[dd];B[ee];W[dd])");
    let run = |path: &Path| {
        let out = common::sgfaudit(&["audit", "--config", profile, "--json", &common::arg(path)]);
        let lines = common::json_lines(&out.stdout);
        let codes: Vec<String> = common::games(&lines)[0]["findings"]
            .as_array()
            .unwrap()
            .iter()
            .map(|f| f["code"].as_str().unwrap().to_string())
            .collect();
        (out.status.code(), codes)
    };
    // Tenuki as a double move and as a pass mark: warnings, shown, never failing.
    assert_eq!(run(&tenuki), (Some(0), vec!["off-board".to_string()]));
    assert_eq!(run(&twice), (Some(1), vec!["setup-conflict".to_string()]));
    if !common::has_guide() {
        return;
    }
    let page = std::fs::read_to_string(common::root().join("docs/guide/problems.md")).unwrap();
    let text = std::fs::read_to_string(common::root().join(profile)).unwrap();
    assert!(
        page.contains(text.trim()),
        "{profile} is not in docs/guide/problems.md"
    );
}

/// The nodes of a text that name a point more than once among `AB`, `AW` and `AE`,
/// counted on the bytes (an independent reader: values, escapes, nodes, rectangles), as
/// the byte offsets of their `;`.
fn nodes_naming_a_point_twice(text: &str) -> Vec<usize> {
    let bytes = text.as_bytes();
    let (mut out, mut seen) = (Vec::new(), BTreeSet::new());
    let (mut node, mut ident, mut i) = (None::<usize>, String::new(), 0);
    let mut twice = false;
    let mut close = |node: Option<usize>, twice: &mut bool, seen: &mut BTreeSet<(u8, u8)>| {
        if let (Some(n), true) = (node, *twice) {
            out.push(n);
        }
        *twice = false;
        seen.clear();
    };
    while i < bytes.len() {
        match bytes[i] {
            b'[' => {
                let start = i + 1;
                i += 1;
                while i < bytes.len() && bytes[i] != b']' {
                    i += if bytes[i] == b'\\' { 2 } else { 1 };
                }
                let value = text.get(start..i.min(bytes.len())).unwrap_or("").trim();
                if node.is_some() && matches!(ident.as_str(), "AB" | "AW" | "AE") {
                    let v = value.as_bytes();
                    let (a, b) = match v.len() {
                        2 => (&v[..2], &v[..2]),
                        5 if v[2] == b':' => (&v[..2], &v[3..]),
                        _ => (&v[..0], &v[..0]),
                    };
                    if a.len() == 2 && a.iter().chain(b).all(u8::is_ascii_alphabetic) {
                        let (c0, c1) = (a[0].min(b[0]), a[0].max(b[0]));
                        let (r0, r1) = (a[1].min(b[1]), a[1].max(b[1]));
                        for c in c0..=c1 {
                            for r in r0..=r1 {
                                twice |= !seen.insert((c, r));
                            }
                        }
                    }
                }
            }
            b';' => {
                close(node, &mut twice, &mut seen);
                node = Some(i);
                ident.clear();
            }
            b'(' | b')' => {
                close(node, &mut twice, &mut seen);
                node = None;
                ident.clear();
            }
            c if c.is_ascii_uppercase() => {
                if i == 0 || !bytes[i - 1].is_ascii_uppercase() {
                    ident.clear();
                }
                ident.push(c as char);
            }
            _ => {}
        }
        i += 1;
    }
    close(node, &mut twice, &mut seen);
    out
}

#[test]
fn sgfc_and_an_independent_count_find_the_points_named_twice_where_sgfaudit_does() {
    let Some(shared) = common::shared_corpus() else {
        return;
    };
    // SGFC's error 38 on real/: the rows that name a setup property. Its only rows are
    // markup (`MA` in its own test file), which sgfaudit leaves to the markup's readers.
    let reference = std::fs::read_to_string(shared.join("reference/sgfc-messages.tsv")).unwrap();
    let rows: Vec<Vec<&str>> = reference
        .lines()
        .filter(|l| !l.starts_with('#'))
        .map(|l| l.split('\t').collect())
        .filter(|f: &Vec<&str>| f.len() > 6 && f[4] == "38")
        .collect();
    assert!(!rows.is_empty());
    let sgfc_setup: BTreeSet<(String, u64)> = rows
        .iter()
        .filter(|f| {
            ["<AB>", "<AW>", "<AE>", "AddStone"]
                .iter()
                .any(|s| f[6].contains(s))
        })
        .map(|f| (f[0].to_string(), f[1].parse().unwrap()))
        .collect();
    assert!(
        rows.iter().all(|f| f[6].starts_with("Markup <")),
        "{rows:?}"
    );
    // sgfaudit over the same files, and the independent count over real/ and trees/.
    for folder in ["real", "trees"] {
        let root = shared.join(folder);
        let out = common::sgfaudit(&[
            "audit",
            "--json",
            "--select",
            "setup-conflict",
            &common::arg(&root),
        ]);
        let lines = common::json_lines(&out.stdout);
        let mut reported: BTreeSet<(String, u64)> = BTreeSet::new();
        for g in common::games(&lines) {
            let path = g["path"].as_str().unwrap();
            let rel = Path::new(path)
                .strip_prefix(&root)
                .unwrap_or(Path::new(path));
            for f in g["findings"].as_array().unwrap() {
                let rel = rel.to_string_lossy().to_string();
                reported.insert((rel, f["line"].as_u64().unwrap()));
            }
        }
        let mut counted = 0;
        for entry in walk(&root) {
            let bytes = std::fs::read(&entry).unwrap();
            counted += nodes_naming_a_point_twice(&String::from_utf8_lossy(&bytes)).len();
        }
        assert_eq!(reported.len(), counted, "{folder}: {reported:?}");
        if folder == "real" {
            assert_eq!(reported, sgfc_setup);
        }
    }
}

fn walk(dir: &Path) -> Vec<PathBuf> {
    let mut out = Vec::new();
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            out.extend(walk(&path));
        } else if path
            .extension()
            .is_some_and(|e| e.eq_ignore_ascii_case("sgf"))
        {
            out.push(path);
        }
    }
    out
}

#[test]
fn a_conflict_planted_in_real_problems_reads_as_the_problem_with_the_earlier_word_removed() {
    let Some(shared) = common::shared_corpus() else {
        return;
    };
    // Real problems whose root sets stones up with `AB[..]` then `AW[..]`: the root's
    // first black stone is named again by AW (planted), and, apart, moved from AB to AW
    // by hand (the reading sgfaudit should make: the last word stands). Both replay alike.
    let dir = shared.join("trees/d180cf+tsumego.js/problems");
    let mut tried = 0;
    for path in walk(&dir).into_iter().take(60) {
        let text = std::fs::read_to_string(&path).unwrap_or_default();
        let (Some(ab), Some(aw)) = (text.find("AB["), text.find("AW[")) else {
            continue;
        };
        if aw < ab || text[ab..aw].contains(';') || text[..ab].matches(';').count() != 1 {
            continue;
        }
        let first = &text[ab + 2..ab + 6];
        let rest = &text[ab + 6..aw];
        if !rest.starts_with('[') || !first.ends_with(']') || first.contains(':') {
            continue;
        }
        let planted = format!("{}{first}{}", &text[..aw + 2], &text[aw + 2..]);
        let by_hand = format!("{}AB{rest}AW{first}{}", &text[..ab], &text[aw + 2..]);
        let (p, h) = (audit(&planted), audit(&by_hand));
        let p_rest: Vec<_> = findings(&p)
            .into_iter()
            .filter(|f| f.0 != "setup-conflict")
            .collect();
        assert_eq!(p_rest, findings(&h), "{}", path.display());
        assert_eq!(p.board, h.board, "{}", path.display());
        assert_eq!(
            codes(&p).iter().filter(|c| **c == "setup-conflict").count(),
            1,
            "{}",
            path.display()
        );
        tried += 1;
    }
    assert!(tried >= 10, "only {tried} problems fit");
}
