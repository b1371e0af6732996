//! Timing of the dead-stone estimate on finished 19×19 positions: it runs once per record
//! without territory markup, so a corpus audit pays it for most games.

use criterion::{criterion_group, criterion_main, Criterion};
use sgfaudit::geom::Position;
use sgfaudit::score::estimate::{estimate_dead, EstimateConfig};

/// Finished game: settled borders, a few dead stones in each territory.
const QUADRANTS_SPARSE: &str = include_str!("../tests/data/finished-19x19.txt");

/// Finished game: settled borders, a few dead stones in each territory.
const QUADRANTS_TURNED: &str = "
    . . . . . . . . . . O X . . . . . . .
    . . . . . . . . . . O X . . . . . . .
    . . . . . . . . . . O X . . O O . . .
    . . . . X . . . . . O X . . . X . . .
    . . . X X O . . . . O X . . . . O . .
    . . . . . . . . . . O X . . . . . . .
    . . . . . . . . . . O X . . . . . . .
    . . . . . . . . . . O X . X X X X . .
    . . O O O O . . . . O X X X O O X X X
    O O O X X O O O O O O O O O O O O O O
    X X X X X X X X X X O . . . . . . . .
    . . . . . . . . . X O . . . . . . . .
    . . . . . . X . . X O . . . . . . . .
    . . . . . . O . . X O O . . . . . . .
    . . . . . . . . . X X O . . . O . . .
    . . O . X . . . . X X O . . . . . . .
    . . O . . . . . . X O O . . . . X . .
    . . . . . . . . . X O . . . . . . . .
    . . . . . . . . . X O . . . . . . . .";

/// Finished game: settled borders, a few dead stones in each territory.
const QUADRANTS_DENSE: &str = "
    O . . . . O . . O X . . . . . X . . .
    . . . . . . . O O X . . X . . . . X .
    . . X X . . . . O X X . . . . . . . .
    . . . . . . O . O O X X . . O . . . .
    . . . O . . . . O O X . . . O O . . X
    O . . . . . . . O X X . . . X . . . .
    . . O . . X O O O X . . X . . . . X .
    . . . . . . . . O X . . . . X . . . .
    . O . . . . O . O X . X . . . . X . .
    O O O O O O O O O X . . . X . . . . X
    X X X O O X X X X X X X X X X X X X X
    . . X X X X . X . X O O O O O O O O O
    . . . . X . . . . X O . . . O . . . .
    . X . . . . X . . X O O . . . . . . .
    . . . X . . . . X X X O . O . . X . O
    X . . . X X . . . X X O . . . O X . .
    . . O . . . . X . X O O O . X . . . .
    . . . . X . . . . X O . . . . . . . .
    . X . . . . X . . X O O . . . . O . .";

fn bench_estimate(c: &mut Criterion) {
    let config = EstimateConfig::default();
    let mut group = c.benchmark_group("estimate_dead_19x19");
    let position = Position::from_diagram(QUADRANTS_SPARSE);
    group.bench_function("quadrants_sparse", |b| {
        b.iter(|| estimate_dead(std::hint::black_box(&position), &config))
    });
    let position = Position::from_diagram(QUADRANTS_TURNED);
    group.bench_function("quadrants_turned", |b| {
        b.iter(|| estimate_dead(std::hint::black_box(&position), &config))
    });
    let position = Position::from_diagram(QUADRANTS_DENSE);
    group.bench_function("quadrants_dense", |b| {
        b.iter(|| estimate_dead(std::hint::black_box(&position), &config))
    });
    group.finish();
}

criterion_group!(benches, bench_estimate);
criterion_main!(benches);
