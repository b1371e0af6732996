//! A game's text as the fixes see it: its nodes and properties with the byte spans they
//! were written at, so that a fix rewrites one property and leaves every other byte.

use crate::sgf::lexer::{Lexer, Token};

/// One property as written: its identifier and values, with offsets in the game's text.
#[derive(Clone, Debug)]
pub struct Prop<'a> {
    pub ident: &'a str,
    /// Offset of the identifier's first letter.
    pub at: usize,
    /// The values as written (escapes left in) and the offset of each `[`.
    pub values: Vec<(&'a str, usize)>,
    /// Just after the last `]` (after the identifier when it has no value).
    pub end: usize,
    /// The node it belongs to (an index of [`Tree::nodes`]).
    pub node: usize,
}

impl Prop<'_> {
    /// The identifier's capitals (`GaMe` -> `GM`, `gm` -> `GM`).
    pub fn name(&self) -> String {
        let capitals: String = self
            .ident
            .chars()
            .filter(char::is_ascii_uppercase)
            .collect();
        if capitals.is_empty() {
            self.ident.to_ascii_uppercase()
        } else {
            capitals
        }
    }
}

/// One node: where it starts.
#[derive(Clone, Debug)]
pub struct Node {
    /// Offset of its `;` (of its first identifier when the `;` is missing).
    pub at: usize,
}

/// The nodes and properties of one game's text, in the order written.
#[derive(Debug, Default)]
pub struct Tree<'a> {
    pub nodes: Vec<Node>,
    pub props: Vec<Prop<'a>>,
}

impl<'a> Tree<'a> {
    pub fn read(text: &'a str) -> Tree<'a> {
        let mut tree = Tree::default();
        // The property values go to: none right after `(`, `)` or a stray value.
        let mut open = false;
        let mut in_node = false;
        for token in Lexer::new(text) {
            match token {
                Token::Open(_) | Token::Close(_) => {
                    open = false;
                    in_node = false;
                }
                Token::Node(at) => {
                    tree.nodes.push(Node { at });
                    open = false;
                    in_node = true;
                }
                Token::Ident(ident, at) => {
                    if !in_node {
                        // `(GM[1]...`: a node without its `;`.
                        tree.nodes.push(Node { at });
                        in_node = true;
                    }
                    tree.props.push(Prop {
                        ident,
                        at,
                        values: Vec::new(),
                        end: at + ident.len(),
                        node: tree.nodes.len() - 1,
                    });
                    open = true;
                }
                Token::Value(raw, at) => {
                    if let (true, Some(prop)) = (open, tree.props.last_mut()) {
                        prop.values.push((raw, at));
                        prop.end = at + raw.len() + 2;
                    }
                }
            }
        }
        tree
    }

    /// The property whose span holds `offset`.
    pub fn prop_at(&self, offset: usize) -> Option<usize> {
        let i = self.props.partition_point(|p| p.at <= offset);
        let i = i.checked_sub(1)?;
        (offset < self.props[i].end.max(self.props[i].at + 1)).then_some(i)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn properties_with_their_spans() {
        let text = "(;GM[1]AB[aa] [bb]\n;B[cc](;W[dd])(W[ee]))";
        let tree = Tree::read(text);
        assert_eq!(tree.nodes.len(), 4);
        let ab = &tree.props[1];
        assert_eq!(&text[ab.at..ab.end], "AB[aa] [bb]");
        assert_eq!(tree.prop_at(ab.at + 8), Some(1));
        assert_eq!(tree.props[4].node, 3, "W[ee] in a node without ';'");
    }
}
