//! What the documentation quotes from the code is generated from it, and this test fails
//! when a page and the code differ. A generated block of a page sits between
//! `<!-- generated: GENERATOR -->` and `<!-- end generated -->`, GENERATOR being:
//! - `sgfaudit explain --all --format markdown`: the catalogue of finding codes, as printed;
//! - `sgfaudit schema | tables`: the JSON Schema `sgfaudit schema` prints, as a table per
//!   record and object type (rendered here);
//! - `reason codes`: the check's reason codes (`check.reason_code`) and what each means,
//!   as a table, from their one registry;
//! - any other `sgfaudit ARGS` (a `--help`): its output, in a ```text block.
//!
//! `SGFAUDIT_UPDATE_DOCS=1 cargo test --release --test it -- doc_generated::` writes every
//! block anew. (The power tables of the result check are written by
//! `scripts/verdict-power.py --markdown-into`, between markers of their own.)

use crate::common;

use std::path::{Path, PathBuf};

use serde_json::Value;

const BEGIN: &str = "<!-- generated: ";
const END: &str = "<!-- end generated -->";
const UPDATE: &str = "SGFAUDIT_UPDATE_DOCS=1 cargo test --release --test it -- doc_generated::";

/// README.md and every `*.md` under `docs/`.
fn pages() -> Vec<PathBuf> {
    fn walk(dir: &Path, out: &mut Vec<PathBuf>) {
        for entry in std::fs::read_dir(dir).into_iter().flatten() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                walk(&path, out);
            } else if path.extension().is_some_and(|e| e == "md") {
                out.push(path);
            }
        }
    }
    let mut out = vec![common::root().join("README.md")];
    walk(&common::root().join("docs"), &mut out);
    out
}

/// What the block of `generator` holds.
fn generate(generator: &str) -> String {
    if generator == "reason codes" {
        return reason_code_table();
    }
    if generator == "sgfaudit schema | tables" {
        let out = common::sgfaudit(&["schema"]);
        let schema: Value = serde_json::from_slice(&out.stdout).unwrap();
        return schema_tables(&schema);
    }
    let args: Vec<&str> = generator
        .strip_prefix("sgfaudit ")
        .unwrap_or_else(|| panic!("{generator}: a generator is an sgfaudit command"))
        .split_whitespace()
        .collect();
    let out = common::sgfaudit(&args);
    assert!(out.status.success(), "{generator}: {out:?}");
    let text = String::from_utf8(out.stdout).unwrap();
    if args.contains(&"markdown") {
        text
    } else {
        let text: Vec<&str> = text.lines().map(str::trim_end).collect();
        format!("```text\n{}\n```\n", text.join("\n"))
    }
}

/// The reason codes and their meanings, a row each.
fn reason_code_table() -> String {
    let mut table = String::from("| `reason_code` | what |\n|---|---|\n");
    for code in sgfaudit::check::reason::ReasonCode::ALL {
        table.push_str(&format!(
            "| `{}` | {}. |\n",
            code.as_str(),
            cell(code.meaning())
        ));
    }
    table
}

/// The page with every generated block written anew, and the generators that changed.
fn regenerate(text: &str) -> (String, Vec<String>) {
    let mut out = String::new();
    let mut changed = Vec::new();
    let mut rest = text;
    while let Some(at) = rest.find(BEGIN) {
        let line_end = at + rest[at..].find("-->\n").expect("a marker ends with -->") + 4;
        let generator = rest[at + BEGIN.len()..line_end - 4].trim().to_string();
        out.push_str(&rest[..line_end]);
        let end = line_end
            + rest[line_end..]
                .find(END)
                .unwrap_or_else(|| panic!("{generator}: no `{END}`"));
        let now = generate(&generator);
        if rest[line_end..end] != now {
            changed.push(generator);
        }
        out.push_str(&now);
        rest = &rest[end..];
    }
    out.push_str(rest);
    (out, changed)
}

#[test]
fn generated_blocks_are_what_the_code_prints() {
    if !common::has_guide() {
        return;
    }
    let update = std::env::var_os("SGFAUDIT_UPDATE_DOCS").is_some();
    let mut stale = Vec::new();
    let mut blocks = 0;
    for page in pages() {
        let text = std::fs::read_to_string(&page).unwrap();
        blocks += text.matches(BEGIN).count();
        let (new, changed) = regenerate(&text);
        if changed.is_empty() {
            continue;
        }
        let rel = page
            .strip_prefix(common::root())
            .unwrap()
            .display()
            .to_string();
        if update {
            std::fs::write(&page, new).unwrap();
            eprintln!("{rel}: written anew: {}", changed.join(", "));
        } else {
            for g in changed {
                stale.push(format!(
                    "{rel}: the block `{g}` differs from what the code prints"
                ));
            }
        }
    }
    assert!(
        blocks >= 2,
        "the catalogue and the schema are generated into the guide"
    );
    assert!(
        stale.is_empty(),
        "{}\nregenerate with `{UPDATE}` and review the diff",
        stale.join("\n")
    );
}

#[test]
fn the_guide_holds_the_catalogue_and_the_schema() {
    if !common::has_guide() {
        return;
    }
    let checks = std::fs::read_to_string(common::root().join("docs/guide/checks.md")).unwrap();
    assert!(checks.contains("<!-- generated: sgfaudit explain --all --format markdown -->"));
    let schema = std::fs::read_to_string(common::root().join("docs/guide/schema.md")).unwrap();
    assert!(schema.contains("<!-- generated: sgfaudit schema | tables -->"));
    assert!(schema.contains("<!-- generated: reason codes -->"));
}

/// The JSON Schema as Markdown: the record types, then a table per object type.
fn schema_tables(schema: &Value) -> String {
    let mut out = String::from("| `type` | `data` | what |\n|---|---|---|\n");
    for record in schema["oneOf"].as_array().unwrap() {
        let props = &record["properties"];
        out.push_str(&format!(
            "| `{}` | {} | {} |\n",
            props["type"]["const"].as_str().unwrap(),
            type_of(&props["data"]),
            cell(record["description"].as_str().unwrap_or("")),
        ));
    }
    for (name, def) in schema["$defs"].as_object().unwrap() {
        out.push_str(&format!(
            "\n#### {name}\n\n{}\n\n| field | type | what |\n|---|---|---|\n",
            cell(def["description"].as_str().unwrap_or(""))
        ));
        let required: Vec<&str> = def["required"]
            .as_array()
            .map(|r| r.iter().filter_map(Value::as_str).collect())
            .unwrap_or_default();
        for (field, prop) in def["properties"].as_object().unwrap() {
            let always = if required.contains(&field.as_str()) {
                ""
            } else {
                " (may be absent)"
            };
            out.push_str(&format!(
                "| `{field}` | {}{always} | {} |\n",
                type_of(prop),
                cell(prop["description"].as_str().unwrap_or("")),
            ));
        }
    }
    out
}

/// A table cell: one line, no `|`.
fn cell(text: &str) -> String {
    text.split_whitespace()
        .collect::<Vec<_>>()
        .join(" ")
        .replace('|', "\\|")
}

/// A property's type in words.
fn type_of(prop: &Value) -> String {
    if let Some(r) = prop["$ref"].as_str() {
        let name = r.rsplit('/').next().unwrap();
        return format!("[{name}](#{})", name.to_lowercase());
    }
    if let Some(values) = prop["enum"].as_array() {
        let names: Vec<String> = values
            .iter()
            .map(|v| match v {
                Value::Null => "null".to_string(),
                v => format!("`{}`", v.as_str().map_or(v.to_string(), str::to_string)),
            })
            .collect();
        return format!("one of {}", names.join(", "));
    }
    for key in ["anyOf", "oneOf"] {
        if let Some(alts) = prop[key].as_array() {
            return alts.iter().map(type_of).collect::<Vec<_>>().join(" or ");
        }
    }
    let one = |t: &str| -> String {
        match t {
            "array" => {
                let items = &prop["items"];
                match (items.is_null(), prop["maxItems"].as_u64()) {
                    (true, _) => "list".to_string(),
                    (false, Some(n)) if prop["minItems"].as_u64() == Some(n) => {
                        format!("{n} × {}", type_of(items))
                    }
                    _ => format!("list of {}", type_of(items)),
                }
            }
            "object" => match (
                prop["properties"].as_object(),
                prop.get("additionalProperties"),
            ) {
                (Some(keys), _) if !keys.is_empty() => {
                    let names: Vec<String> = keys.keys().map(|k| format!("`{k}`")).collect();
                    let value = keys.values().next().map(type_of).unwrap_or_default();
                    format!("object: {} → {value}", names.join(", "))
                }
                (_, Some(v)) if v.is_object() => format!("map of name → {}", type_of(v)),
                _ => "object".to_string(),
            },
            t => t.to_string(),
        }
    };
    match &prop["type"] {
        Value::String(t) => one(t),
        Value::Array(ts) => ts
            .iter()
            .filter_map(Value::as_str)
            .map(one)
            .collect::<Vec<_>>()
            .join(" or "),
        _ => "any".to_string(),
    }
}
