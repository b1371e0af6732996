//! Duplicate games: the same game recorded twice, whatever was done to the copy (another
//! file, encoding or metadata, one of the eight board symmetries, colours exchanged, cut
//! short, a few moves mistyped).
//!
//! ```text
//! key (per game, in parallel: canonical moves, symmetries, game information)
//!   -> cluster (sorting for exact and prefix copies, hashed blocks for near ones)
//!   -> describe (the most complete game, each copy's relation, symmetry, colours, conflicts)
//! ```

pub mod cluster;
pub mod key;
pub mod spill;
pub mod store;
pub mod symmetry;

pub use cluster::{group, Group, Relation, MIN_MOVES};
pub use key::GameKey;
pub use store::{KeyStore, Loaded, DEFAULT_MEMORY};
pub use symmetry::Symmetry;

use key::INFO_FIELDS;

/// One game of a cluster, as it relates to the cluster's most complete game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Member {
    /// The game's number in input order.
    pub game: usize,
    pub relation: Relation,
    /// The symmetry that maps this game onto the most complete one.
    pub symmetry: Symmetry,
    /// The colours are exchanged (the same points in the same order, the other colour).
    pub colors_swapped: bool,
    pub moves: usize,
    /// Game information fields that disagree with the most complete game (`PB` and `PW`
    /// compared after exchanging them when the colours are), both present.
    pub differs: Vec<&'static str>,
    /// `RE[]` names the other winner.
    pub winner_differs: bool,
}

/// A group of games that are the same game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Cluster {
    /// In input order.
    pub members: Vec<Member>,
    /// The most complete game (index into `members`): of the games that every other one
    /// is a copy of, the longest main line, then a result, the fewest reading problems,
    /// the most game information, the first read.
    pub reference: usize,
    /// Each field that disagrees, with its different values (in the most complete game's
    /// colours), in [`key::INFO_FIELDS`] order.
    pub conflicts: Vec<(&'static str, Vec<String>)>,
}

/// The clusters of copies among `keys` (games in input order).
pub fn clusters(keys: &[GameKey]) -> Vec<Cluster> {
    let mut store = KeyStore::new(usize::MAX);
    for k in keys {
        store.push(k).expect("keys in memory");
    }
    clusters_in(&mut store).expect("keys in memory")
}

/// The clusters of copies among the games of `store` (in the order they were pushed),
/// the same whatever its memory limit.
pub fn clusters_in(store: &mut KeyStore) -> std::io::Result<Vec<Cluster>> {
    let (grouping, loaded) = cluster::grouping_in(store)?;
    Ok(grouping
        .groups
        .iter()
        .map(|group| describe(&loaded, group))
        .collect())
}

/// How each game of a group relates to its most complete game.
fn describe(keys: &Loaded, group: &Group) -> Cluster {
    let games = &group.games;
    let reference = games
        .iter()
        .position(|&g| g == group.reference)
        .expect("the reference is one of the games");
    let r = keys.key(games[reference]);
    let members: Vec<Member> = games
        .iter()
        .map(|&g| relate(g, keys.key(g), r, g == games[reference]))
        .collect();
    let conflicts = INFO_FIELDS
        .iter()
        .enumerate()
        .filter(|(_, field)| members.iter().any(|m| m.differs.contains(field)))
        .map(|(i, &field)| {
            let mut values: Vec<String> = Vec::new();
            for m in &members {
                let value = in_reference_colors(keys.key(m.game), i, m.colors_swapped);
                if !value.is_empty() && !values.contains(&value) {
                    values.push(value);
                }
            }
            (field, values)
        })
        .collect();
    Cluster {
        members,
        reference,
        conflicts,
    }
}

/// How game `g` (`m`) relates to the most complete game `r`.
fn relate(g: usize, m: &GameKey, r: &GameKey, is_reference: bool) -> Member {
    let to_reference = r.symmetry.inverse();
    let (relation, symmetry) = if is_reference {
        (Relation::Reference, Symmetry::Identity)
    } else {
        match cluster::related(m, r) {
            Some(relation @ (Relation::Exact | Relation::Prefix)) => {
                (relation, m.symmetry.then(to_reference))
            }
            // A few changed moves (every `near` copy is within them of the most complete
            // game): the second orientation they share best.
            _ => {
                let which = cluster::near(m, r).map(|(w, _)| w).unwrap_or(0);
                let via = m.symmetry.then(m.near[which]).then(r.near[which].inverse());
                (Relation::Near, via.then(to_reference))
            }
        }
    };
    let colors_swapped = matches!((m.first_color, r.first_color), (Some(a), Some(b)) if a != b);
    let differs = (0..INFO_FIELDS.len())
        .filter(|&i| {
            let (a, b) = (
                in_reference_colors(m, i, colors_swapped),
                r.info(i).to_string(),
            );
            !a.is_empty() && !b.is_empty() && !same_value(INFO_FIELDS[i], &a, &b)
        })
        .map(|i| INFO_FIELDS[i])
        .collect();
    let winner = m
        .winner()
        .map(|w| if colors_swapped { w.opponent() } else { w });
    Member {
        game: g,
        relation,
        symmetry,
        colors_swapped,
        moves: m.moves(),
        differs,
        winner_differs: matches!((winner, r.winner()), (Some(a), Some(b)) if a != b),
    }
}

/// Field `i` of a game, seen in the colours of the most complete game: the players
/// exchanged and `RE[]`'s winner turned round when the colours are swapped.
fn in_reference_colors(key: &GameKey, i: usize, swapped: bool) -> String {
    if !swapped {
        return key.info(i).to_string();
    }
    match INFO_FIELDS[i] {
        "PB" => key.info(1).to_string(),
        "PW" => key.info(0).to_string(),
        "RE" => key
            .info(3)
            .chars()
            .map(|c| match c {
                'B' => 'W',
                'W' => 'B',
                'b' => 'w',
                'w' => 'b',
                c => c,
            })
            .collect(),
        _ => key.info(i).to_string(),
    }
}

/// Two values of a field that say the same (`KM[6.5]` and `KM[6.50]`; results and names
/// compared without case).
fn same_value(field: &str, a: &str, b: &str) -> bool {
    match field {
        "KM" | "HA" => match (a.trim().parse::<f64>(), b.trim().parse::<f64>()) {
            (Ok(x), Ok(y)) => x == y,
            _ => a.trim() == b.trim(),
        },
        "RE" => result_words(a) == result_words(b),
        _ => a.trim().eq_ignore_ascii_case(b.trim()),
    }
}

/// A result in one spelling: `B+Resign` and `b+r` alike, `W+0.5` and `W+.5` alike.
fn result_words(result: &str) -> String {
    let upper = result.trim().to_ascii_uppercase();
    let (winner, how) = upper.split_once('+').unwrap_or((&upper, ""));
    let how = match how {
        "RESIGN" => "R",
        "TIME" => "T",
        "FORFEIT" => "F",
        other => other,
    };
    match how.parse::<f64>() {
        Ok(margin) => format!("{winner}+{margin}"),
        Err(_) => format!("{winner}+{how}"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::audit::GameInput;
    use crate::input::split::split;

    /// `n` different points of the 19×19 board in a scrambled order, from `seed`.
    fn points(seed: u64, n: usize) -> Vec<(u8, u8)> {
        let mut all: Vec<(u8, u8)> = (0..19).flat_map(|c| (0..19).map(move |r| (c, r))).collect();
        let mut x = seed
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        for i in (1..all.len()).rev() {
            x = x
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            all.swap(i, (x >> 33) as usize % (i + 1));
        }
        all.truncate(n);
        all
    }

    fn text(moves: &[(u8, u8)]) -> String {
        let body: String = moves
            .iter()
            .enumerate()
            .map(|(i, (c, r))| {
                let color = if i % 2 == 0 { 'B' } else { 'W' };
                format!(";{color}[{}{}]", (b'a' + c) as char, (b'a' + r) as char)
            })
            .collect();
        format!("(;GM[1]SZ[19]{body})")
    }

    fn key(moves: &[(u8, u8)]) -> GameKey {
        let text = text(moves);
        let slice = &split(&text)[0];
        GameKey::of(&GameInput {
            path: "t.sgf",
            index: 0,
            text: &text,
            slice,
            encoding: "UTF-8",
            encoding_problem: None,
            first_tree: None,
        })
    }

    fn clustered(a: &[(u8, u8)], b: &[(u8, u8)]) -> Option<Relation> {
        let found = clusters(&[key(a), key(b)]);
        assert!(found.len() <= 1);
        found.first().map(|c| c.members[1 - c.reference].relation)
    }

    #[test]
    fn a_start_is_a_copy_only_when_it_is_half_of_the_game() {
        let game = points(1, 100);
        assert_eq!(clustered(&game, &game[..50]), Some(Relation::Prefix));
        assert_eq!(clustered(&game, &game[..49]), None);
        assert_eq!(clustered(&game[..29], &game[..29]), None, "under 30 moves");
        assert_eq!(clustered(&game[..30], &game[..30]), Some(Relation::Exact));
    }

    #[test]
    fn a_shared_opening_is_not_a_copy_but_a_few_changed_moves_are() {
        let game = points(2, 120);
        let other = points(3, 120);
        for shared in [40, 50, 60] {
            let mut parted = game[..shared].to_vec();
            let rest: Vec<(u8, u8)> = other
                .iter()
                .filter(|p| !parted.contains(p))
                .take(120 - shared)
                .copied()
                .collect();
            parted.extend(rest);
            assert_eq!(clustered(&game, &parted), None, "{shared} moves shared");
        }
        let free = other.iter().find(|p| !game.contains(p)).copied().unwrap();
        for changed in [1, 2, 3, 6] {
            let mut typo = game.clone();
            for k in 0..changed {
                typo[5 + 17 * k] = free;
            }
            let expected = (changed <= cluster::NEAR_CHANGES).then_some(Relation::Near);
            assert_eq!(clustered(&game, &typo), expected, "{changed} moves changed");
        }
    }
}
