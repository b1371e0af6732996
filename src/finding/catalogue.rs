//! The texts of the finding catalogue, read from the codes' declarations: what each code
//! means, its severities, a record that raises it, and the page `sgfaudit explain` prints.
//! Kept beside the codes so that every report (the SARIF rules, say) reads the same words
//! as `explain`.

use super::registry::Group;
use super::{Code, Severity};

/// What a code says, the severities it comes with, and an example record (`None` when no
/// short record can show it), as its declaration gives them.
pub fn entry(code: Code) -> (&'static str, &'static str, Option<&'static str>) {
    let d = code.declaration();
    (d.what, d.severity_words, d.example)
}

/// The text `sgfaudit explain CODE` prints.
pub fn explain(code: Code) -> String {
    let (what, severity, example) = entry(code);
    let mut out = format!("{code}\n\n{what}\n\nseverity: {severity}\n");
    match code.article() {
        Some(a) => out.push_str(&format!("article: {a} of the Chinese Weiqi Rules (2002)\n")),
        None => out.push_str("article: none (a matter of the record, not of the rules)\n"),
    }
    if let Some(place) = code.specification() {
        out.push_str(&format!("specification: {place}\n"));
    }
    if let Some((group, _)) = Code::GROUPS
        .iter()
        .find(|(g, codes)| *g == "parse-error" && codes.contains(&code) && code != Code::ParseError)
    {
        out.push_str(&format!(
            "group: {group} (--select/--ignore/--fail-on {group} include it)\n"
        ));
    }
    if let Some(example) = example {
        out.push_str(&format!(
            "\nexample (save it as example.sgf, then: sgfaudit audit example.sgf):\n\n    {example}\n"
        ));
    }
    out
}

/// The codes as `--help` lists them: those of the rules and the record, then `format:`
/// and the format codes (a code named as a group, `parse-error`, stays with the first),
/// then the groups. `internal-error`, a fault of the tool and never of a record, is left
/// out.
pub fn help_list() -> String {
    let format_codes = Code::GROUPS
        .iter()
        .find(|(g, _)| *g == Group::Format.name())
        .map_or(&[][..], |(_, codes)| codes);
    let listed_under_format =
        |c: &Code| format_codes.contains(c) && !Code::GROUPS.iter().any(|(g, _)| *g == c.as_str());
    let names = |under_format: bool| {
        Code::ALL
            .into_iter()
            .filter(|c| *c != Code::InternalError && listed_under_format(c) == under_format)
            .map(Code::as_str)
            .collect::<Vec<_>>()
            .join(", ")
    };
    let groups: Vec<&str> = Code::GROUPS.iter().map(|(g, _)| *g).collect();
    format!(
        "{}; format: {} (groups: {})",
        names(false),
        names(true),
        groups.join(", ")
    )
}

/// The severities a code comes with, mildest first.
pub fn severities(code: Code) -> Vec<Severity> {
    let declared = code.declaration().severities;
    Severity::ALL
        .into_iter()
        .filter(|s| declared.contains(s))
        .collect()
}

/// The severity a code usually comes with: the first its declaration names (`parse-error`,
/// "warning or error", is a warning; `mixed-collection`, "info or warning", an info). The
/// reports colour a code by it.
pub fn usual_severity(code: Code) -> Severity {
    code.declaration().severities[0]
}

/// The colours of the severities in the reports people read: `(severity, fill of a bar or
/// a mark, background of a label)`. The HTML report's style is written from it.
pub const SEVERITY_COLOURS: [(Severity, &str, &str); 3] = [
    (Severity::Error, "#d9534f", "#fbd5d3"),
    (Severity::Warning, "#f0a840", "#fde8c8"),
    (Severity::Info, "#a8a8a8", "#e4e4e4"),
];

/// The first clause of what a code says (up to the first `:` or `;` outside
/// parentheses), ending with a full stop: a one-line description.
pub fn short_description(code: Code) -> String {
    let (what, _, _) = entry(code);
    let mut depth = 0i32;
    let mut end = what.len();
    for (i, c) in what.char_indices() {
        match c {
            '(' => depth += 1,
            ')' => depth -= 1,
            ':' | ';' if depth == 0 && what[i + 1..].starts_with(' ') => {
                end = i;
                break;
            }
            _ => {}
        }
    }
    let first = what[..end].trim_end_matches('.');
    format!("{first}.")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_code_has_a_short_description_and_a_severity() {
        for code in Code::ALL {
            let short = short_description(code);
            assert!(short.len() > 10 && short.ends_with('.'), "{code}: {short}");
            assert!(!severities(code).is_empty(), "{code}");
        }
        assert_eq!(
            short_description(Code::Occupied),
            "A stone played on an occupied point."
        );
        assert_eq!(
            short_description(Code::InternalError),
            "The audit of this game failed inside sgfaudit (a bug: please report it)."
        );
        assert_eq!(
            severities(Code::ParseError),
            [Severity::Warning, Severity::Error]
        );
        assert_eq!(usual_severity(Code::ParseError), Severity::Warning);
        assert_eq!(usual_severity(Code::MixedCollection), Severity::Info);
        assert_eq!(usual_severity(Code::NotGo), Severity::Error);
        for code in Code::ALL {
            assert!(severities(code).contains(&usual_severity(code)), "{code}");
        }
    }
}
