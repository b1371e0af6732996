//! `--fix` on odd input: every record here once lost text, a move or a player to move,
//! or made the fixer panic. Each is fixed without a change of meaning or left as it was
//! with the reason on standard error; a second run changes nothing, and `--diff` shows
//! what `--fix` does.

use crate::common::sgfaudit;

/// `--diff` and `--fix` on one file holding `bytes`: the diff, standard error of the
/// fix, the bytes after one and after two fixes.
struct Fixed {
    diff: String,
    err: String,
    once: Vec<u8>,
    twice: Vec<u8>,
}

fn fix(bytes: &[u8]) -> Fixed {
    fix_with(bytes, &[])
}

fn fix_with(bytes: &[u8], options: &[&str]) -> Fixed {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("g.sgf");
    std::fs::write(&file, bytes).unwrap();
    let path = file.to_string_lossy().into_owned();
    let run = |mode: &str| {
        let args = [
            &["audit", mode, "-q", "--exit-zero"],
            options,
            &[path.as_str()],
        ]
        .concat();
        let out = sgfaudit(&args);
        assert_ne!(out.status.code(), Some(101), "panicked: {out:?}");
        assert!(!String::from_utf8_lossy(&out.stderr).contains("panicked"));
        out
    };
    let diff = run("--diff");
    assert_eq!(std::fs::read(&file).unwrap(), bytes, "--diff wrote");
    let fixed = run("--fix");
    let once = std::fs::read(&file).unwrap();
    run("--fix");
    let twice = std::fs::read(&file).unwrap();
    let diff = String::from_utf8_lossy(&diff.stdout).into_owned();
    // What --diff shows is what --fix did: its `+` lines are the file's lines after.
    let after = String::from_utf8_lossy(&once).into_owned();
    for line in diff
        .lines()
        .filter(|l| l.starts_with('+') && !l.starts_with("+++"))
    {
        assert!(after.contains(&line[1..]), "{line} not in {after}");
    }
    assert_eq!(diff.is_empty(), once == bytes, "{diff}");
    Fixed {
        diff,
        err: String::from_utf8_lossy(&fixed.stderr).into_owned(),
        once,
        twice,
    }
}

fn left_as_it_was(bytes: &[u8], reason: &str) {
    let f = fix(bytes);
    assert_eq!(f.once, bytes, "{}", String::from_utf8_lossy(&f.once));
    assert!(f.diff.is_empty(), "{}", f.diff);
    assert!(
        f.err.contains("left as it is") && f.err.contains(reason),
        "{}",
        f.err
    );
}

#[test]
fn a_damaged_file_with_an_open_tree_is_left_without_a_panic() {
    // The damaged byte is text the reader skipped: where the tree ends is a guess.
    let bytes = b"(;GM[1]FF[4]SZ[19]C[\xc3\xa9t\xc3\xa9];B[pd];W[dp]\xff";
    left_as_it_was(bytes, "recovered by a guess");
    // Damage inside a value: the tree is closed after it.
    let bytes = b"(;GM[1]FF[4]SZ[19]C[\xc3\xa9t\xff];B[pd];W[dp]";
    let f = fix(bytes);
    assert_eq!(f.once, b"(;GM[1]FF[4]SZ[19]C[\xc3\xa9t\xff];B[pd];W[dp])");
    assert_eq!(f.twice, f.once);
}

#[test]
fn utf8_under_a_legacy_charset_keeps_its_bytes() {
    for ca in ["GB2312", "ISO-8859-1"] {
        let head = format!("(;GM[1]FF[4]CA[{ca}]SZ[19]PB[势如破竹]PW[金毛测试];B[pd];");
        // A stray byte before `W`, which GB2312 takes into a character.
        let bytes = [head.as_bytes(), b"\xf4W[dp];B[dd])"].concat();
        left_as_it_was(&bytes, "look like UTF-8");
    }
    // A legacy CA[] in a move node under a UTF-8 root.
    let bytes =
        b"(;GM[1]FF[4]CA[UTF-8]SZ[19]PB[\xe5\x8a\xbf\xe5\xa6\x82];B[pd]CA[GB2312];\xf4W[dp];B[dd])";
    left_as_it_was(bytes, "left as it is");
}

#[test]
fn a_charset_that_swallows_a_move_keeps_its_bytes() {
    let (gbk, _, _) =
        encoding_rs::GBK.encode("(;GM[1]FF[4]CA[GB2312]SZ[19]PB[势如破竹]GN[];B[pd];");
    let mut bytes = gbk.into_owned();
    bytes.extend_from_slice(b"\xf4W[dp];B[dd])");
    left_as_it_was(&bytes, "other nodes or properties");
}

#[test]
fn a_legacy_charset_that_fits_is_written_in_utf8() {
    let (gbk, _, _) =
        encoding_rs::GBK.encode("(;GM[1]FF[4]CA[GB2312]SZ[19]PB[势如破竹]GN[];B[pd])");
    let f = fix(&gbk);
    let want = "(;GM[1]FF[4]CA[UTF-8]SZ[19]PB[势如破竹];B[pd])";
    assert_eq!(String::from_utf8_lossy(&f.once), want);
    assert_eq!(f.twice, f.once);
}

#[test]
fn text_outside_game_trees_is_never_edited() {
    let bytes = b"(;)GM[1]FF[4]SZ[19]PB[Lee (3d)]C[Nice game (I think)];B[pd];W[dp])";
    let f = fix(bytes);
    assert_eq!(f.once, bytes, "{}", String::from_utf8_lossy(&f.once));
}

#[test]
fn a_game_left_as_it_was_gets_a_finding_that_says_why() {
    // Two games: the first has only a fix to make, the second was recovered by a guess
    // (where its last value ends).
    let text = "(;GM[1]FF[4]SZ[19]GN[];B[pd])\n(;GM[1]FF[4]SZ[19]GN[];B[pd];W[dp]C[open";
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("g.sgf");
    std::fs::write(&file, text).unwrap();
    let path = file.to_string_lossy().into_owned();
    let out = sgfaudit(&["audit", "--fix", "--format", "jsonl", "--exit-zero", &path]);
    let left: Vec<(u64, String)> = crate::common::games(&crate::common::json_lines(&out.stdout))
        .iter()
        .flat_map(|g| {
            let game = g["game"].as_u64().unwrap();
            g["findings"]
                .as_array()
                .unwrap()
                .iter()
                .filter(|f| f["code"] == "fix-left")
                .map(move |f| (game, f["message"].as_str().unwrap().to_string()))
        })
        .collect();
    assert_eq!(left.len(), 1, "{left:?}");
    assert_eq!(left[0].0, 1);
    assert!(left[0].1.contains("recovered by a guess"), "{}", left[0].1);
    // Standard error names the same game, counted as the report counts.
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("g.sgf: game 1: ") && err.contains("left as it is"),
        "{err}"
    );
    // The first game was fixed; the second kept its bytes.
    let after = std::fs::read_to_string(&file).unwrap();
    assert!(after.starts_with("(;GM[1]FF[4]SZ[19];B[pd])"), "{after}");
    assert!(after.ends_with("GN[];B[pd];W[dp]C[open"), "{after}");
}

#[test]
fn wide_text_with_invalid_units_keeps_its_bytes() {
    let text = "(;GM[1]FF[4]SZ[19]PB[ab];B[pd])";
    let mut le: Vec<u8> = vec![0xFF, 0xFE];
    for (i, unit) in text.encode_utf16().enumerate() {
        if i == 10 {
            le.extend_from_slice(&[0x00, 0xD8]); // a lone surrogate
        }
        le.extend_from_slice(&unit.to_le_bytes());
    }
    left_as_it_was(&le, "not lossless");
    let mut be32: Vec<u8> = vec![0, 0, 0xFE, 0xFF];
    for (i, c) in text.chars().enumerate() {
        if i == 10 {
            be32.extend_from_slice(&0x0011_0000u32.to_be_bytes());
        }
        be32.extend_from_slice(&(c as u32).to_be_bytes());
    }
    left_as_it_was(&be32, "not lossless");
}

#[test]
fn the_player_to_move_stays_after_the_move_it_follows() {
    for bytes in [
        &b"(;GM[1]FF[4]SZ[19];B[cc];W[tt]PL[W])"[..],
        b"(;GM[1]FF[4]SZ[19];AB[cc]B[dd]AB[ee])",
    ] {
        let f = fix(bytes);
        assert_eq!(f.once, bytes, "{}", String::from_utf8_lossy(&f.once));
    }
    // Written before the move, it gets a node of its own before it.
    let f = fix(b"(;GM[1]FF[4]SZ[19];B[cc];PL[W]W[tt])");
    assert_eq!(f.once, b"(;GM[1]FF[4]SZ[19];B[cc];PL[W];W[tt])");
}

#[test]
fn no_value_and_no_blank_text_is_lost() {
    for bytes in [
        &b"(;GM[1]FF[4]SZ[19]CA[a][b]PB[\xe9\xbb\x91];B[pd])"[..],
        b"(;GM[1]FF[4]SZ[19]C[   ];B[pd])",
    ] {
        let f = fix(bytes);
        assert_eq!(f.once, bytes, "{}", String::from_utf8_lossy(&f.once));
    }
}

#[test]
fn the_report_marks_fixable_only_what_fix_rewrites() {
    for text in [
        "(;GM[1]FF[4]SZ[19];AB[cc]B[dd]AB[ee])",
        "(;GM[1]FF[4]SZ[19];B[cc];W[tt]PL[W])",
        "(;GM[1]FF[4]SZ[19]AP[GNU Go:3.8]XAP[a]AP[foxwq:1];B[pd])",
    ] {
        let dir = tempfile::tempdir().unwrap();
        let file = dir.path().join("g.sgf");
        std::fs::write(&file, text).unwrap();
        let out = sgfaudit(&["audit", "--exit-zero", &file.to_string_lossy()]);
        let report = String::from_utf8_lossy(&out.stdout);
        assert!(!report.contains("[*]"), "{text}: {report}");
    }
}

#[test]
fn a_second_application_is_kept_apart_and_reported_no_more() {
    // Fox writes its own name after another program's: the first AP is the one read.
    let text = b"(;GM[1]FF[4]SZ[19]AP[GNU Go:3.8]RE[W+R]AP[foxwq]\n;B[pd])";
    let f = fix(text);
    assert_eq!(
        f.once,
        b"(;GM[1]FF[4]SZ[19]AP[GNU Go:3.8]RE[W+R]XAP[foxwq]\n;B[pd])"
    );
    assert_eq!(f.twice, f.once);
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("g.sgf");
    std::fs::write(&file, &f.once).unwrap();
    let out = sgfaudit(&["audit", "--exit-zero", &file.to_string_lossy()]);
    let report = String::from_utf8_lossy(&out.stdout);
    assert!(!report.contains("game 0:"), "{report}");
}

/// A record with four kinds of fixable finding: an `AP` without version, an empty
/// value, a date and a repeated comment.
const FOUR_KINDS: &str = "(;GM[1]FF[4]SZ[19]AP[YuanYu]GN[]DT[2018.04.27]\n;B[pd]C[a]C[b];W[dp])\n";

#[test]
fn the_selection_decides_what_is_fixed() {
    let f = fix_with(FOUR_KINDS.as_bytes(), &["--select", "empty-value"]);
    let changed: Vec<&str> = f
        .diff
        .lines()
        .filter(|l| l.starts_with('+') && !l.starts_with("+++"))
        .collect();
    assert_eq!(
        changed,
        ["+(;GM[1]FF[4]SZ[19]AP[YuanYu]DT[2018.04.27]"],
        "{}",
        f.diff
    );
    let f = fix_with(
        FOUR_KINDS.as_bytes(),
        &["--ignore", "empty-value,compose-expected"],
    );
    let after = String::from_utf8(f.once).unwrap();
    assert_eq!(
        after,
        "(;GM[1]FF[4]SZ[19]AP[YuanYu]GN[]DT[2018-04-27]\n;B[pd]C[a\nb];W[dp])\n"
    );
}

#[test]
fn without_a_selection_everything_fixable_is_fixed() {
    let f = fix(FOUR_KINDS.as_bytes());
    let after = String::from_utf8(f.once).unwrap();
    assert_eq!(
        after,
        "(;GM[1]FF[4]SZ[19]AP[YuanYu:]DT[2018-04-27]\n;B[pd]C[a\nb];W[dp])\n"
    );
}
