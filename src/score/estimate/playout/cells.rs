//! Per-cell arrays of the play-out board, laid out for the largest padded board and
//! indexed through a mask: the play-outs' hot loops then carry no bounds test (the device
//! of the replay's board, `crate::board`). Every index the play-outs make is below the
//! padded board's length, so the mask never changes one.

use std::ops::{Index, IndexMut};

use crate::geom::MAX_SIDE;

/// Length of every per-cell array: a power of two that holds the largest padded board.
const CAP: usize = 4096;
const MASK: usize = CAP - 1;

const _: () = {
    let side = MAX_SIDE as usize + 2;
    assert!(side * side <= CAP && CAP.is_power_of_two());
};

/// One value per cell of a padded board of any size.
pub(in crate::score::estimate) struct Cells<T>(Box<[T; CAP]>);

impl<T: Copy> Cells<T> {
    /// Every cell holding `value`.
    pub(in crate::score::estimate) fn filled(value: T) -> Cells<T> {
        match vec![value; CAP].into_boxed_slice().try_into() {
            Ok(cells) => Cells(cells),
            Err(_) => unreachable!("a vector of CAP cells"),
        }
    }

    /// Sets the first `len` cells (those of a padded board of `len`) to `value`.
    #[inline]
    pub(in crate::score::estimate) fn fill_prefix(&mut self, value: T, len: usize) {
        self.0[..len].fill(value);
    }

    /// Copies the first `len` cells of `source` (the cells of a padded board of `len`).
    #[inline]
    pub(in crate::score::estimate) fn copy_prefix(&mut self, source: &Cells<T>, len: usize) {
        self.0[..len].copy_from_slice(&source.0[..len]);
    }

    /// Swaps the values of two cells.
    #[inline(always)]
    pub(in crate::score::estimate) fn swap(&mut self, a: usize, b: usize) {
        debug_assert!(a < CAP && b < CAP, "cells {a} and {b}");
        self.0.swap(a & MASK, b & MASK);
    }
}

impl<T> Index<usize> for Cells<T> {
    type Output = T;

    #[inline(always)]
    fn index(&self, cell: usize) -> &T {
        debug_assert!(cell < CAP, "cell {cell} is off every board");
        &self.0[cell & MASK]
    }
}

impl<T> IndexMut<usize> for Cells<T> {
    #[inline(always)]
    fn index_mut(&mut self, cell: usize) -> &mut T {
        debug_assert!(cell < CAP, "cell {cell} is off every board");
        &mut self.0[cell & MASK]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn copies_only_the_prefix_and_swaps_cells() {
        let mut a = Cells::filled(0u16);
        let mut b = Cells::filled(7u16);
        b[3] = 9;
        b[5] = 1;
        a.copy_prefix(&b, 4);
        assert_eq!((a[0], a[3], a[4], a[5]), (7, 9, 0, 0));
        a.swap(0, 3);
        assert_eq!((a[0], a[3]), (9, 7));
        a.fill_prefix(2, 3);
        assert_eq!((a[0], a[2], a[3]), (2, 2, 7));
    }
}
