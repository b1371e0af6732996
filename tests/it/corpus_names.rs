//! Every file of `corpus/` yields exactly the findings its name promises
//! (`NAME__EXPECT.sgf`, see `corpus/README.md`), at the right move numbers; every format
//! code has such a file.

use crate::common;

use std::collections::BTreeMap;

/// What a file name promises: (code, move) pairs, sorted.
fn expected(file_name: &str) -> Vec<(String, Option<u64>)> {
    let stem = file_name.strip_suffix(".sgf").expect(".sgf file");
    let (_, expect) = stem
        .rsplit_once("__")
        .unwrap_or_else(|| panic!("{file_name}: name has no __EXPECT part"));
    if expect == "ok" {
        return Vec::new();
    }
    let mut list: Vec<(String, Option<u64>)> = expect
        .split('+')
        .map(|item| match item.split_once('@') {
            Some((code, mv)) => (code.to_string(), Some(mv.parse().expect("move number"))),
            None => (item.to_string(), None),
        })
        .collect();
    list.sort();
    list
}

#[test]
fn every_corpus_file_yields_exactly_the_findings_its_name_promises() {
    let out = common::sgfaudit(&["audit", "--json", "corpus"]);
    let lines = common::json_lines(&out.stdout);
    let mut found: BTreeMap<String, Vec<(String, Option<u64>)>> = BTreeMap::new();
    for g in common::games(&lines) {
        let path = g["path"].as_str().unwrap().to_string();
        let entry = found.entry(path).or_default();
        for f in g["findings"].as_array().unwrap() {
            entry.push((f["code"].as_str().unwrap().to_string(), f["move"].as_u64()));
        }
    }
    let mut failures = Vec::new();
    let mut files = 0;
    for entry in walk(&common::root().join("corpus")) {
        files += 1;
        let rel = entry
            .strip_prefix(common::root())
            .unwrap()
            .to_string_lossy()
            .into_owned();
        let name = entry.file_name().unwrap().to_string_lossy().into_owned();
        let want = expected(&name);
        let mut got = found.get(&rel).cloned().unwrap_or_default();
        got.sort();
        if !found.contains_key(&rel) {
            failures.push(format!("{rel}: no game reported"));
        } else if got != want {
            failures.push(format!("{rel}:\n   expected {want:?}\n   found    {got:?}"));
        }
    }
    assert!(files >= 80, "only {files} corpus files");
    assert!(
        failures.is_empty(),
        "{} file(s) differ:\n{}",
        failures.len(),
        failures.join("\n")
    );
}

/// Every code of the `format` group has a case in `corpus/`: a file whose name promises it
/// (and so, by the test above, yields it).
#[test]
fn every_format_code_has_a_corpus_case() {
    let promised: std::collections::BTreeSet<String> = walk(&common::root().join("corpus"))
        .iter()
        .flat_map(|p| expected(&p.file_name().unwrap().to_string_lossy()))
        .map(|(code, _)| code)
        .collect();
    let lacking: Vec<&str> = sgfaudit::finding::Code::named("format")
        .unwrap()
        .into_iter()
        .map(|c| c.as_str())
        .filter(|c| !promised.contains(*c))
        .collect();
    assert!(
        lacking.is_empty(),
        "format codes without a corpus case: {lacking:?}"
    );
}

fn walk(dir: &std::path::Path) -> Vec<std::path::PathBuf> {
    let mut out = Vec::new();
    for e in std::fs::read_dir(dir).unwrap() {
        let p = e.unwrap().path();
        if p.is_dir() {
            out.extend(walk(&p));
        } else if p.extension().is_some_and(|x| x.eq_ignore_ascii_case("sgf")) {
            out.push(p);
        }
    }
    out.sort();
    out
}
