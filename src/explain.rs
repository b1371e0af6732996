//! `sgfaudit explain CODE`: what a finding code means, its severity, the article of the
//! Chinese Weiqi Rules (2002) it rests on, and a record that raises it (each example is
//! audited by a test, so the page cannot promise what the tool does not do). The texts
//! live in the catalogue ([`crate::finding::catalogue`]), where the reports read them too.

pub mod markdown;

pub use crate::finding::catalogue::entry;

/// A code's page: the catalogue's, then what `audit --fix` does with it.
pub fn explain(code: crate::finding::Code) -> String {
    crate::finding::catalogue::explain(code) + &crate::fix::catalogue::line(code)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::audit::AuditOptions;
    use crate::finding::Code;
    use crate::input::source::Bytes;
    use crate::run::LoadedFile;

    #[test]
    fn every_example_raises_its_code() {
        for code in Code::ALL {
            let (_, _, example) = entry(code);
            let Some(text) = example else { continue };
            // Read as a file is read: decoded, split, audited.
            let file = LoadedFile::new(
                "example.sgf".to_string(),
                Bytes::Owned(text.as_bytes().to_vec()),
            );
            // Every game: `mixed-collection` is about a later one.
            let findings: Vec<_> = (0..file.games.len())
                .flat_map(|i| file.audit(i, &AuditOptions::default()).findings)
                .collect();
            assert!(
                findings.iter().any(|f| f.code == code),
                "{code}: {findings:?}"
            );
        }
    }
}
