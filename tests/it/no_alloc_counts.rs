//! The counts the result check repeats many times per game allocate nothing once warmed
//! up: `count_margins` (the search over the fates of doubtful chains) and the stones dead
//! inside pass-alive territory (every counted game). A counting allocator watches them.

use sgfaudit::geom::{BoardSize, Color, Point, Position};
use sgfaudit::score::{
    count_margins, dead_in_pass_alive_territory, pass_alive, push_dead_in_pass_alive_territory,
    ScoringMethod,
};
use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell;
use std::sync::atomic::{AtomicUsize, Ordering};

/// The system allocator, counting the allocations of the threads that ask it to.
struct Counting;

static ALLOCATIONS: AtomicUsize = AtomicUsize::new(0);

thread_local! {
    /// Whether this thread's allocations are counted (a `const` cell: reading it never
    /// allocates, as the allocator itself reads it).
    static WATCHED: Cell<bool> = const { Cell::new(false) };
}

// SAFETY: every call is passed on unchanged to the system allocator, which upholds the
// contract; counting touches only an atomic and a thread-local cell. Implementing
// `GlobalAlloc` is unsafe by definition, and it is the only way to see allocations.
#[allow(unsafe_code)]
unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        if WATCHED.with(Cell::get) {
            ALLOCATIONS.fetch_add(1, Ordering::Relaxed);
        }
        // SAFETY: the caller's layout is passed on as it came.
        unsafe { System.alloc(layout) }
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        // SAFETY: `ptr` came from `System.alloc` with this layout.
        unsafe { System.dealloc(ptr, layout) }
    }

    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        if WATCHED.with(Cell::get) {
            ALLOCATIONS.fetch_add(1, Ordering::Relaxed);
        }
        // SAFETY: as for `alloc` and `dealloc`.
        unsafe { System.realloc(ptr, layout, new_size) }
    }
}

#[global_allocator]
static GLOBAL: Counting = Counting;

/// The allocations `f` makes on this thread.
fn allocations_of(f: impl FnOnce()) -> usize {
    let before = ALLOCATIONS.load(Ordering::Relaxed);
    WATCHED.with(|w| w.set(true));
    f();
    WATCHED.with(|w| w.set(false));
    ALLOCATIONS.load(Ordering::Relaxed) - before
}

/// A board of `side` with a Black wall down column 4 holding two eyes at its top, one of
/// them with a dead White stone in it, White's wall down column 6 and a few stones in the
/// open: a pass-alive chain, its territory and stones to take off.
fn position(side: u32) -> Position {
    let size = BoardSize::square(side).unwrap();
    let mut p = Position::empty(size);
    let (b, w) = (Some(Color::Black), Some(Color::White));
    for row in 0..side as u8 {
        p.set(Point::new(4, row), b);
        p.set(Point::new(6, row), w);
    }
    for col in 0..4 {
        p.set(Point::new(col, 1), b);
    }
    p.set(Point::new(1, 0), b);
    p.set(Point::new(2, 0), w);
    p.set(Point::new(1, 4), w);
    p.set(Point::new(8, 8), b);
    p.set(Point::new(10, 10), w);
    p
}

#[test]
fn margins_and_pass_alive_dead_stones_allocate_nothing() {
    for side in [19, 25] {
        let position = position(side);
        let dead_expected = dead_in_pass_alive_territory(&position);
        assert_eq!(dead_expected, vec![Point::new(2, 0)], "{side}");
        assert_eq!(pass_alive(&position).black.chains.len(), 1);
        let doubted = [Point::new(1, 4), Point::new(8, 8), Point::new(10, 10)];
        let seki = [Point::new(6, 0)];
        let mut dead = Vec::with_capacity(16);
        let run = |dead: &mut Vec<Point>| {
            let mut total = 0.0;
            for k in 0..=doubted.len() {
                let m = count_margins(
                    &position,
                    &doubted[..k],
                    &seki,
                    [3, 4],
                    ScoringMethod::SplitShared,
                    6.5,
                    0.0,
                );
                total += m.area + m.territory;
            }
            dead.clear();
            push_dead_in_pass_alive_territory(&position, dead);
            total
        };
        // Warming up grows the per-thread buffers to the board.
        let warm = run(&mut dead);
        let mut again = 0.0;
        let n = allocations_of(|| {
            for _ in 0..100 {
                again = run(&mut dead);
            }
        });
        assert_eq!(n, 0, "{side}x{side}: {n} allocations in 100 rounds");
        // The counter does see allocations: the full lists of pass_alive are vectors.
        assert!(allocations_of(|| drop(pass_alive(&position))) > 0);
        assert_eq!(again, warm);
        assert_eq!(dead, dead_expected);
    }
}
