//! The config file `sgfaudit.toml`: the CI settings of `audit` kept with the games, found
//! in the current folder or the nearest parent that has one, or named by `--config`.
//! Options given on the command line win over the file.

use std::path::{Path, PathBuf};

use serde::Deserialize;

/// The file's name, looked for from the current folder upwards.
pub const FILE_NAME: &str = "sgfaudit.toml";

/// The settings a config file may hold (kebab-case keys, as on the command line).
#[derive(Clone, Debug, Default, Deserialize, PartialEq)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct FileConfig {
    pub select: Option<Vec<String>>,
    pub ignore: Option<Vec<String>>,
    pub min_severity: Option<String>,
    pub fail_on: Option<Vec<String>>,
    pub exit_zero: Option<bool>,
    pub max_findings_per_game: Option<usize>,
    pub quiet: Option<bool>,
    pub format: Option<String>,
    /// `audit --duplicates`.
    pub duplicates: Option<bool>,
    /// `audit --main-line`: side variations are not replayed.
    pub main_line: Option<bool>,
    /// `audit --exclude`: globs of files and folders a walk passes by.
    pub exclude: Option<Vec<String>>,
    /// `audit --rules`: a rule set, or `auto`.
    pub rules: Option<String>,
    /// `audit --komi`: points, over KM[].
    pub komi: Option<f64>,
    /// `audit --dead`: where dead stones come from.
    pub dead: Option<String>,
    /// `audit --jobs`: worker threads.
    pub jobs: Option<usize>,
    /// `dups --memory`: memory for the keys before sorted runs go to temporary files
    /// (`"512M"`, `"2G"`).
    pub memory: Option<String>,
}

/// The config file that applies: `explicit` if given, else the nearest `sgfaudit.toml`
/// from `start` upwards, else none.
pub fn find(explicit: Option<&Path>, start: &Path) -> Option<PathBuf> {
    if let Some(p) = explicit {
        return Some(p.to_path_buf());
    }
    start
        .ancestors()
        .map(|dir| dir.join(FILE_NAME))
        .find(|p| p.is_file())
}

/// Reads and checks a config file; the error names the file, and for bad TOML the line
/// and column.
pub fn load(path: &Path) -> Result<FileConfig, String> {
    let text = std::fs::read_to_string(path).map_err(|e| {
        format!(
            "config file {}: {}",
            path.display(),
            crate::input::walk::io_message(&e)
        )
    })?;
    parse(&text).map_err(|e| format!("config file {}: {e}", path.display()))
}

/// Parses the text of a config file.
pub fn parse(text: &str) -> Result<FileConfig, String> {
    toml::from_str(text).map_err(|e: toml::de::Error| {
        let at = e
            .span()
            .map(|span| {
                let at = crate::input::lines::LineCol::START.advance(text, span.start);
                format!("line {}, column {}: ", at.line, at.column)
            })
            .unwrap_or_default();
        format!("{at}{}", e.message())
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keys_and_errors() {
        let c =
            parse("select = [\"superko\"]\nexit-zero = true\nmax-findings-per-game = 3\n").unwrap();
        assert_eq!(c.select, Some(vec!["superko".to_string()]));
        assert_eq!(c.exit_zero, Some(true));
        assert_eq!(c.max_findings_per_game, Some(3));
        assert_eq!(
            parse("memory = \"2G\"\n").unwrap().memory.as_deref(),
            Some("2G")
        );
        let e = parse("quiet = true\nbogus = 1\n").unwrap_err();
        assert!(e.starts_with("line 2, column 1: "), "{e}");
    }
}
