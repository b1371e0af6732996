//! Any bytes, as one collection file cut into 2 to 5 shards (the first byte says how
//! many), must give in its shards, in order, exactly the game lines of the whole run:
//! the byte-range partitioning that `--shard` and the Python package's Dask reader share.
#![no_main]

use std::path::{Path, PathBuf};
use std::time::Duration;

use libfuzzer_sys::fuzz_target;
use sgfaudit::cli::OptionValue;
use sgfaudit::output::Format;
use sgfaudit::partition::Shard;
use sgfaudit::run::Part;
use sgfaudit::stream::{settings, Next, Stream};

/// The `game` lines of a run over `path`, or of one part of it.
fn game_lines(path: &Path, part: Part) -> Vec<Vec<u8>> {
    let options = [
        ("no_config".to_string(), OptionValue::Flag(true)),
        ("jobs".to_string(), OptionValue::Text("1".to_string())),
        ("dead".to_string(), OptionValue::Text("none".to_string())),
    ];
    let mut config = settings(&[path.to_path_buf()], &options).expect("the options are valid");
    config.part = part;
    let mut stream = Stream::start(config, Format::JSONL);
    let mut lines = Vec::new();
    loop {
        match stream.next(Duration::from_secs(1)) {
            Next::Lines(chunk) => lines.extend(
                chunk
                    .split(|&b| b == b'\n')
                    .filter(|l| l.starts_with(br#"{"type":"game""#))
                    .map(<[u8]>::to_vec),
            ),
            Next::Waiting => {}
            Next::Done => break,
        }
    }
    stream.finish().expect("the run ends");
    lines
}

fuzz_target!(|data: &[u8]| {
    let Some((&first, text)) = data.split_first() else {
        return;
    };
    let count = 2 + usize::from(first % 4);
    let dir: PathBuf = std::env::temp_dir().join(format!("sgfaudit-fuzz-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("collection.sgf");
    std::fs::write(&path, text).unwrap();
    let whole = game_lines(&path, Part::All);
    let mut joined = Vec::new();
    for index in 0..count {
        joined.extend(game_lines(&path, Part::Shard(Shard { index, count })));
    }
    assert!(joined == whole, "the shards' games are not the whole run's");
});
