use super::*;
use crate::sgf::record::{parse_game, Limits};

/// The game fixed, and the codes of the findings left unfixed.
fn fixed(text: &str) -> (String, Vec<Code>) {
    let rec = parse_game(text, Limits::default());
    let plan = plan(text, &rec.problems, false);
    let left = rec
        .problems
        .iter()
        .zip(&plan.fixed)
        .filter(|(_, f)| !**f)
        .map(|(p, _)| p.code)
        .collect();
    (apply(text, &plan.edits), left)
}

fn codes(text: &str) -> Vec<Code> {
    parse_game(text, Limits::default())
        .problems
        .iter()
        .map(|p| p.code)
        .collect()
}

#[test]
fn each_fix_keeps_every_other_byte() {
    let cases = [
        // The application's name kept, an empty version.
        ("(;FF[4]AP[YuanYu]\n;B[aa])", "(;FF[4]AP[YuanYu:]\n;B[aa])"),
        // Empty values carry nothing.
        ("(;FF[4]GN[]  PB[x]\n;B[aa])", "(;FF[4]  PB[x]\n;B[aa])"),
        // A list's values merged, in order; the stones stay.
        ("(;FF[4]AB[pd]AB[dp];W[aa])", "(;FF[4]AB[pd][dp];W[aa])"),
        // The same value twice, written once.
        ("(;FF[4]GM[1]GM[1];B[aa])", "(;FF[4]GM[1];B[aa])"),
        ("(;FF[4]CA[UTF-8][UTF-8];B[aa])", "(;FF[4]CA[UTF-8];B[aa])"),
        // Both comments kept.
        ("(;FF[4];B[aa]C[one] C[two])", "(;FF[4];B[aa]C[one\ntwo] )"),
        // Game information as the message proposes.
        (
            "(;FF[4]DT[2018.04.27];B[aa])",
            "(;FF[4]DT[2018-04-27];B[aa])",
        ),
        ("(;FF[4]RE[W+Time Over];B[aa])", "(;FF[4]RE[W+T];B[aa])"),
        ("(;FF[4]RE[draw];B[aa])", "(;FF[4]RE[Draw];B[aa])"),
        ("(;FF[4]KM[5 1/2];B[aa])", "(;FF[4]KM[5.5];B[aa])"),
        // A time written as a clock, in seconds.
        ("(;FF[4]TM[30:00];B[aa])", "(;FF[4]TM[1800];B[aa])"),
        // An overtime in OT, a property of FF[4].
        (
            "(;FF[4]TM[10:00(5x1:00)];B[aa])",
            "(;FF[4]TM[600]OT[5x1:00];B[aa])",
        ),
        (
            "(;FF[3]TM[10:00(5x1:00)];B[aa])",
            "(;FF[4]TM[600]OT[5x1:00];B[aa])",
        ),
        // Passes B[] of FF[4] in an older or no FF: the record becomes FF[4].
        ("(;FF[3]SZ[9];B[];W[])", "(;FF[4]SZ[9];B[];W[])"),
        // A second application kept apart, byte for byte, where readers skip it.
        (
            "(;FF[4]AP[GNU Go:3.8]RE[W+R]AP[foxwq];B[aa])",
            "(;FF[4]AP[GNU Go:3.8]RE[W+R]XAP[foxwq];B[aa])",
        ),
        // A winner alone, as FF[4] writes it.
        ("(;FF[4]RE[W];B[aa])", "(;FF[4]RE[W+];B[aa])"),
        ("(;SZ[9]KM[6.5];B[];W[])", "(;FF[4]SZ[9]KM[6.5];B[];W[])"),
        // Identifiers in capitals.
        ("(;FF[4]GaMe[1];B[aa])", "(;FF[4]GM[1];B[aa])"),
        ("(;FF[4];b[aa];w[bb];b[cc])", "(;FF[4];B[aa];W[bb];B[cc])"),
        ("(;SZ[19:19];B[aa])", "(;SZ[19];B[aa])"),
        // Setup in a node of its own, before the move, as the audit applies it.
        (
            "(;FF[4];B[aa];PL[B]W[kq]CR[kq])",
            "(;FF[4];B[aa];PL[B];W[kq]CR[kq])",
        ),
        ("(;FF[4];B[aa];AE[aa]W[aa])", "(;FF[4];B[aa];AE[aa];W[aa])"),
        // Recovered syntax written valid.
        ("(GM[1]SZ[9];B[aa])", "(;GM[1]SZ[9];B[aa])"),
    ];
    for (text, want) in cases {
        let (got, left) = fixed(text);
        assert_eq!(got, want, "{text}");
        assert!(left.is_empty(), "{text}: {left:?}");
        assert!(codes(&got).is_empty(), "{got}: {:?}", codes(&got));
        assert_eq!(fixed(&got).0, got, "a second fix changes nothing");
    }
}

#[test]
fn what_would_lose_data_stays() {
    for text in [
        "(;FF[4]RE[W+J];B[aa])",
        "(;FF[4]RE[B+AW];B[aa])",
        "(;FF[4]RE[Black resigns. W 133.5 B 81.0];B[aa])",
        "(;FF[4]DT[2017.08.14 11:47];B[aa])",
        "(;FF[4]OT[3x30 byo-yomi]TM[10:00(5x1:00)];B[aa])",
        "(;FF[4]AP[GNU Go:3.8]XAP[x]AP[fox:1];B[aa])",
        "(;FF[4]PB[one]PB[two];B[aa])",
        // FF[4] would make an identifier in mixed case a finding.
        "(;FF[3]GaMe[1];B[];W[])",
        "(;FF[4];LB[aa];B[aa])",
        "(;FF[4];B[ce][too much values])",
        "(;FF[4];KO[7.5]B[aa])",
        "(;FF[4];B[aa]W[bb])",
        "(;FF[4]AB[aa]B[bb])",
        // Setup written after the move stays after it (readers that apply a node in the
        // order written would read another player or position).
        "(;FF[4];B[aa];W[kq]PL[W])",
        "(;FF[4];B[aa];AB[cc]W[dd]AB[ee])",
        // FF[4] forbids setup and a move in one node, which FF[3] allowed: the record
        // keeps its FF, and the overtime FF[4] alone defines is not written.
        "(;FF[3]TM[10:00(5x1:00)];B[aa];W[kq]PL[B])",
        // Blanks in a text are text; a CA of two values names no one charset.
        "(;FF[4]C[   ];B[aa])",
    ] {
        let (got, left) = fixed(text);
        assert_eq!(got, text, "nothing rewritten");
        assert!(!left.is_empty(), "{text}");
    }
}

#[test]
fn results_keep_winner_and_margin() {
    use crate::sgf::info_format::result_kept as result;
    assert_eq!(result("B+Resign ").as_deref(), Some("B+R"));
    assert_eq!(result("w+5,5").as_deref(), Some("W+5.5"));
    assert_eq!(result("B+12.5 points").as_deref(), Some("B+12.5"));
    assert_eq!(result("W+J"), None);
    assert_eq!(result("B+"), None);
    assert_eq!(result("Black resigns. W 133.5 B 81.0"), None);
}

#[test]
fn what_is_given_up_is_fixed_on_request_only() {
    for (text, want) in [
        (
            "(;FF[4]DT[2016.09.29 20:30];B[aa])",
            "(;FF[4]DT[2016-09-29];B[aa])",
        ),
        ("(;FF[4]RE[W+J];B[aa])", "(;FF[4]RE[W+];B[aa])"),
    ] {
        let rec = parse_game(text, Limits::default());
        assert!(plan(text, &rec.problems, false).edits.is_empty(), "{text}");
        let plan = plan_with(text, &rec.problems, false, true);
        assert_eq!(apply(text, &plan.edits), want);
    }
}

#[test]
fn utf8_in_the_root() {
    let text = "(;FF[4]CA[GB2312]PB[黑];B[aa])";
    let plan = plan(text, &[], true);
    assert_eq!(apply(text, &plan.edits), "(;FF[4]CA[UTF-8]PB[黑];B[aa])");
    let text = "(;FF[4]PB[黑];B[aa])";
    let plan = super::plan(text, &[], true);
    assert_eq!(apply(text, &plan.edits), "(;CA[UTF-8]FF[4]PB[黑];B[aa])");
    let text = "(;FF[4]CA[GB2312][b]PB[黑];B[aa])";
    let plan = super::plan(text, &[], true);
    assert!(plan.edits.is_empty() && plan.refused.is_some(), "{plan:?}");
    for (text, says) in [
        ("(;FF[4]CA[utf-8]PB[黑];B[aa])", true),
        ("(;FF[4]C[a;b]CA[UTF-8];B[aa])", false),
        ("(;FF[4];CA[UTF-8]B[aa])", false),
        ("(;FF[4]RCA[UTF-8];B[aa])", false),
    ] {
        assert_eq!(says_utf8(text), says, "{text}");
    }
}

/// The finding's message states the value its fix writes, for every fix that is data on
/// its finding (`bad-value`, `game-info-format`; `compose-expected` names what is
/// missing, the version, which the fix leaves empty), and that is the value `--fix`
/// writes.
#[test]
fn the_message_states_what_the_fix_writes() {
    let text = "(;FF[4]AP[YuanYu];B[aa])";
    let rec = parse_game(text, Limits::default());
    assert!(rec.problems[0].message.contains("version is missing"));
    assert_eq!(rec.problems[0].fix.as_deref().unwrap().to, "YuanYu:");
    for text in [
        "(;FF[4]SZ[19:19];B[aa])",
        "(;FF[4];AR[a a: c r];B[aa])",
        "(;FF[4]DT[2018.04.27];B[aa])",
        "(;FF[4]RE[W+Time Over];B[aa])",
        "(;FF[4]KM[5 1/2];B[aa])",
        "(;FF[4]TM[1:00:00];B[aa])",
        "(;FF[4]TM[10:00(5x1:00)];B[aa])",
    ] {
        let rec = parse_game(text, Limits::default());
        let with_fix: Vec<&Finding> = rec.problems.iter().filter(|f| f.fix.is_some()).collect();
        assert_eq!(with_fix.len(), 1, "{text}: {:?}", rec.problems);
        let (finding, fix) = (with_fix[0], with_fix[0].fix.as_deref().unwrap());
        let after = apply(text, &plan(text, &rec.problems, false).edits);
        let tree = Tree::read(text);
        let prop = &tree.props[tree.prop_at(finding.offset).unwrap()];
        let id = prop.name();
        let written = match fix.to.as_str() {
            // A point list's value among others: the value itself.
            _ if id == "AR" => format!("[{}]", fix.to),
            _ => fix.written(&id),
        };
        assert!(finding.message.contains(&written), "{}", finding.message);
        assert!(after.contains(&written), "{after} lacks {written}");
    }
}

/// Recovered syntax is fixed from how it was recovered, never from the words said of it.
#[test]
fn syntax_is_fixed_from_its_recovery() {
    let finding = |recovery: Recovery, offset: usize| {
        let mut f = Finding::new(Code::ParseError, Severity::Warning, offset, "(any words)");
        f.recovery = Some(recovery);
        f
    };
    let text = ";FF[4];B[aa]";
    let made = plan(text, &[finding(Recovery::MissingOpen, 0)], false);
    assert_eq!(apply(text, &made.edits), "(;FF[4];B[aa]");
    let text = "(;FF[4];B[aa];W[bb]\n";
    let made = plan(text, &[finding(Recovery::Unclosed(1), 0)], false);
    assert_eq!(apply(text, &made.edits), "(;FF[4];B[aa];W[bb])\n");
    // Text between game trees: the game's own brackets are a guess, and stay.
    let found = [
        finding(Recovery::TextBetween, 0),
        finding(Recovery::Unclosed(1), 0),
    ];
    let made = plan("(;FF[4];B[aa]", &found, false);
    assert!(made.edits.is_empty() && made.refused.is_some());
    // Text before the first game tree is left, and the game fixed.
    let found = [
        finding(Recovery::TextBefore, 0),
        finding(Recovery::Unclosed(1), 0),
    ];
    let made = plan("(;FF[4];B[aa]", &found, false);
    assert_eq!(made.fixed, [false, true]);
    // A parse error with no recovery is a guess: the game is left as it is.
    let made = plan(
        "(;FF[4];B[aa])",
        &[Finding::new(Code::ParseError, Severity::Warning, 0, "x")],
        false,
    );
    assert!(made.refused.is_some());
}
