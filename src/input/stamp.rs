//! What a file looked like at one moment (its length and time of change), so that a
//! reader notices that a file changed while it was read, or before it is written back.

use std::fs::Metadata;
use std::path::Path;
use std::time::SystemTime;

use super::source::Bytes;

/// A file's length and time of change at one moment, or that it could not be seen then.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Stamp(Option<Seen>);

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Seen {
    len: u64,
    modified: Option<SystemTime>,
}

impl Stamp {
    /// The file at `path` now (symbolic links followed).
    pub fn of(path: &Path) -> Stamp {
        Stamp(std::fs::metadata(path).ok().as_ref().map(Seen::of))
    }

    /// The file whose metadata this is.
    pub fn of_metadata(meta: &Metadata) -> Stamp {
        Stamp(Some(Seen::of(meta)))
    }

    /// Why the file at `path`, read into `bytes`, is no longer the one stamped, if it is
    /// not.
    pub fn changed(&self, path: &Path, bytes: &Bytes) -> Option<String> {
        let now = Stamp::of(path);
        if !bytes.lost_pages() && now == *self {
            return None;
        }
        let size = match (self.0, now.0) {
            (Some(then), Some(now)) if now.len != then.len => {
                format!("{} bytes when opened, {} bytes now", then.len, now.len)
            }
            (_, Some(_)) => "rewritten".to_string(),
            (_, None) => "gone".to_string(),
        };
        Some(format!("the file changed while it was read ({size})"))
    }
}

impl Seen {
    fn of(meta: &Metadata) -> Seen {
        Seen {
            len: meta.len(),
            modified: meta.modified().ok(),
        }
    }
}
