//! `sgfaudit explain --all --format markdown`: the whole catalogue as one Markdown page
//! section (a table of every code, then a section per code with its article and example),
//! so the guide's list of codes is generated from the catalogue and cannot drift from it.

use crate::finding::catalogue::{entry, short_description};
use crate::finding::Code;

/// The catalogue as Markdown: an overview table, then one section per code.
pub fn catalogue() -> String {
    let mut out = String::new();
    for (title, format) in [
        ("The rules and the count", false),
        ("The record's format", true),
    ] {
        out.push_str(&format!("### {title}\n\n"));
        out.push_str("| code | severity | article | what |\n|---|---|---|---|\n");
        for code in codes(format) {
            let (_, severity, _) = entry(code);
            out.push_str(&format!(
                "| [`{code}`](#{code}) | {severity} | {} | {} |\n",
                article_short(code),
                cell(&short_description(code)),
            ));
        }
        out.push('\n');
    }
    for code in Code::ALL {
        out.push_str(&section(code));
    }
    out
}

/// The codes of the rules (`format` false) or of the record's format, in catalogue order.
fn codes(format: bool) -> impl Iterator<Item = Code> {
    let format_codes = Code::GROUPS
        .iter()
        .find(|(g, _)| *g == "format")
        .map(|(_, c)| *c)
        .unwrap_or(&[]);
    Code::ALL
        .into_iter()
        .filter(move |c| format_codes.contains(c) == format)
}

fn article_short(code: Code) -> String {
    match code.article() {
        Some(a) => format!("art. {a}"),
        None if code.specification().is_some() => "SGF FF[4]".to_string(),
        None => "—".to_string(),
    }
}

/// A table cell: no `|` or line break.
fn cell(text: &str) -> String {
    text.replace('|', "\\|").replace('\n', " ")
}

/// One code's section: what it says, severity, article, specification, group, example.
pub fn section(code: Code) -> String {
    let (what, severity, example) = entry(code);
    let mut out = format!("### `{code}`\n\n{what}\n\n- severity: {severity}\n");
    match code.article() {
        Some(a) => out.push_str(&format!(
            "- article: {a} of the Chinese Weiqi Rules (2002)\n"
        )),
        None => out.push_str("- article: none (a matter of the record, not of the rules)\n"),
    }
    if let Some(place) = code.specification() {
        out.push_str(&format!("- specification: {place}\n"));
    }
    if let Some((group, _)) = Code::GROUPS
        .iter()
        .find(|(g, codes)| *g == "parse-error" && codes.contains(&code) && code != Code::ParseError)
    {
        out.push_str(&format!(
            "- group: `{group}` (`--select`/`--ignore`/`--fail-on {group}` include it)\n"
        ));
    }
    out.push_str(&format!(
        "- `audit --fix`: {}\n",
        crate::fix::catalogue::how(code)
    ));
    if let Some(example) = example {
        out.push_str(&format!(
            "\nA record that raises it (`sgfaudit explain {code}` prints it too):\n\n```sgf\n{example}\n```\n"
        ));
    }
    out.push('\n');
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_code_has_a_row_and_a_section() {
        let page = catalogue();
        for code in Code::ALL {
            assert!(page.contains(&format!("| [`{code}`](#{code}) |")), "{code}");
            assert!(page.contains(&format!("### `{code}`\n")), "{code}");
        }
        assert!(page.contains("| [`ko`](#ko) | error | art. 20 |"));
    }
}
