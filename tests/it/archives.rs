//! Compressed files and archives read in place: a zip and a tar.gz of folders of real
//! games, a tar, tar.bz2 and tar.xz of the project's corpus, and a gzipped Tygem file,
//! all made here, give the same games and statuses as the plain files.

use crate::common;

use std::fs::File;
use std::io::Write;
use std::path::{Path, PathBuf};

use common::{games, json_lines, sgfaudit, summary};

/// (name inside the folder, game index, status, findings codes) of every game.
type Seen = Vec<(String, u64, String, Vec<String>)>;

fn seen(args: &[&str], strip: &str) -> Seen {
    let out = sgfaudit(args);
    assert!(
        out.status.code().unwrap() < 2,
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let lines = json_lines(&out.stdout);
    let mut all: Seen = games(&lines)
        .iter()
        .map(|g| {
            let path = g["path"].as_str().unwrap();
            let name = path
                .strip_prefix(strip)
                .unwrap_or_else(|| panic!("{path} does not start with {strip}"));
            let codes = g["findings"]
                .as_array()
                .unwrap()
                .iter()
                .map(|f| f["code"].as_str().unwrap().to_string())
                .collect();
            (
                name.trim_start_matches('/').to_string(),
                g["game"].as_u64().unwrap(),
                g["status"].as_str().unwrap().to_string(),
                codes,
            )
        })
        .collect();
    all.sort();
    assert_eq!(
        summary(&lines)["games"].as_u64().unwrap() as usize,
        all.len()
    );
    all
}

/// The `.sgf` files under `dir`, relative to it, sorted.
fn sgf_files(dir: &Path) -> Vec<PathBuf> {
    let mut out = Vec::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(d) = stack.pop() {
        for e in std::fs::read_dir(&d).unwrap() {
            let p = e.unwrap().path();
            if p.is_dir() {
                stack.push(p);
            } else if p.extension().is_some_and(|x| x.eq_ignore_ascii_case("sgf")) {
                out.push(p.strip_prefix(dir).unwrap().to_path_buf());
            }
        }
    }
    out.sort();
    out
}

fn make_zip(dir: &Path, out: &Path) {
    let mut zip = zip::ZipWriter::new(File::create(out).unwrap());
    let options = zip::write::SimpleFileOptions::default()
        .compression_method(zip::CompressionMethod::Deflated);
    for rel in sgf_files(dir) {
        zip.start_file(rel.to_string_lossy(), options).unwrap();
        zip.write_all(&std::fs::read(dir.join(&rel)).unwrap())
            .unwrap();
    }
    zip.finish().unwrap();
}

fn make_tar<W: Write>(dir: &Path, out: W) -> W {
    let mut tar = tar::Builder::new(out);
    for rel in sgf_files(dir) {
        tar.append_path_with_name(dir.join(&rel), &rel).unwrap();
    }
    tar.into_inner().unwrap()
}

#[test]
fn archives_of_the_corpus_give_the_same_games() {
    let corpus = common::root().join("corpus");
    let plain = seen(&["audit", "--json", "corpus"], "corpus");
    assert!(plain.len() >= 100);
    let dir = tempfile::tempdir().unwrap();
    let tar = dir.path().join("corpus.tar");
    make_tar(&corpus, File::create(&tar).unwrap());
    let bz2 = dir.path().join("corpus.tar.bz2");
    make_tar(
        &corpus,
        bzip2::write::BzEncoder::new(File::create(&bz2).unwrap(), bzip2::Compression::fast()),
    )
    .finish()
    .unwrap();
    let xz = dir.path().join("corpus.TXZ");
    make_tar(
        &corpus,
        liblzma::write::XzEncoder::new(File::create(&xz).unwrap(), 1),
    )
    .finish()
    .unwrap();
    for archive in [&tar, &bz2, &xz] {
        let a = archive.to_str().unwrap();
        assert_eq!(
            seen(&["audit", "--json", a], &format!("{a}!")),
            plain,
            "{a}"
        );
    }
    // A folder holding only archives is read through them.
    let folder = dir.path().to_str().unwrap();
    let out = sgfaudit(&["audit", "--json", folder]);
    assert_eq!(
        summary(&json_lines(&out.stdout))["games"].as_u64().unwrap() as usize,
        3 * plain.len()
    );
}

#[test]
fn a_zip_and_a_tar_gz_of_real_games_and_a_gzipped_tygem_file() {
    let Some(shared) = common::shared_corpus() else {
        return;
    };
    let dir = tempfile::tempdir().unwrap();
    for folder in ["fox-pro", "katago-tests", "ai-tournaments"] {
        let src = shared.join("real").join(folder);
        let plain_arg = common::arg(&src);
        let plain = seen(&["audit", "--json", &plain_arg], &plain_arg);
        assert!(!plain.is_empty());
        let zip = dir.path().join(format!("{folder}.zip"));
        make_zip(&src, &zip);
        let z = zip.to_str().unwrap();
        assert_eq!(
            seen(&["audit", "--json", z], &format!("{z}!")),
            plain,
            "{z}"
        );
        let tgz = dir.path().join(format!("{folder}.tar.gz"));
        make_tar(
            &src,
            flate2::write::GzEncoder::new(File::create(&tgz).unwrap(), flate2::Compression::fast()),
        )
        .finish()
        .unwrap();
        let t = tgz.to_str().unwrap();
        assert_eq!(
            seen(&["audit", "--json", t], &format!("{t}!")),
            plain,
            "{t}"
        );
    }
    let tygem = shared.join("tygem/tygem-9d-part01.sgf");
    let plain_arg = common::arg(&tygem);
    let plain = seen(&["audit", "--json", &plain_arg], &plain_arg);
    let gz = dir.path().join("tygem-9d-part01.sgf.gz");
    let mut enc =
        flate2::write::GzEncoder::new(File::create(&gz).unwrap(), flate2::Compression::fast());
    enc.write_all(&std::fs::read(&tygem).unwrap()).unwrap();
    enc.finish().unwrap();
    let g = gz.to_str().unwrap();
    assert_eq!(seen(&["audit", "--json", g], g), plain);
}

#[test]
fn a_damaged_or_empty_archive_is_an_input_error() {
    let dir = tempfile::tempdir().unwrap();
    let bad = dir.path().join("bad.zip");
    std::fs::write(&bad, b"not a zip at all").unwrap();
    let out = sgfaudit(&["audit", "--format", "csv", bad.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("bad.zip: zip:"));
    let gz = dir.path().join("bad.sgf.gz");
    std::fs::write(&gz, b"(;GM[1] not gzip)").unwrap();
    let out = sgfaudit(&["audit", gz.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("bad.sgf.gz: gzip:"));
    let empty = dir.path().join("none.tar");
    let mut tar = tar::Builder::new(File::create(&empty).unwrap());
    let mut header = tar::Header::new_gnu();
    header.set_size(5);
    header.set_cksum();
    tar.append_data(&mut header, "readme.txt", &b"hello"[..])
        .unwrap();
    tar.finish().unwrap();
    drop(tar);
    let out = sgfaudit(&["audit", empty.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("no SGF member"));
}

/// `--shard K/N` cuts an archive between members: every game of a zip and of a tar.gz
/// of the corpus is in exactly one shard, in the whole run's order, with its member's
/// name and game index, and the shards share the games out (no shard holds them all).
#[test]
fn shards_of_an_archive_are_runs_of_its_members() {
    let corpus = common::root().join("corpus");
    let dir = tempfile::tempdir().unwrap();
    let zip = dir.path().join("corpus.zip");
    make_zip(&corpus, &zip);
    let tgz = dir.path().join("corpus.tar.gz");
    make_tar(
        &corpus,
        flate2::write::GzEncoder::new(File::create(&tgz).unwrap(), flate2::Compression::fast()),
    )
    .finish()
    .unwrap();
    let game_lines = |args: &[&str]| -> (Vec<String>, u64) {
        let out = sgfaudit(args);
        assert!(out.status.code().unwrap() < 2);
        let lines = json_lines(&out.stdout);
        let files = summary(&lines)["files"].as_u64().unwrap();
        let games = games(&lines).iter().map(|g| g.to_string()).collect();
        (games, files)
    };
    for archive in [&zip, &tgz] {
        let a = archive.to_str().unwrap();
        let (whole, whole_files) = game_lines(&["audit", "--json", "--no-config", a]);
        assert!(whole.len() >= 100, "{a}");
        let (mut joined, mut files) = (Vec::new(), 0);
        for k in 0..4 {
            let shard = format!("{k}/4");
            let (lines, f) = game_lines(&["audit", "--json", "--no-config", "--shard", &shard, a]);
            assert!(
                lines.len() < whole.len(),
                "{a} shard {shard} holds every game"
            );
            joined.extend(lines);
            files += f;
        }
        assert_eq!(joined, whole, "{a}");
        assert_eq!(files, whole_files, "{a}: members counted once");
    }
}
