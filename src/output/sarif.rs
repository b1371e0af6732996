//! SARIF 2.1.0 (`--format sarif`), the format GitHub code scanning reads: one run, the
//! tool with one rule per finding code (taken from the catalogue, so a new code is a new
//! rule), one result per finding shown, with its place in the file, its move and vertex,
//! and a fingerprint that survives edits above the game (see [`super::fingerprint`]);
//! inputs that could not be read are tool execution notifications.
//!
//! The document is written as it goes: the rules first, the results in input order (so
//! the bytes are the same for any `--jobs`), the notifications last.

use std::io::{self, Write};

use serde_json::{json, Value};

use super::fingerprint::{self, relative_path, SARIF_KEY};
use super::{Begin, InputError, Rendered, Renderer, Reporter, Summary};
use crate::audit::GameReport;
use crate::finding::catalogue::{explain, severities, short_description};
use crate::finding::{catalogue, Code, Severity};

/// Where users read about the tool.
pub const INFORMATION_URI: &str = "https://github.com/sgfaudit/sgfaudit";

/// The guide's page of the finding codes, a section per code (`### \`occupied\``, whose
/// anchor is the code).
const RULES_URI: &str = "https://github.com/sgfaudit/sgfaudit/blob/main/docs/guide/checks.md";

/// The schema a SARIF 2.1.0 document names.
const SCHEMA_URI: &str = "https://json.schemastore.org/sarif-2.1.0.json";

pub struct SarifReporter<'w> {
    out: Box<dyn Write + 'w>,
    /// No result written yet (the next one needs no comma before it).
    first: bool,
    unreadable: Vec<InputError>,
}

impl<'w> SarifReporter<'w> {
    pub fn new(out: Box<dyn Write + 'w>) -> Self {
        SarifReporter {
            out,
            first: true,
            unreadable: Vec::new(),
        }
    }
}

/// SARIF's level of a severity.
fn level(severity: Severity) -> &'static str {
    match severity {
        Severity::Error => "error",
        Severity::Warning => "warning",
        Severity::Info => "note",
    }
}

/// Text as SARIF wants a message: a sentence ending with a full stop.
fn sentence(text: &str) -> String {
    let text = text.trim_end();
    if text.ends_with('.') {
        text.to_string()
    } else {
        format!("{text}.")
    }
}

/// A path as a relative URI reference (percent-encoded, `/` kept).
pub fn uri(path: &str) -> String {
    const RESERVED: &percent_encoding::AsciiSet = &percent_encoding::CONTROLS
        .add(b' ')
        .add(b'"')
        .add(b'#')
        .add(b'%')
        .add(b'<')
        .add(b'>')
        .add(b'?')
        .add(b'[')
        .add(b']')
        .add(b'\\')
        .add(b'^')
        .add(b'`')
        .add(b'{')
        .add(b'|')
        .add(b'}');
    percent_encoding::utf8_percent_encode(&relative_path(path), RESERVED).to_string()
}

/// The rule of a finding code, from the catalogue.
fn rule(code: Code) -> Value {
    let (what, _, _) = catalogue::entry(code);
    let most = severities(code)
        .into_iter()
        .max()
        .unwrap_or(Severity::Error);
    let mut rule = json!({
        "id": code.as_str(),
        "shortDescription": {"text": short_description(code)},
        "fullDescription": {"text": sentence(what)},
        "help": {"text": explain(code)},
        "helpUri": format!("{RULES_URI}#{code}"),
        "defaultConfiguration": {"level": level(most)},
    });
    if let Some(article) = code.article() {
        rule["properties"] = json!({ "article": article });
    }
    rule
}

/// The check's reason code, on the results of the findings the check makes.
fn check_reason(g: &GameReport, code: Code) -> Option<&'static str> {
    let from_check = matches!(
        code,
        Code::ResultMismatch | Code::CountingConvention | Code::UnparsedResult | Code::OpenBoard
    );
    from_check
        .then(|| g.check.reason_code())
        .flatten()
        .map(|code| code.as_str())
}

/// Renders one result per finding, each a JSON object.
fn render_game(g: &GameReport, _fails: bool, out: &mut Vec<String>) {
    let fingerprints = fingerprint::of_game(g);
    let uri = uri(&g.path);
    for (f, print) in g.findings.iter().zip(fingerprints) {
        let mut properties = json!({ "game": g.game, "fixable": f.fixable });
        for (key, value) in [
            ("move", f.r#move.map(Value::from)),
            ("color", f.color.map(Value::from)),
            ("point", f.point.as_deref().map(Value::from)),
            ("vertex", f.vertex.as_deref().map(Value::from)),
            ("article", f.article.map(Value::from)),
            ("variation", f.variation.as_deref().map(Value::from)),
            ("after_void", f.after_void.map(Value::from)),
            ("reason_code", check_reason(g, f.code).map(Value::from)),
        ] {
            if let Some(value) = value {
                properties[key] = value;
            }
        }
        let result = json!({
            "ruleId": f.code.as_str(),
            "ruleIndex": f.code as usize,
            "level": level(f.severity),
            "message": {"text": sentence(&format!("{}: {}", f.in_game(g.game), f.message))},
            "locations": [{"physicalLocation": {
                "artifactLocation": {"uri": uri},
                "region": {"startLine": f.line.max(1), "startColumn": f.column.max(1)},
            }}],
            "partialFingerprints": { SARIF_KEY: print },
            "properties": properties,
        });
        out.push(result.to_string());
    }
}

impl Reporter for SarifReporter<'_> {
    fn begin(&mut self, begin: &Begin) -> io::Result<()> {
        let rules: Vec<Value> = Code::ALL.into_iter().map(rule).collect();
        let driver = json!({
            "name": begin.tool,
            "version": begin.version,
            "semanticVersion": begin.version,
            "informationUri": INFORMATION_URI,
            "rules": rules,
        });
        write!(
            self.out,
            "{{\"$schema\":\"{SCHEMA_URI}\",\"version\":\"2.1.0\",\"runs\":[{{\"tool\":{{\"driver\":"
        )?;
        serde_json::to_writer(&mut self.out, &driver)?;
        self.out
            .write_all(b"},\"columnKind\":\"unicodeCodePoints\",\"results\":[\n")
    }

    fn renderer(&self) -> Renderer {
        Renderer::new(render_game, 1)
    }

    fn games(&mut self, rendered: Rendered) -> io::Result<()> {
        for result in rendered.rows::<String>()? {
            if !std::mem::take(&mut self.first) {
                self.out.write_all(b",")?;
            }
            self.out.write_all(result.as_bytes())?;
            self.out.write_all(b"\n")?;
        }
        Ok(())
    }

    fn error(&mut self, e: &InputError) -> io::Result<()> {
        self.unreadable.push(e.clone());
        Ok(())
    }

    fn summary(&mut self, _summary: &Summary) -> io::Result<()> {
        let notifications: Vec<Value> = self
            .unreadable
            .iter()
            .map(|e| {
                json!({
                    "level": "error",
                    "message": {"text": sentence(&format!("{} could not be read: {}", e.path, e.message))},
                    "locations": [{"physicalLocation": {"artifactLocation": {"uri": uri(&e.path)}}}],
                })
            })
            .collect();
        let invocation = json!({
            "executionSuccessful": notifications.is_empty(),
            "toolExecutionNotifications": notifications,
        });
        self.out.write_all(b"],\"invocations\":[")?;
        serde_json::to_writer(&mut self.out, &invocation)?;
        self.out.write_all(b"]}]}\n")?;
        self.out.flush()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn paths_become_uri_references() {
        assert_eq!(
            uri("a/names, commas and \"quotes\".sgf"),
            "a/names,%20commas%20and%20%22quotes%22.sgf"
        );
        assert_eq!(uri("围棋 #1.sgf"), "%E5%9B%B4%E6%A3%8B%20%231.sgf");
    }

    #[test]
    fn rules_follow_the_catalogue() {
        let r = rule(Code::Occupied);
        assert_eq!(r["id"], "occupied");
        assert_eq!(r["defaultConfiguration"]["level"], "error");
        assert_eq!(r["properties"]["article"], 19);
        assert_eq!(
            rule(Code::KomiNormalized)["defaultConfiguration"]["level"],
            "note"
        );
    }
}
