//! What `audit --fix` does with each finding code: how the fix rewrites it, or why there
//! is none. `sgfaudit explain CODE` prints it.

use crate::finding::Code;

/// How `--fix` rewrites a finding of `code`, or why it leaves it.
pub fn how(code: Code) -> &'static str {
    match code {
        Code::ComposeExpected => "AP[name] becomes AP[name:] (the name kept, an empty version). LB[aa] has no lossless form (LB[aa:] is no label either): it stays.",
        Code::EmptyValue => "the empty value is taken out (the whole property when it holds nothing else): it carries no data.",
        Code::RepeatedProperty => "a list's values are merged into the first (AB[aa]AB[bb] -> AB[aa][bb]); the same value twice is written once; two C[] or GC[] are joined, one line after the other. A second AP[] with another value (Fox's AP[GNU Go:3.8]...AP[foxwq]) is written as the private property XAP[foxwq], its value as it was: the first AP stays the one every reader takes, and no reader drops the other (SGFC keeps an unknown property, with a warning). Two different values of another one-value property (PB[a]PB[b]) stay: one would be lost.",
        Code::MultipleValues => "values that repeat the first, or are empty, are taken out (CA[UTF-8][UTF-8] -> CA[UTF-8]); other values stay: they would be lost.",
        Code::GameInfoFormat => "DT, KM and TM are rewritten as the message proposes (TM[30:00] -> TM[1800], a clock's minutes and seconds); RE only when winner and margin are kept exactly (W+Time Over -> W+T, draw -> Draw, B+5,5 -> B+5.5). RE[W+J], RE[B+AW] and a DT holding a time of day stay: their meaning has no FF[4] form.",
        Code::LowercaseIdentifier => "the identifier is written in capitals (gm -> GM, GaMe -> GM) where it has a value.",
        Code::BadValue => "SZ[19:19] becomes SZ[19] and blanks inside points are taken out (AR[a a:c c] -> AR[aa:cc]); a value that would be dropped or changed (KO[7.5], BL[0:07:42]) stays.",
        Code::ParseError => "recovered syntax is written valid: a missing '(' before the first ';', a missing ';' after '(', the ')' missing at the end. Text outside game trees, a value never closed and a truncated file stay: the fix would drop or invent data.",
        Code::BadEncoding => "no fix: the encoding was guessed or the bytes are damaged, and re-encoding a guess could garble names and comments; the file is left as it is. (A file whose CA[] fits its bytes is rewritten in UTF-8 with CA[UTF-8].)",
        Code::OldPass => "the root's FF[] becomes FF[4] (FF[4] is added when there is none), which makes B[] a pass for every reader; only when the record read as FF[4] has the same moves and setup and no finding it did not have (no property of the older versions only, no identifier in mixed case). Otherwise it stays.",
        Code::SetupAndMove => "the setup (AB, AW, AE, PL) goes into a node of its own just before the move's, the order the audit applies them in (;W[kq]PL[B] -> ;PL[B];W[kq]). In the root it stays: the root's properties cannot follow a move.",
        Code::SetupConflict => "the last word on each point stays, the earlier ones are taken out (AW[cc][dd]AE[dd] -> AW[cc]AE[dd]; a rectangle loses only the points named again, its others written one by one): the position the audit read is kept, and every reader now reads it.",
        Code::OffBoard => "a pass mark (a value off the board in both coordinates, W[zz] on 19x19) becomes the pass of the record's FF: W[] in FF[4], W[tt] before FF[4] on boards up to 19x19; the warning is gone and the game is the same. A stone off the board in one coordinate (W[sz]) stays: a matter of the game.",
        Code::TwoMoves => "no fix: splitting the node changes what the replay reads (a second move it ignores would be played).",
        Code::RootOutsideRoot | Code::GameInfoTwice => "no fix: moving the property could contradict the root's own value.",
        Code::UnknownProperty | Code::LongIdentifier | Code::PropertyVersion => "no fix: private and version-specific properties are kept as they are.",
        Code::NulByte | Code::MixedCollection | Code::SetupNoEffect => "no fix: what the record holds is kept byte for byte.",
        _ => "no fix: a matter of the game (its moves, result or rules), which --fix never changes.",
    }
}

/// The line `sgfaudit explain CODE` shows about the fix.
pub fn line(code: Code) -> String {
    format!("\nfix (audit --fix): {}\n", how(code))
}
