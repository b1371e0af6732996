//! `sgfaudit score FILE`: one game for a person — the final board, dead stones, each
//! point's owner, both counts, komi, handicap bonus, and the result against `RE[]`.

use std::io::{self, Write};

use crate::audit::{AuditOptions, GameReport, RulesFrom, Status};
use crate::cli::ScoreArgs;
use crate::geom::Position;
use crate::input::source::read_file;
use crate::input::walk::io_message;
use crate::output::sanitize::for_terminal;
use crate::run::LoadedFile;
use crate::sgf::info::game_info;

use crate::check::area_score;
use crate::check::openness::Openness;
use crate::output::board::render_board_marked;
use crate::output::style::{paint, severity as severity_style, ColorMode};
use crate::score::{
    count_area, count_territory, format_number, settle_dead, DeadPolicy, Score, ScoringMethod,
};
use crate::sgf::record::{parse_game, Limits};

/// Prints one game's count. Exit code 0, 1 when the game is not `ok`, 2 when the file or
/// game cannot be had.
pub fn show(args: &ScoreArgs) -> io::Result<u8> {
    let mut out = io::stdout().lock();
    let mut err = io::stderr().lock();
    if let Err(message) = args.options.check_judge() {
        writeln!(err, "sgfaudit: {message}")?;
        return Ok(2);
    }
    let bytes = match read_file(&args.file) {
        Ok(b) => b,
        Err(e) => {
            writeln!(err, "sgfaudit: {}: {}", args.file.display(), io_message(&e))?;
            return Ok(2);
        }
    };
    let file = LoadedFile::new(args.file.to_string_lossy().into_owned(), bytes);
    if args.game >= file.games.len() {
        writeln!(
            err,
            "sgfaudit: {}: no game {} (the file holds {} game(s), counted from 0)",
            args.file.display(),
            args.game,
            file.games.len()
        )?;
        return Ok(2);
    }
    let options = AuditOptions {
        keep_board: true,
        ..args.options.audit_options()
    };
    let report = file.audit(args.game, &options);
    let color = ColorMode::from(args.color).for_stdout();
    write_header(&mut out, &report, file.game_text(args.game), color)?;
    writeln!(out)?;
    let (method, fallback) = count_for_a_person(&file, args, &options, &report);
    if let (Some(board), Some(score)) = (&report.board, report.score.as_ref().or(fallback.as_ref()))
    {
        if let Some(path) = &args.svg {
            if let Err(e) = write_svg(path, board, score, method, &report) {
                writeln!(err, "sgfaudit: {}: {}", path.display(), io_message(&e))?;
                return Ok(2);
            }
        }
        write_count(&mut out, board, score, method, color)?;
        writeln!(
            out,
            "The check compared the {} count.",
            score.counting.as_str()
        )?;
        if fallback.is_some() {
            writeln!(
                out,
                "(counted by area for reference only: the audit does not count this game)"
            )?;
        }
    } else {
        writeln!(out, "Not counted.")?;
        if let Some(path) = &args.svg {
            writeln!(
                err,
                "sgfaudit: {}: not written: the game has no position to count",
                path.display()
            )?;
            return Ok(2);
        }
    }
    write_verdict(&mut out, &report)?;
    out.flush()?;
    Ok(if report.status == Status::Ok { 0 } else { 1 })
}

/// The game's names, information, board, rules, komi and findings.
fn write_header(
    out: &mut impl Write,
    report: &GameReport,
    text: &str,
    color: bool,
) -> io::Result<()> {
    let t = |s: &str| for_terminal(s).into_owned();

    writeln!(
        out,
        "{} game {} (line {})",
        t(&report.path),
        report.game,
        report.line
    )?;
    writeln!(
        out,
        "Black: {}   White: {}",
        t(report.black.as_deref().unwrap_or("?")),
        t(report.white.as_deref().unwrap_or("?"))
    )?;
    let info: Vec<String> = game_info(text)
        .iter()
        .map(|(k, v)| format!("{k}: {}", t(v)))
        .collect();
    if !info.is_empty() {
        writeln!(out, "{}", info.join("   "))?;
    }
    let size = report.size.map(|[w, h]| {
        if w == h {
            format!("{w}x{w}")
        } else {
            format!("{w}x{h}")
        }
    });
    writeln!(
        out,
        "Board {}, rules {} (from {}), komi {}{}, handicap {}, {} moves",
        size.unwrap_or_else(|| "?".into()),
        report.rules.set.name(),
        match report.rules_from {
            RulesFrom::Ru => "RU[]",
            RulesFrom::Default => "the default",
            RulesFrom::Option => "--rules",
        },
        report.komi,
        report
            .komi_raw
            .as_deref()
            .map(|r| format!(" (KM[{}])", t(r)))
            .unwrap_or_default(),
        report.handicap,
        report.moves
    )?;
    for f in &report.findings {
        let at = f.r#move.map(|m| format!("move {m}: ")).unwrap_or_default();
        writeln!(
            out,
            "  {} [{}] {at}{}",
            paint(color, severity_style(f.severity), f.severity.as_str()),
            f.code,
            t(&f.message)
        )?;
    }
    Ok(())
}

/// The scoring method of the report's rules and, when the audit did not count the game,
/// a count of its final position for a person.
fn count_for_a_person(
    file: &LoadedFile,
    args: &ScoreArgs,
    options: &AuditOptions,
    report: &GameReport,
) -> (ScoringMethod, Option<Score>) {
    let rules = report.rules;
    let method = ScoringMethod::under(&rules);
    // The audit counts only games meant to be counted; for a person, count the final
    // position anyway, and say so.
    let fallback = match (&report.board, &report.score) {
        (Some(board), None) => {
            let record = parse_game(file.game_text(args.game), Limits::default());
            let markup = (!record.territory_black.is_empty() || !record.territory_white.is_empty())
                .then_some((&record.territory_black[..], &record.territory_white[..]));
            // An open board is counted as it stands: no estimate reads stones dead on a
            // board not played out.
            let policy = if Openness::of(board).is_open() {
                DeadPolicy::None
            } else {
                options.dead.under(&rules)
            };
            let dead = settle_dead(board, markup, policy);
            Some(area_score(
                board,
                &dead,
                &dead.dead,
                &rules,
                report.komi,
                report.handicap,
            ))
        }
        _ => None,
    };
    (method, fallback)
}

/// The counted board, its dead stones and the count sheet.
fn write_count(
    out: &mut impl Write,
    board: &Position,
    score: &Score,
    method: ScoringMethod,
    color: bool,
) -> io::Result<()> {
    let dead: Vec<_> = score
        .dead_black
        .iter()
        .chain(&score.dead_white)
        .copied()
        .collect();
    let area = count_area(board, &dead, method);
    // Who owns each point depends on the dead stones and seki alone, not on the
    // prisoners or komi the sheet below prints from the score.
    let territory = score
        .territory
        .as_ref()
        .map(|_| count_territory(board, &dead, &score.seki, [0, 0], 0.0).owner);
    let owner = territory.as_ref().unwrap_or(&area.owner);
    write!(
        out,
        "{}",
        render_board_marked(board, &dead, owner, &score.uncertain, color)
    )?;
    writeln!(out)?;
    writeln!(
        out,
        "Dead stones ({}): black {}, white {}{}{}",
        score.dead_from.as_str(),
        score.dead_black.len(),
        score.dead_white.len(),
        if score.uncertain.is_empty() {
            String::new()
        } else {
            format!("; uncertain {}", score.uncertain.len())
        },
        if score.seki.is_empty() {
            String::new()
        } else {
            format!("; in seki {}", score.seki.len())
        }
    )?;
    write_sheet(out, score)
}

/// The count sheet: territory and prisoners, or area, komi and result.
fn write_sheet(out: &mut impl Write, score: &Score) -> io::Result<()> {
    if let Some(t) = &score.territory {
        // The referee's sheet of territory counting (Japanese rules 1989, art. 10).
        let row = |out: &mut dyn Write, name: &str, b: String, w: String| {
            writeln!(out, "{name:<16}{b:>10}{w:>10}")
        };
        row(&mut *out, "", "Black".into(), "White".into())?;
        row(
            &mut *out,
            "territory",
            t.black_territory.to_string(),
            t.white_territory.to_string(),
        )?;
        row(
            &mut *out,
            "prisoners",
            t.black_prisoners.to_string(),
            t.white_prisoners.to_string(),
        )?;
        row(&mut *out, "komi", String::new(), format_number(t.komi))?;
        row(
            &mut *out,
            "total",
            (t.black_territory + t.black_prisoners).to_string(),
            format_number((t.white_territory + t.white_prisoners) as f64 + t.komi),
        )?;
        if t.seki_points > 0 {
            writeln!(out, "({} point(s) in seki count for nobody)", t.seki_points)?;
        }
        writeln!(out, "Result by territory: {}", t.result)?;
        writeln!(
            out,
            "By area: Black {}, White {}, komi {}, handicap bonus {}: {}  ({})",
            score.black, score.white, score.komi, score.handicap_bonus, score.result, score.stones
        )?;
    } else {
        writeln!(out, "{:<16}{:>10}{:>10}", "", "Black", "White")?;
        writeln!(out, "{:<16}{:>10}{:>10}", "area", score.black, score.white)?;
        writeln!(out, "{:<16}{:>10}{:>10}", "komi", "", score.komi)?;
        writeln!(
            out,
            "{:<16}{:>10}{:>10}",
            "handicap bonus", "", score.handicap_bonus
        )?;
        writeln!(out, "Result: {}  ({})", score.result, score.stones)?;
    }
    Ok(())
}

/// `RE[]` against the count: the verdict, its reason, and the reading it rests on.
fn write_verdict(out: &mut impl Write, report: &GameReport) -> io::Result<()> {
    let t = |s: &str| for_terminal(s).into_owned();
    writeln!(
        out,
        "RE[{}]: {}{}",
        t(report.result.as_deref().unwrap_or("")),
        report.check.verdict.as_str(),
        report
            .check
            .reason_text()
            .map(|r| format!(" — {}", t(&r)))
            .unwrap_or_default()
    )?;
    if let Some(confidence) = report.check.confidence {
        writeln!(
            out,
            "Confidence: {:.1}% (the odds of the readings behind the verdict)",
            confidence * 100.0
        )?;
    }
    if let Some(assumed) = report.check.assumed_text() {
        writeln!(out, "Assumed: {}", t(&assumed))?;
    }
    Ok(())
}

/// `--svg OUT`: the counted position as a picture, with the result, `RE[]` and the
/// verdict under it.
fn write_svg(
    path: &std::path::Path,
    board: &crate::geom::Position,
    score: &crate::score::Score,
    method: ScoringMethod,
    report: &crate::audit::GameReport,
) -> io::Result<()> {
    let verdict = report.check.verdict.as_str();
    let caption = vec![
        format!(
            "{} game {}: {} (B) vs {} (W)",
            report.path,
            report.game,
            report.black.as_deref().unwrap_or("?"),
            report.white.as_deref().unwrap_or("?")
        ),
        format!(
            "Black {} White {}, komi {}, handicap bonus {}: {}",
            score.black, score.white, score.komi, score.handicap_bonus, score.result
        ),
        format!(
            "RE[{}]: {}{}",
            report.result.as_deref().unwrap_or(""),
            verdict,
            report
                .check
                .reason_text()
                .map(|r| format!(" ({r})"))
                .unwrap_or_default()
        ),
    ];
    let figure = crate::audit::figure::counted_figure(board, score, method, caption);
    std::fs::write(path, crate::output::svg::standalone(&figure))
}
