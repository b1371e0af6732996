//! The caption of a standalone picture (`score --svg`, `show --svg`) fits the picture:
//! wrapped to its width, nothing of it lost, in fonts that have CJK glyphs.

use crate::common;

/// A character's width in ems as DejaVu Sans and Arial set text on average (0.55 em),
/// and a full em for a wide (CJK) character.
fn ems(line: &str) -> f64 {
    line.chars()
        .map(|c| if u32::from(c) >= 0x2E80 { 1.0 } else { 0.55 })
        .sum()
}

#[test]
fn score_svg_wraps_its_caption_to_the_picture_and_names_cjk_fonts() {
    let dir = tempfile::tempdir().unwrap();
    let game = dir
        .path()
        .join("a-rather-long-file-name-of-a-record-from-a-server.sgf");
    std::fs::write(
        &game,
        "(;GM[1]FF[4]SZ[9]KM[7]RU[Chinese]PB[柯洁九段与一位名字很长的棋手]\
         PW[AlphaGo Master, the program of DeepMind]RE[W+0.5]\
         ;B[ee];W[ce];B[gc];W[cg];B[dc];W[gg];B[tt];W[tt])",
    )
    .unwrap();
    let out = dir.path().join("score.svg");
    let run = common::sgfaudit(&[
        "score",
        game.to_str().unwrap(),
        "--svg",
        out.to_str().unwrap(),
    ]);
    assert!(run.status.code().is_some_and(|c| c < 2), "{run:?}");
    let svg = std::fs::read_to_string(&out).unwrap();
    let doc = roxmltree::Document::parse(&svg).unwrap();
    let root = doc.root_element();
    let width: f64 = root
        .attribute("viewBox")
        .unwrap()
        .split(' ')
        .nth(2)
        .unwrap()
        .parse()
        .unwrap();
    let fonts = root.attribute("font-family").unwrap();
    assert!(fonts.contains("Noto Sans CJK SC"), "{fonts}");
    assert!(fonts.ends_with("sans-serif"), "{fonts}");
    let lines: Vec<(f64, String)> = root
        .children()
        .filter(|n| n.has_tag_name("text") && n.attribute("font-size") == Some(".5"))
        .map(|n| {
            let x: f64 = n.attribute("x").unwrap().parse().unwrap();
            (x, n.text().unwrap_or("").to_string())
        })
        .collect();
    assert!(lines.len() > 3, "the caption is wrapped: {lines:?}");
    for (x, line) in &lines {
        let right = x + 0.5 * ems(line);
        assert!(right <= width, "{line:?} ends at {right} of {width}");
    }
    let text: String = lines.iter().map(|(_, l)| l.as_str()).collect();
    for part in [
        "柯洁九段与一位名字很长的棋手",
        "AlphaGo",
        "DeepMind",
        "RE[W+0.5]",
    ] {
        assert!(text.contains(part), "{part}: {text}");
    }
}
