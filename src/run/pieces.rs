//! Which pieces of the inputs a run reads (every input, one shard's, or pieces given) and
//! how many bytes each is, for the progress bar.

use std::path::PathBuf;

use super::Part;
use crate::input::walk::{expand_with, Input, WalkOptions};
use crate::output::InputError;
use crate::partition::{self, Piece};

/// The size of an input on disk (0 for standard input or one that cannot be read).
pub(super) fn input_size(input: &Input) -> u64 {
    match input {
        Input::Stdin => 0,
        Input::File(p) | Input::Archive(p, _) => std::fs::metadata(p).map(|m| m.len()).unwrap_or(0),
    }
}

/// The pieces `part` names: the inputs `paths` walked to (all of them or one shard's), or
/// the pieces given; with `input_errors` and the errors of the paths that gave none.
pub(super) fn pieces_of_part(
    part: &Part,
    paths: &[PathBuf],
    walk: &WalkOptions,
    input_errors: &[InputError],
) -> (Vec<Piece>, Vec<InputError>) {
    if let Part::Pieces(pieces) = part {
        return (pieces.clone(), input_errors.to_vec());
    }
    let (inputs, walk_errors) = expand_with(paths, walk.clone());
    let mut errors = input_errors.to_vec();
    errors.extend(walk_errors.into_iter().map(|e| InputError {
        path: e.path,
        message: e.message,
    }));
    match part {
        Part::Shard(shard) => {
            if shard.index > 0 {
                // The inputs that could not be read are the first shard's to report.
                errors.clear();
            }
            (partition::shard(&inputs, *shard), errors)
        }
        _ => (inputs.into_iter().map(Piece::Whole).collect(), errors),
    }
}

/// The bytes of a piece, for the progress bar.
pub(super) fn piece_size(piece: &Piece) -> u64 {
    match piece {
        Piece::Whole(input) => input_size(input),
        Piece::Games(range) => {
            let file = input_size(&Input::File(range.path.clone()));
            (range.to.min(file as usize) - range.from.min(file as usize)) as u64
        }
        Piece::Memory { bytes, .. } => bytes.len() as u64,
        Piece::Members(m) => m.bytes,
    }
}
