//! The board: stones, chains, liberties, captures and Zobrist keys.
