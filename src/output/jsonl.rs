//! JSON Lines, schema 1: one `{"type": T, "data": {...}}` object per line.
//!
//! The order is fixed: one `begin`, one `game` per game in input order (paths sorted,
//! then order inside the file; the same for any `--jobs`), one `error` per input that
//! could not be read at all, and one `summary` last. Only `summary` carries timing, so
//! every other line is the same from run to run.
//!
//! A full example (one game; long lines shortened only by leaving fields at `null`):
//!
//! ```text
//! {"type":"begin","data":{"schema":1,"tool":"sgfaudit","version":"0.1.0","inputs":["corpus/rules"]}}
//! {"type":"game","data":{"path":"corpus/rules/art19-occupied__occupied@5.sgf","game":0,"line":1,"column":1,"status":"illegal","size":[9,9],"rules":"chinese","rules_from":"RU","rules_raw":"Chinese","komi":7.5,"komi_raw":"7.5","handicap":0,"black":"Black","white":"White","result":"W+R","encoding":"UTF-8","moves":6,"ended_by":"resignation","findings":[{"code":"occupied","severity":"error","move":5,"color":"B","point":"cc","vertex":"C7","line":2,"column":18,"article":19,"message":"B C7 is played on an occupied point: the move is void and B loses the turn (art. 19)"}],"score":null,"check":{"recorded":"W+R","computed":null,"verdict":"unverifiable","reason":"the game ended by resignation: there is no count to check"}}}
//! {"type":"summary","data":{"files":1,"games":1,"moves":6,"by_status":{"ok":0,"illegal":1,"mismatch":0,"error":0},"by_code":{"occupied":1},"unreadable":0,"elapsed_ms":3,"games_per_second":333.3}}
//! ```
//!
//! `game.data` fields: `path`, `game` (index in the file from 0), `line`/`column` (where
//! the game tree starts), `status` (`ok | illegal | mismatch | error`), `size` (`[cols,
//! rows]`, `null` when unreadable), `rules`, `rules_from` (`RU | default | option`),
//! `rules_raw`, `komi` (points used), `komi_raw`, `handicap`, `black`, `white`, `result`
//! (`RE[]` as written), `encoding`, `moves`, `ended_by` (`passes | resignation | time |
//! forfeit | agreement | unfinished`), `findings` (each: `code`, `severity`, `move`,
//! `color`, `point`, `vertex`, `line`, `column`, `article`, `message`, and for
//! repetitions `first_seen` and `cycle_length`; absent fields are left out), `score`
//! (`null` when the final position is not meant to be counted) and `check`.
//! `tests/schema.rs` reads every line of a corpus run into mirror types that reject
//! unknown fields, so this description and the output cannot drift apart.

use std::io::{self, Write};

use serde::Serialize;

use super::{Begin, InputError, RenderGame, Reporter, Summary};
use crate::audit::GameReport;

/// Writes one JSON object per line.
pub struct JsonlReporter<'w> {
    out: Box<dyn Write + 'w>,
}

/// Renders a `game` line.
fn render_game(game: &GameReport, out: &mut Vec<u8>) {
    #[derive(Serialize)]
    struct Line<'a> {
        r#type: &'a str,
        data: &'a GameReport,
    }
    serde_json::to_writer(
        &mut *out,
        &Line {
            r#type: "game",
            data: game,
        },
    )
    .expect("a report serialises");
    out.push(b'\n');
}

impl<'w> JsonlReporter<'w> {
    pub fn new(out: Box<dyn Write + 'w>) -> Self {
        JsonlReporter { out }
    }

    fn line<T: Serialize>(&mut self, kind: &str, data: &T) -> io::Result<()> {
        #[derive(Serialize)]
        struct Line<'a, T> {
            r#type: &'a str,
            data: &'a T,
        }
        serde_json::to_writer(&mut self.out, &Line { r#type: kind, data })?;
        self.out.write_all(b"\n")
    }
}

impl Reporter for JsonlReporter<'_> {
    fn begin(&mut self, begin: &Begin) -> io::Result<()> {
        self.line("begin", begin)
    }
    fn renderer(&self) -> RenderGame {
        render_game
    }
    fn game(&mut self, _game: &GameReport, rendered: &[u8]) -> io::Result<()> {
        self.out.write_all(rendered)
    }
    fn error(&mut self, error: &InputError) -> io::Result<()> {
        self.line("error", error)
    }
    fn summary(&mut self, summary: &Summary) -> io::Result<()> {
        self.line("summary", summary)?;
        self.out.flush()
    }
}
