//! Replay throughput (games/s) on real games: reading a game's record and replaying it on
//! the board, beside `sgf-parse` reading the same games (no board) in the same run.
//! `cargo bench --bench replay`.

use criterion::{criterion_group, criterion_main, Criterion, Throughput};

use sgfaudit::geom::BoardSize;
use sgfaudit::input::split::split;
use sgfaudit::replay::replay;
use sgfaudit::rules::RuleSet;
use sgfaudit::sgf::record::{parse_game, Limits};

/// The first 2,000 games of the first Tygem collection.
fn games() -> Vec<String> {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../shared/corpus/tygem/tygem-9d-part01.sgf"
    );
    let text = std::fs::read_to_string(path).expect("../shared/corpus/tygem");
    split(&text)
        .into_iter()
        .take(2_000)
        .map(|g| text[g.range].to_string())
        .collect()
}

fn bench(c: &mut Criterion) {
    let games = games();
    let rules = RuleSet::Chinese.rules();
    let mut group = c.benchmark_group("replay");
    group.sample_size(10);
    group.throughput(Throughput::Elements(games.len() as u64));
    group.bench_function("sgfaudit read + replay", |b| {
        b.iter(|| {
            let mut moves = 0;
            for g in &games {
                let record = parse_game(g, Limits::default());
                moves += replay(&record, BoardSize::STANDARD, &rules, false, false).moves;
            }
            moves
        })
    });
    group.bench_function("sgf-parse read only (baseline)", |b| {
        b.iter(|| {
            let mut moves = 0;
            for g in &games {
                let nodes = sgf_parse::go::parse(g).unwrap();
                moves += nodes[0]
                    .main_variation()
                    .filter(|n| n.get_move().is_some())
                    .count();
            }
            moves
        })
    });
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
