//! The game information of a record's root node (`GN`, `EV`, `DT`, …) for a person to
//! read, taken with the lexer: it costs one pass over the root node, whatever the size of
//! the rest of the game.

use super::lexer::{Lexer, Token};
use super::text::simple_text;

/// The game-information properties shown, in the order SGF lists them.
const INFO: [&str; 10] = ["EV", "DT", "PC", "GN", "RO", "BR", "WR", "TM", "OT", "SO"];

/// The game-information properties of the root node, in the order written, each with its
/// first value as plain text (as written: `TM[60.0]` stays `60.0`); empty values are left
/// out.
pub fn game_info(text: &str) -> Vec<(&'static str, String)> {
    let mut info = Vec::new();
    let mut in_root = false;
    let mut current: Option<&'static str> = None;
    for token in Lexer::new(text) {
        match token {
            Token::Node(_) if !in_root => in_root = true,
            Token::Node(_) | Token::Open(_) | Token::Close(_) if in_root => break,
            Token::Ident(id, _) => current = INFO.iter().copied().find(|&k| k == id),
            Token::Value(raw, _) => {
                if let Some(id) = current.take() {
                    let value = simple_text(raw);
                    if !value.is_empty() && !info.iter().any(|(k, _)| *k == id) {
                        info.push((id, value));
                    }
                }
            }
            _ => {}
        }
    }
    info
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_the_root_nodes_information_only() {
        let text = "(;GM[1]GN[a \\] game]DT[2024-01-02]PB[x]EV[Cup\n one];B[aa]GN[not this])";
        assert_eq!(
            game_info(text),
            [
                ("GN", "a ] game".to_string()),
                ("DT", "2024-01-02".to_string()),
                ("EV", "Cup  one".to_string()),
            ]
        );
    }

    #[test]
    fn a_root_without_information_gives_none() {
        assert!(game_info("(;GM[1]SZ[9];B[aa])").is_empty());
        assert!(game_info("(;GM[1]GN[ ]SZ[9];B[aa])").is_empty());
        assert!(game_info("").is_empty());
    }
}
