//! Sentences of the README and the guide that code can contradict, kept true: the column
//! lists of the CSV formats, every link between the pages and every SARIF `helpUri` (each
//! reaches an existing heading), the README's picture made from a report of today's
//! schema, and the guide's virtual environments kept out of git.

use std::collections::BTreeSet;
use std::path::Path;

use crate::common::{has_guide, root, sgfaudit};

/// GitHub's anchor of a heading: lower case, the characters that are neither letters,
/// digits, spaces, `-` nor `_` dropped, spaces as `-`.
fn anchor(heading: &str) -> String {
    heading
        .trim()
        .to_lowercase()
        .chars()
        .filter(|c| c.is_alphanumeric() || matches!(c, ' ' | '-' | '_'))
        .map(|c| if c == ' ' { '-' } else { c })
        .collect()
}

/// The anchors of a Markdown page's headings (outside code blocks), a repeated heading
/// numbered as GitHub numbers it (`-1`, `-2`).
fn anchors(page: &str) -> BTreeSet<String> {
    let mut found = BTreeSet::new();
    let mut fenced = false;
    for line in page.lines() {
        if line.starts_with("```") {
            fenced = !fenced;
            continue;
        }
        if fenced || !line.starts_with('#') {
            continue;
        }
        let base = anchor(line.trim_start_matches('#'));
        let mut name = base.clone();
        let mut n = 0;
        while found.contains(&name) {
            n += 1;
            name = format!("{base}-{n}");
        }
        found.insert(name);
    }
    found
}

/// The local link targets of a Markdown page, outside code: `](target)`.
fn local_links(page: &str) -> Vec<String> {
    let mut links = Vec::new();
    let mut fenced = false;
    for line in page.lines() {
        if line.starts_with("```") {
            fenced = !fenced;
            continue;
        }
        if fenced {
            continue;
        }
        // Inline code (an SGF text such as `AW[cc](;B[ee])`) holds no links.
        let prose: String = line.split('`').step_by(2).collect::<Vec<_>>().join(" ");
        let mut rest = prose.as_str();
        while let Some(at) = rest.find("](") {
            rest = &rest[at + 2..];
            let Some(end) = rest.find(')') else { break };
            let target = &rest[..end];
            if !target.contains("://") && !target.starts_with("mailto:") {
                links.push(target.to_string());
            }
            rest = &rest[end..];
        }
    }
    links
}

/// Whether `target`, read from the page `from`, names an existing file and, with
/// `#anchor`, one of its headings.
fn reaches(from: &Path, target: &str) -> Result<(), String> {
    let (file, fragment) = match target.split_once('#') {
        Some((file, fragment)) => (file, Some(fragment)),
        None => (target, None),
    };
    let path = if file.is_empty() {
        from.to_path_buf()
    } else {
        from.parent().unwrap().join(file)
    };
    if !path.exists() {
        return Err(format!("{target}: no file {}", path.display()));
    }
    if let Some(fragment) = fragment {
        let text = std::fs::read_to_string(&path).map_err(|e| format!("{target}: {e}"))?;
        if !anchors(&text).contains(fragment) {
            return Err(format!(
                "{target}: no heading #{fragment} in {}",
                path.display()
            ));
        }
    }
    Ok(())
}

#[test]
fn anchors_are_githubs() {
    assert_eq!(anchor(" Memory: `--memory`"), "memory---memory");
    assert_eq!(anchor(" `result-mismatch`"), "result-mismatch");
    assert_eq!(anchor(" Text, paths and limits"), "text-paths-and-limits");
    let page = "# A\n```\n# not a heading\n```\n## A\n";
    assert_eq!(
        anchors(page),
        ["a", "a-1"].map(String::from).into_iter().collect()
    );
}

#[test]
fn every_link_between_the_pages_reaches_a_file_and_its_heading() {
    if !has_guide() {
        return;
    }
    let mut pages = vec![root().join("README.md")];
    for entry in std::fs::read_dir(root().join("docs/guide")).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_some_and(|e| e == "md") {
            pages.push(path);
        }
    }
    let mut broken = Vec::new();
    let mut checked = 0;
    for page in &pages {
        let text = std::fs::read_to_string(page).unwrap();
        for target in local_links(&text) {
            checked += 1;
            if let Err(e) = reaches(page, &target) {
                broken.push(format!("{}: {e}", page.display()));
            }
        }
    }
    assert!(checked > 50, "only {checked} links found");
    assert!(broken.is_empty(), "broken links:\n{}", broken.join("\n"));
}

#[test]
fn every_sarif_help_uri_reaches_the_guides_section_of_its_code() {
    if !has_guide() {
        return;
    }
    let out = sgfaudit(&[
        "audit",
        "--format",
        "sarif",
        "--progress",
        "never",
        "corpus",
    ]);
    let sarif: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let rules = sarif["runs"][0]["tool"]["driver"]["rules"]
        .as_array()
        .unwrap();
    assert_eq!(rules.len(), sgfaudit::finding::Code::ALL.len());
    let prefix = "https://github.com/sgfaudit/sgfaudit/blob/main/";
    for rule in rules {
        let uri = rule["helpUri"].as_str().unwrap();
        let target = uri
            .strip_prefix(prefix)
            .unwrap_or_else(|| panic!("{uri} is not a page of the repository"));
        assert_eq!(
            target.split_once('#').map(|(_, a)| a),
            rule["id"].as_str(),
            "{uri}: the anchor is the code"
        );
        reaches(&root().join("README.md"), target).unwrap();
    }
}

#[test]
fn the_csv_column_lists_name_every_column_in_order() {
    if !has_guide() {
        return;
    }
    let page = std::fs::read_to_string(root().join("docs/guide/formats.md")).unwrap();
    let paragraph = |start: &str| -> String {
        let at = page.find(start).unwrap_or_else(|| panic!("no {start:?}"));
        let rest = &page[at..];
        rest[..rest.find("\n\n").unwrap_or(rest.len())].to_string()
    };
    for (format, start) in [
        ("csv", "`path, game, line"),
        ("findings-csv", "The findings CSV"),
    ] {
        let out = sgfaudit(&[
            "audit",
            "--format",
            format,
            "--progress",
            "never",
            "corpus/gnugo",
        ]);
        let text = String::from_utf8(out.stdout).unwrap();
        let header: Vec<&str> = text.lines().next().unwrap().split(',').collect();
        let list = paragraph(start);
        // Every column, as a word, each after the one before.
        let words: Vec<&str> = list
            .split(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
            .filter(|w| !w.is_empty())
            .collect();
        let mut at = 0;
        for column in &header {
            match words[at..].iter().position(|w| w == column) {
                Some(i) => at += i + 1,
                None => panic!("{format}: the list in formats.md lacks `{column}` (or has it out of order): {list}"),
            }
        }
    }
}

#[test]
fn the_readme_picture_is_of_a_report_of_todays_schema() {
    if !has_guide() {
        return;
    }
    let readme = std::fs::read_to_string(root().join("README.md")).unwrap();
    assert!(readme.contains("](docs/report.png)"));
    let stamp = std::fs::read_to_string(root().join("docs/report.stamp"))
        .expect("docs/report.stamp: run scripts/readme-picture.py");
    let field = |name: &str| {
        stamp
            .lines()
            .find_map(|l| l.strip_prefix(name)?.strip_prefix(' '))
            .unwrap_or_else(|| panic!("docs/report.stamp has no {name}"))
            .to_string()
    };
    assert_eq!(
        field("schema"),
        sgfaudit::output::SCHEMA.to_string(),
        "docs/report.png shows a report of an older schema: run scripts/readme-picture.py"
    );
    let input = field("input");
    assert!(
        readme.contains(&format!("-o report.html {input}")),
        "the README does not give the command of the picture's report ({input})"
    );
}

#[test]
fn the_guides_virtual_environments_are_left_out_of_git() {
    if !has_guide() || !root().join(".git").exists() {
        return;
    }
    let mut folders = BTreeSet::new();
    for entry in std::fs::read_dir(root().join("docs/guide")).unwrap() {
        let text = std::fs::read_to_string(entry.unwrap().path()).unwrap();
        for part in text.split("-m venv ").skip(1) {
            let name: String = part.chars().take_while(|c| !c.is_whitespace()).collect();
            folders.insert(name);
        }
    }
    assert!(folders.contains("venv"), "{folders:?}");
    for folder in folders {
        let ignored = std::process::Command::new("git")
            .args(["check-ignore", "-q", &format!("{folder}/x")])
            .current_dir(root())
            .status()
            .unwrap();
        assert!(ignored.success(), "{folder}/ is not in .gitignore");
    }
}
