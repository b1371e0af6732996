//! Moves per second of the fast board on random 19×19 games, with the flood-fill
//! reference board measured in the same run as a baseline.

use criterion::{black_box, criterion_group, criterion_main, Criterion, Throughput};
use sgfaudit::board::{Board, NaiveBoard, SuicideRule};
use sgfaudit::geom::{BoardSize, Color, Point};

const GAMES: u64 = 32;
const MAX_MOVES: usize = 500;

/// splitmix64, seeded per game so the games are the same on every run.
fn next(state: &mut u64) -> u64 {
    *state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = *state;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// A random game: each side plays a random legal point that does not fill one of its own
/// single-point eyes and is not the ko point, until it finds none or the game is long enough.
fn random_game(size: BoardSize, seed: u64) -> Vec<(Color, Point)> {
    let mut state = seed;
    let mut board = Board::new(size);
    let mut moves = vec![];
    let mut to_move = Color::Black;
    let mut passes = 0;
    while moves.len() < MAX_MOVES && passes < 2 {
        let mut empty: Vec<Point> = (0..size.points())
            .map(|i| size.point(i))
            .filter(|&p| board.get(p).is_none())
            .collect();
        let mut played = false;
        while !empty.is_empty() {
            let i = (next(&mut state) % empty.len() as u64) as usize;
            let p = empty.swap_remove(i);
            let own_eye = size.neighbors(p).all(|n| board.get(n) == Some(to_move));
            if own_eye || board.ko_point() == Some(p) {
                continue;
            }
            if board
                .play(to_move, p, SuicideRule::Forbidden, |_| false)
                .is_ok()
            {
                moves.push((to_move, p));
                played = true;
                break;
            }
        }
        if played {
            passes = 0;
        } else {
            board.pass();
            passes += 1;
        }
        to_move = to_move.opponent();
    }
    moves
}

fn bench(c: &mut Criterion) {
    let size = BoardSize::STANDARD;
    let games: Vec<_> = (0..GAMES).map(|g| random_game(size, g)).collect();
    let total: usize = games.iter().map(Vec::len).sum();

    let mut group = c.benchmark_group("random_games_19x19");
    group.throughput(Throughput::Elements(total as u64));
    let mut board = Board::new(size);
    group.bench_function("Board", |b| {
        b.iter(|| {
            let mut hash = 0;
            for game in &games {
                board.clear();
                for &(color, p) in game {
                    let r = board.play(color, p, SuicideRule::Forbidden, |_| false);
                    hash ^= r.map_or(0, |played| played.hash);
                }
            }
            black_box(hash)
        })
    });
    group.bench_function("NaiveBoard", |b| {
        b.iter(|| {
            let mut hash = 0;
            for game in &games {
                let mut board = NaiveBoard::new(size);
                for &(color, p) in game {
                    let r = board.play(color, p, SuicideRule::Forbidden, |_| false);
                    hash ^= r.map_or(0, |played| played.hash);
                }
            }
            black_box(hash)
        })
    });
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
