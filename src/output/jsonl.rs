//! JSON Lines, schema 1: one `{"type": T, "data": {...}}` object per line.
//!
//! The order is fixed: one `begin`, one `columns`, one `game` per game in input order
//! (paths sorted, then order inside the file; the same for any `--jobs`), one `error` per
//! input that could not be read at all, and one `summary` last. Only `summary` carries
//! timing, so every other line is the same from run to run.
//!
//! `sgfaudit schema` prints the JSON Schema (draft 2020-12) of a line, every record type
//! included; it is derived from the same types that write the lines.
//!
//! A full example: `sgfaudit audit --json` on two files of `corpus/`, an illegal game and
//! a counted one (the output as printed, one object per line):
//!
//! ```text
//! {"type":"begin","data":{"schema":2,"tool":"sgfaudit","version":"0.1.0","inputs":["corpus/rules/art19-play-on-occupied-point__occupied@4.sgf","corpus/shapes/seki-two-shared-liberties__ok.sgf"]}}
//! {"type":"columns","data":{"schema":0,"tool":"","version":"","inputs":[""],"path":"","game":0,"line":0,"column":0,"status":"","size":[0],"rules":"","rules_from":"","rules_raw":"","komi":0.0,"komi_raw":"","handicap":0,"black":"","white":"","result":"","encoding":"","moves":0,"ended_by":"","findings":[{"code":"","severity":"","move":0,"color":"","point":"","vertex":"","line":0,"column":0,"article":0,"message":"","first_seen":0,"cycle_length":0,"variation":"","fixable":false,"after_void":0}],"findings_omitted":0,"score":{"dead_from":"","dead":{"black":[""],"white":[""],"uncertain":[""],"seki":[""]},"black":0.0,"white":0.0,"komi":0.0,"handicap_bonus":0.0,"margin":0.0,"result":"","stones":"","counting":"","territory":{"black_territory":0,"white_territory":0,"black_prisoners":0,"white_prisoners":0,"seki_points":0,"komi":0.0,"margin":0.0,"result":""}},"check":{"recorded":"","computed":"","verdict":"","reason":"","reason_code":"","difference":0.0,"confidence":0.0,"assumed":""},"date":"","event":"","place":"","black_rank":"","white_rank":"","application":"","message":"","files":0,"games":0,"by_status":{"ok":0,"illegal":0,"mismatch":0,"error":0},"by_code":{"parse-error":0,"bad-encoding":0,"bad-property":0,"too-large":0,"occupied":0,"off-board":0,"suicide":0,"ko":0,"superko":0,"cycle":0,"consecutive-move":0,"move-after-end":0,"setup-in-game":0,"handicap-mismatch":0,"komi-normalized":0,"unknown-rules":0,"unparsed-result":0,"result-mismatch":0,"counting-convention":0,"open-board":0,"setup-without-liberties":0,"handicap-inferred":0,"not-go":0,"internal-error":0,"duplicate":0,"unknown-property":0,"long-identifier":0,"lowercase-identifier":0,"property-version":0,"compose-expected":0,"empty-value":0,"bad-value":0,"old-pass":0,"multiple-values":0,"repeated-property":0,"game-info-format":0,"setup-and-move":0,"two-moves":0,"root-outside-root":0,"setup-no-effect":0,"nul-byte":0,"game-info-twice":0,"mixed-collection":0,"setup-conflict":0,"fix-left":0},"by_severity":{"info":0,"warning":0,"error":0},"failing":0,"unreadable":0,"fixable":0,"fixable_on_request":0,"fixed":0,"files_fixed":0,"elapsed_ms":0,"games_per_second":0.0}}
//! {"type":"game","data":{"path":"corpus/rules/art19-play-on-occupied-point__occupied@4.sgf","game":0,"line":1,"column":1,"status":"illegal","size":[7,7],"rules":"chinese","rules_from":"RU","rules_raw":"Chinese","komi":7.5,"komi_raw":"7.5","handicap":0,"black":null,"white":null,"result":null,"encoding":"UTF-8","moves":6,"ended_by":"unfinished","findings":[{"code":"occupied","severity":"error","move":4,"color":"W","point":"dd","vertex":"D4","line":3,"column":20,"article":19,"message":"W D4 is played on an occupied point: the move is void and W loses the turn (art. 19)","first_seen":null,"cycle_length":null,"variation":null,"fixable":false,"after_void":null}],"findings_omitted":0,"score":null,"check":{"recorded":null,"computed":null,"verdict":"not-counted","reason":"the game is unfinished: no two passes and no result (RE[])","reason_code":"unfinished","difference":null,"confidence":null,"assumed":null},"date":null,"event":null,"place":null,"black_rank":null,"white_rank":null,"application":"sgfaudit:corpus"}}
//! {"type":"game","data":{"path":"corpus/shapes/seki-two-shared-liberties__ok.sgf","game":0,"line":1,"column":1,"status":"ok","size":[9,9],"rules":"chinese","rules_from":"RU","rules_raw":"Chinese","komi":7.5,"komi_raw":"7.5","handicap":0,"black":null,"white":null,"result":"B+7.5","encoding":"UTF-8","moves":4,"ended_by":"passes","findings":[],"findings_omitted":0,"score":{"dead_from":"markup","dead":{"black":[],"white":[],"uncertain":[],"seki":[]},"black":48.0,"white":33.0,"komi":7.5,"handicap_bonus":0.0,"margin":7.5,"result":"B+7.5","stones":"黑胜3又3/4子","counting":"area","territory":null},"check":{"recorded":"B+7.5","computed":"B+7.5","verdict":"agrees","reason":null,"reason_code":null,"difference":0.0,"confidence":0.85,"assumed":null},"date":null,"event":null,"place":null,"black_rank":null,"white_rank":null,"application":"sgfaudit:corpus"}}
//! {"type":"summary","data":{"files":2,"games":2,"moves":10,"by_status":{"ok":1,"illegal":1,"mismatch":0,"error":0},"by_code":{"occupied":1},"by_severity":{"info":0,"warning":0,"error":1},"failing":1,"unreadable":0,"fixable":0,"fixable_on_request":0,"fixed":0,"files_fixed":0,"elapsed_ms":1,"games_per_second":2000.0}}
//! ```
//!
//! `begin.data`: `schema` (this page: 1), `tool`, `version`, `inputs` (the paths given).
//!
//! `columns.data`: no game, but every key of every other record's `data` (begin, game,
//! error, summary, in that order; `by_code` with every code), each holding a value of its
//! type: `""`, `0`, `0.0`, a list of one such value, an object with all its keys. Readers
//! that infer a type per column from the first lines (polars reads 100 by default) find
//! here every column and its type, even when the first games have no findings, no count,
//! and the summary is far below: `pl.read_ndjson(path)` needs no options. Filter by `type`
//! as for any record; keys of one record type are `null` in the rows of the others.
//!
//! `game.data`: `path`, `game` (index in the file, from 0), `line`/`column` (where the
//! game tree starts), `status` (`ok | illegal | mismatch | error`), `size` (`[columns,
//! rows]`, `null` when unreadable), `rules`, `rules_from` (`RU | default | option`),
//! `rules_raw` (`RU[]` as written), `komi` (points used), `komi_raw` (`KM[]` as written),
//! `handicap`, `black`, `white`, `result` (`RE[]` as written), `encoding` (the text
//! encoding the game was read in: the file's, or in a collection whose games declare
//! different `CA[]`, the game's own), `moves`, `ended_by` (`passes | resignation | time |
//! forfeit | agreement | unfinished`; `agreement`: no two passes, but `RE[]` gives a
//! counted result), `findings`, `findings_omitted` (findings not shown because of
//! `--max-findings-per-game`, 0 when none), `score`, `check`, then the game information
//! (fields added in schema 1, after `check`; each `null` when the record does not give it,
//! read as plain text as `black` and `white` are): `date` (`DT[]`), `event` (`EV[]`),
//! `place` (`PC[]`), `black_rank` (`BR[]`), `white_rank` (`WR[]`), each the first on the
//! main line, and `application` (`AP[]` of the root: the program that wrote the record).
//!
//! Every key is always present, `null` where it does not apply, and each key holds one
//! type (a number, a string, a list, an object — or `null`), so that dataframe readers
//! infer one column per key.
//!
//! Each finding: `code`, `severity` (`info | warning | error`), `move` (from 1; passes
//! count, setup nodes do not), `color`, `point` (SGF), `vertex` (GTP style), `line`,
//! `column` (where in the file, counted from 1 in characters), `article` (of the Chinese
//! Weiqi Rules 2002), `message`, and for repetitions `first_seen` (the move after which
//! the repeated position last stood before, 0 = the start; an implied pass — the gap of a
//! `consecutive-move` — carries the number of the move before it) and `cycle_length`
//! (moves since then), `variation` (the side variation the finding is in: the child
//! index of each game tree from the root down to it, `"0.2.1"`; `null` on the main line —
//! a field added in schema 1, side variations being replayed like the main line, their
//! moves numbered along their own path), `fixable` (`true` when `sgfaudit audit --fix`
//! rewrites the record so that the finding is gone, the game unchanged; an added field),
//! `after_void` (for a finding about a move after a move the replay voided on the same
//! path: the number of the first voided move of the path, whose lost turn may be the
//! cause; an added field — the table and concise formats fold such findings under that
//! move, the JSON keeps each, and `by_code` counts each).
//! Fields that do not apply are `null`.
//!
//! `score` is `null` unless the final position is counted (two passes, or `RE[]` claims a
//! count): `dead_from` (`markup | estimate | none | judge`), `dead` (`black`, `white`: the stones
//! removed; `uncertain`: stones of chains the estimate is unsure of, counted by its best
//! guess; `seki`: stones judged in seki — both lists, empty when there are none), `black`,
//! `white` (areas), `komi`, `handicap_bonus`, `margin` (Black − White − komi − bonus),
//! `result` (`B+1.5`, `W+0.5`, `0`), `stones` (`黑胜3/4子`, `和棋`) — all of these the area
//! count, whatever the rules — then `counting` (`area | territory`: which count `check`
//! compared with `RE[]`) and `territory`: the territory count (Japanese rules 1989,
//! arts. 8–10) when the rules count territory or `RE[]` was found to be a territory count,
//! else `null`: `black_territory`, `white_territory` (empty points each side alone
//! surrounds after the dead stones are taken off; dame and the eyes of stones in seki
//! count for nobody), `black_prisoners`, `white_prisoners` (stones each side captured
//! during the game plus the opponent's dead stones), `seki_points` (empty points counted
//! for nobody because of seki), `komi`, `margin` (Black's territory and prisoners minus
//! White's, minus komi; no handicap compensation), `result`.
//!
//! `check`: `recorded` (`RE[]`), `computed` (the result of the count named by
//! `score.counting`), `verdict` (`agrees | disagrees | unverifiable | not-counted`:
//! `unverifiable` is a counted game whose count does not settle `RE[]`; `not-counted` (since
//! schema 2) a game no count checks: a resignation, time, forfeit, void, unknown or
//! unreadable `RE[]`, no `RE[]` (even when the game is counted), an unfinished or unreadable
//! game), `reason` (why it
//! could not be checked, or what was assumed: another counting than the rules', a komi
//! when `KM[]` cannot be the game's, the fate of uncertain chains), `reason_code` (the
//! reason's stable kebab-case name, `null` exactly when `reason` is: match it, not the
//! words), and `difference` (recorded minus counted margin, when both are numbers, else `null`).
//!
//! `error.data`: `path`, `message`. `summary.data`: `files`, `games`, `moves`,
//! `by_status` (every status, adding up to `games`), `by_code` (findings per code, codes
//! found only), `by_severity` (findings per severity, every severity), `failing` (games
//! that meet `--fail-on`), `unreadable` (inputs not
//! read), `fixable` (findings `--fix` would rewrite away), `fixed` and `files_fixed`
//! (with `--fix`: the findings fixed before this audit of the fixed files, and in how
//! many files; 0 otherwise), `elapsed_ms`, `games_per_second` — the only fields that
//! change from run to run.
//!
//! `tests/it/schema.rs` reads every line of a corpus run into mirror types that reject
//! unknown fields, so this description and the output cannot drift apart.

use std::io::{self, Write};

use super::wire::{self, Record};
use super::{Begin, InputError, Rendered, Renderer, Reporter, Summary};
use crate::audit::GameReport;

/// Writes one JSON object per line.
pub struct JsonlReporter<'w> {
    out: Box<dyn Write + 'w>,
}

/// Renders a `game` line.
fn render_game(game: &GameReport, _fails: bool, out: &mut Vec<u8>) {
    serde_json::to_writer(&mut *out, &Record::Game(wire::GameJson(game)))
        .expect("a report serialises");
    out.push(b'\n');
}

/// The JSON Schema (draft 2020-12) of a line, pretty-printed (`sgfaudit schema`).
pub fn schema() -> String {
    serde_json::to_string_pretty(&wire::schema()).expect("a schema serialises")
}

impl<'w> JsonlReporter<'w> {
    pub fn new(out: Box<dyn Write + 'w>) -> Self {
        JsonlReporter { out }
    }

    fn line(&mut self, record: &Record) -> io::Result<()> {
        serde_json::to_writer(&mut self.out, record)?;
        self.out.write_all(b"\n")
    }
}

impl Reporter for JsonlReporter<'_> {
    fn begin(&mut self, begin: &Begin) -> io::Result<()> {
        self.line(&Record::Begin(begin))?;
        self.line(&Record::Columns(&wire::columns()))
    }
    fn renderer(&self) -> Renderer {
        Renderer::bytes(render_game)
    }
    fn games(&mut self, rendered: Rendered) -> io::Result<()> {
        self.out.write_all(&rendered.rows::<u8>()?)
    }
    fn error(&mut self, error: &InputError) -> io::Result<()> {
        self.line(&Record::Error(error))
    }
    fn summary(&mut self, summary: &Summary) -> io::Result<()> {
        self.line(&Record::Summary(summary))?;
        self.out.flush()
    }
}
