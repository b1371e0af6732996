//! `sgfaudit show FILE --move M`: the position before one move, for a person who must see
//! what went wrong — the move marked, the stone already on its point, what it would take
//! off, and for a repetition the earlier identical position beside it. A text board, or
//! an SVG picture with `--svg`.

use std::io::{self, Write};

use crate::audit::figure::{first_illegal_move, move_figure, Mark, Panel};
use crate::cli::ShowArgs;
use crate::finding::Finding;
use crate::geom::Color;
use crate::input::source::read_file;
use crate::input::walk::io_message;
use crate::output::board::draw_grid;
use crate::output::sanitize::for_terminal;
use crate::output::style::ColorMode;
use crate::output::svg::standalone;
use crate::rules::RuleSet;
use crate::run::LoadedFile;
use crate::sgf::record::{parse_game, Limits};

/// A text board of a panel: `X`/`O` stones, `.` empty, `*` the empty point of the move;
/// before a point, `>` marks the move's point and `!` a stone the move would take off.
/// The title is made safe for a terminal; the grid is coloured when `color`.
pub fn render_panel(panel: &Panel, color: bool) -> String {
    let grid = draw_grid(panel.position.size, color, |p| {
        let mut glyph = match panel.position.get(p) {
            Some(Color::Black) => 'X',
            Some(Color::White) => 'O',
            None => '.',
        };
        let mut mark = ' ';
        for m in panel.marks_at(p) {
            match m {
                Mark::Move(_) => {
                    glyph = '*';
                    mark = '>';
                }
                Mark::Ring => mark = '>',
                Mark::Dies if mark == ' ' => mark = '!',
                _ => {}
            }
        }
        (mark, glyph)
    });
    format!("{}\n{grid}", for_terminal(&panel.title))
}

/// The finding a figure of move `m` should explain: the illegal one first.
fn finding_at(findings: &[Finding], m: u32) -> Option<&Finding> {
    findings
        .iter()
        .filter(|f| f.r#move == Some(m))
        .max_by_key(|f| (f.severity, f.first_seen.is_some()))
}

/// Prints (or draws) the position before a move. Exit code 0, 2 when the file, the game
/// or the move cannot be had or the picture cannot be written.
pub fn show(args: &ShowArgs) -> io::Result<u8> {
    let mut out = io::stdout().lock();
    let mut err = io::stderr().lock();
    if let Err(message) = args.options.check_judge() {
        writeln!(err, "sgfaudit: {message}")?;
        return Ok(2);
    }
    let name = args.file.display();
    let bytes = match read_file(&args.file) {
        Ok(b) => b,
        Err(e) => {
            writeln!(err, "sgfaudit: {name}: {}", io_message(&e))?;
            return Ok(2);
        }
    };
    let file = LoadedFile::new(args.file.to_string_lossy().into_owned(), bytes);
    if args.game >= file.games.len() {
        writeln!(
            err,
            "sgfaudit: {name}: no game {} (the file holds {} game(s), counted from 0)",
            args.game,
            file.games.len()
        )?;
        return Ok(2);
    }
    let options = args.options.audit_options();
    let report = file.audit(args.game, &options);
    let at = format!(
        "{name}:{}:{}: game {}",
        report.line, report.column, args.game
    );
    let Some([w, h]) = report.size else {
        writeln!(
            err,
            "sgfaudit: {at}: the game cannot be replayed (its board size cannot be read)"
        )?;
        return Ok(2);
    };
    let size = crate::geom::BoardSize::new(u32::from(w), u32::from(h)).expect("a read size");
    let mut rules = RuleSet::from_name(report.rules)
        .unwrap_or(RuleSet::Chinese)
        .rules();
    if let Some(k) = options.superko {
        rules.superko = k;
    }
    let record = parse_game(file.game_text(args.game), Limits::default());
    let moves = record.move_count() as u32;
    let number = match args.r#move {
        Some(m) => m,
        None => match first_illegal_move(&report.findings).and_then(|f| f.r#move) {
            Some(m) => m,
            None => {
                writeln!(
                    err,
                    "sgfaudit: {at}: no illegal move in this game; name one with --move M (1 to {moves})"
                )?;
                return Ok(2);
            }
        },
    };
    let finding = finding_at(&report.findings, number);
    let Some(mut figure) = (number >= 1)
        .then(|| move_figure(&record, size, &rules, number, finding))
        .flatten()
    else {
        writeln!(
            err,
            "sgfaudit: {at}: no move {number} (the game has {moves} move(s), counted from 1)"
        )?;
        return Ok(2);
    };
    let t = |s: &str| for_terminal(s).into_owned();
    let title = format!(
        "{} game {}: {} (B) vs {} (W), rules {}",
        report.path,
        report.game,
        report.black.as_deref().unwrap_or("?"),
        report.white.as_deref().unwrap_or("?"),
        report.rules
    );
    if let Some(path) = &args.svg {
        figure.caption.insert(0, title);
        if let Err(e) = std::fs::write(path, standalone(&figure)) {
            writeln!(err, "sgfaudit: {}: {}", path.display(), io_message(&e))?;
            return Ok(2);
        }
        return Ok(0);
    }
    writeln!(out, "{}", t(&title))?;
    let color = ColorMode::from(args.color).for_stdout();
    for panel in &figure.panels {
        writeln!(out)?;
        write!(out, "{}", render_panel(panel, color))?;
    }
    writeln!(out)?;
    writeln!(
        out,
        "X O stones   . empty   >* the move's point   >X the stone on its point   !X taken off by the move"
    )?;
    for line in &figure.caption {
        writeln!(out, "{}", t(line))?;
    }
    out.flush()?;
    Ok(0)
}
