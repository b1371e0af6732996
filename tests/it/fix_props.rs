//! Random records, randomly damaged: a fix either leaves the game as it was or
//! writes one that the reference reader (`sgf-parse`) reads with the same moves and
//! setup as the original.

use proptest::prelude::*;

use sgfaudit::finding::Code;
use sgfaudit::fix::{apply, checked, plan, verify};
use sgfaudit::sgf::record::{parse_game, Limits};
use sgfaudit::sgf::reference::{read_games, ReferenceGame};

fn root_prop() -> impl Strategy<Value = &'static str> {
    prop::sample::select(vec![
        "GN[]",
        "AP[YuanYu]",
        "AP[GNU Go:3.8]",
        "AP[foxwq]",
        "DT[2018.04.27]",
        "DT[2016.09.29 20:30]",
        "RE[W+Time Over]",
        "RE[W+J]",
        "TM[10:00(5x1:00)]",
        "KM[5 1/2]",
        "C[   ]",
        "C[Nice (I think)]",
        "PB[Lee (3d)]",
        "CA[UTF-8][UTF-8]",
        "SZ[19:19]",
    ])
}

fn node() -> impl Strategy<Value = String> {
    let point = (0u8..19, 0u8..19)
        .prop_map(|(c, r)| format!("{}{}", (b'a' + c) as char, (b'a' + r) as char));
    (
        prop::sample::select(vec!["B", "W", "AB", "AW", "PL", "C"]),
        point,
        prop::sample::select(vec!["", "C[x]", "C[y]", "PL[W]", "B[]", "AB[sa]"]),
        any::<bool>(),
    )
        .prop_map(|(id, p, extra, before)| {
            let main = match id {
                "PL" => "PL[B]".to_string(),
                "C" => "C[]".to_string(),
                _ => format!("{id}[{p}]"),
            };
            if before {
                format!(";{extra}{main}")
            } else {
                format!(";{main}{extra}")
            }
        })
}

fn record() -> impl Strategy<Value = String> {
    (
        prop::sample::select(vec!["FF[4]", "FF[3]", ""]),
        prop::collection::vec(root_prop(), 0..6),
        prop::collection::vec(node(), 0..8),
    )
        .prop_map(|(ff, root, nodes)| format!("(;GM[1]{ff}{}{})", root.concat(), nodes.concat()))
}

/// One character inserted or taken out at a place.
fn damaged() -> impl Strategy<Value = String> {
    (
        record(),
        any::<prop::sample::Index>(),
        prop::sample::select(vec!["", ";", "(", ")", "[", "]", "\u{FFFD}", "W", " "]),
        any::<bool>(),
    )
        .prop_map(|(text, at, piece, remove)| {
            let cuts: Vec<usize> = text.char_indices().map(|(i, _)| i).collect();
            let at = cuts[at.index(cuts.len())];
            let mut out = text.clone();
            if remove {
                out.remove(at);
            } else {
                out.insert_str(at, piece);
            }
            out
        })
}

fn moves_and_setup(text: &str) -> Option<Vec<ReferenceGame>> {
    let games = read_games(text).ok()?;
    // Game information is what fixes rewrite: left out.
    Some(
        games
            .into_iter()
            .map(|g| ReferenceGame {
                info: Vec::new(),
                ..g
            })
            .collect(),
    )
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]
    #[test]
    fn a_fix_keeps_moves_and_setup(text in prop_oneof![record(), damaged()]) {
        let rec = parse_game(&text, Limits::default());
        let plan = plan(&text, &rec.problems, false);
        let after = apply(&text, &plan.edits);
        prop_assert!(plan.edits.is_empty() || checked(&text, &plan.edits).is_none());
        // A property repeated in a node, or with more values than it takes, is read one way
        // by some readers (sgf-parse drops it), another by others (the audit): its fix
        // makes them agree, so the reference reading of the original is no measure there.
        let repeated = rec
            .problems
            .iter()
            .any(|p| matches!(p.code, Code::RepeatedProperty | Code::MultipleValues));
        if let (Some(before), false) = (moves_and_setup(&text), repeated) {
            prop_assert_eq!(Some(before), moves_and_setup(&after), "{} -> {}", text, after);
        }
        prop_assert_eq!(verify::meaning_differs(&text, &after), None);
    }
}
