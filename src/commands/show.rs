//! `sgfaudit show FILE --move M`: the position before one move, for a person who must see
//! what went wrong — the move marked, the stone already on its point, what it would take
//! off, and for a repetition the earlier identical position beside it. A text board, or
//! an SVG picture with `--svg`.

use std::io::{self, Write};

use crate::audit::figure::{first_illegal_move, move_figure_in, Figure, Mark, Panel};
use crate::audit::{record_as_replayed, GameReport};
use crate::cli::{ColorChoice, ShowArgs};
use crate::finding::Finding;
use crate::geom::Color;
use crate::input::source::read_file;
use crate::input::walk::io_message;
use crate::output::board::draw_grid;
use crate::output::sanitize::for_terminal;
use crate::output::style::ColorMode;
use crate::output::svg::standalone;
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

/// The finding a figure of move `m` of `variation` should explain: the illegal one first.
fn finding_at<'f>(findings: &'f [Finding], m: u32, variation: Option<&str>) -> Option<&'f Finding> {
    findings
        .iter()
        .filter(|f| f.r#move == Some(m) && f.variation.as_deref() == variation)
        .max_by_key(|f| (f.severity, f.first_seen.is_some()))
}

/// Prints (or draws) the position before a move. Exit code 0, 2 when the file, the game
/// or the move cannot be had or the picture cannot be written.
pub fn show(args: &ShowArgs) -> io::Result<u8> {
    let mut out = io::stdout().lock();
    let mut err = io::stderr().lock();
    let (title, mut figure) = match titled_figure(args) {
        Ok(shown) => shown,
        Err(message) => return refuse(&mut err, &message),
    };
    if let Some(path) = &args.svg {
        figure.caption.insert(0, title);
        if let Err(e) = std::fs::write(path, standalone(&figure)) {
            let message = format!("{}: {}", path.display(), io_message(&e));
            return refuse(&mut err, &message);
        }
        return Ok(0);
    }
    print_figure(&mut out, args.color, &title, &figure)?;
    Ok(0)
}

/// Writes `sgfaudit: ` and the message on standard error; the exit code when the
/// command cannot do what it was asked, 2.
fn refuse(err: &mut impl Write, message: &str) -> io::Result<u8> {
    writeln!(err, "sgfaudit: {message}")?;
    Ok(2)
}

/// The title of the game asked for and the figure of its move, or the message that says
/// why they cannot be had: the engine of `--judge` does not answer, or the file, the
/// game or the move is not there.
fn titled_figure(args: &ShowArgs) -> Result<(String, Figure), String> {
    args.options.check_judge()?;
    let file = load_game(args)?;
    let options = args.options.audit_options();
    let report = file.audit(args.game, &options);
    let figure = figure_of_move(args, &file, &report)?;
    Ok((game_title(&report), figure))
}

/// The file of `args`, read and split, when it holds the game asked for.
fn load_game(args: &ShowArgs) -> Result<LoadedFile, String> {
    let name = args.file.display();
    let bytes = read_file(&args.file).map_err(|e| format!("{name}: {}", io_message(&e)))?;
    let file = LoadedFile::new(args.file.to_string_lossy().into_owned(), bytes);
    if args.game >= file.games.len() {
        return Err(format!(
            "{name}: no game {} (the file holds {} game(s), counted from 0)",
            args.game,
            file.games.len()
        ));
    }
    Ok(file)
}

/// The figure of the move asked for (by default the first illegal one) in the audited
/// game, replayed on its board under the rules the audit replayed it under (`--superko`
/// applied).
fn figure_of_move(
    args: &ShowArgs,
    file: &LoadedFile,
    report: &GameReport,
) -> Result<Figure, String> {
    let name = args.file.display();
    let at = format!(
        "{name}:{}:{}: game {}",
        report.line, report.column, args.game
    );
    let Some([w, h]) = report.size else {
        return Err(format!(
            "{at}: the game cannot be replayed (its board size cannot be read)"
        ));
    };
    let size = crate::geom::BoardSize::new(u32::from(w), u32::from(h)).expect("a read size");
    let rules = report.rules;
    let record = parse_game(file.game_text(args.game), Limits::default());
    // With the handicap stones the record lacks, where the audit placed them.
    let record = record_as_replayed(&record, size, &rules).unwrap_or(record);
    let moves = record.move_count() as u32;
    let (number, variation) = match args.r#move {
        Some(m) => (m, args.variation.clone()),
        None => first_illegal_move(&report.findings)
            .and_then(|f| Some((f.r#move?, f.variation.as_deref().map(str::to_string))))
            .ok_or_else(|| {
                format!("{at}: no illegal move in this game; name one with --move M (1 to {moves})")
            })?,
    };
    let variation = variation.as_deref();
    if let Some(name) = variation {
        if crate::audit::figure::variation_record(&record, name).is_none() {
            return Err(format!("{at}: no side variation {name} in this game"));
        }
    }
    let finding = finding_at(&report.findings, number, variation);
    (number >= 1)
        .then(|| move_figure_in(&record, size, &rules, (number, variation), finding))
        .flatten()
        .ok_or_else(|| match variation {
            None => {
                format!("{at}: no move {number} (the game has {moves} move(s), counted from 1)")
            }
            Some(name) => format!("{at}: no move {number} on the path of variation {name}"),
        })
}

/// The title of a game's figure: file, game, players and rules.
fn game_title(report: &GameReport) -> String {
    format!(
        "{} game {}: {} (B) vs {} (W), rules {}",
        report.path,
        report.game,
        report.black.as_deref().unwrap_or("?"),
        report.white.as_deref().unwrap_or("?"),
        report.rules.set.name()
    )
}

/// Prints the figure as text boards under its title, with the legend and the caption,
/// every text of the record made safe for a terminal; the boards are coloured as
/// `color` says.
fn print_figure(
    out: &mut impl Write,
    color: ColorChoice,
    title: &str,
    figure: &Figure,
) -> io::Result<()> {
    let t = |s: &str| for_terminal(s).into_owned();
    writeln!(out, "{}", t(title))?;
    let color = ColorMode::from(color).for_stdout();
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
    out.flush()
}
