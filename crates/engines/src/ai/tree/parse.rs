//! The reader of the bracket notation for trees ("((3 12 8)(2 4 6))"): leaves are
//! integers, inner nodes are parenthesised lists; errors name the position.

use super::{MAX_HEIGHT, MAX_LEAF, Node};
use crate::ai::MAX_MOVES;
use queens_board::clip_token;
use thiserror::Error;

/// A tree text that does not parse. Positions are 0-based character offsets (not bytes:
/// a tree with non-ASCII characters still points at the right place).
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum TreeError {
    /// Nothing but whitespace.
    #[error("empty tree: write leaves as integers inside parentheses, e.g. ((3 12 8)(2 4 6))")]
    Empty,
    /// A character that is not a parenthesis, a digit, a minus sign or whitespace.
    #[error("unexpected '{found}' at position {position}")]
    Unexpected {
        /// The character.
        found: char,
        /// Where.
        position: usize,
    },
    /// `(` without its `)`.
    #[error("'(' at position {0} is never closed")]
    Unclosed(usize),
    /// `)` without a `(`, or text after the tree.
    #[error("unexpected '{found}' at position {position} after the end of the tree")]
    Trailing {
        /// The character.
        found: char,
        /// Where.
        position: usize,
    },
    /// `()`.
    #[error("empty node '()' at position {0}: every node needs a leaf or children")]
    EmptyNode(usize),
    /// A number that does not parse or is too large.
    #[error("leaf '{token}' at position {position} is not an integer within ±{MAX_LEAF}")]
    BadLeaf {
        /// The text (clipped if long).
        token: String,
        /// Where.
        position: usize,
    },
    /// More children than a move list holds.
    #[error("node at position {0} has more than {MAX_MOVES} children")]
    TooWide(usize),
    /// Deeper than the search goes.
    #[error("the node at position {0} is deeper than {MAX_HEIGHT} levels below the root")]
    TooDeep(usize),
}

pub(super) struct Parser {
    pub(super) chars: Vec<char>,
    pub(super) at: usize,
    pub(super) nodes: Vec<Node>,
}

impl Parser {
    pub(super) fn skip_space(&mut self) {
        while self.chars.get(self.at).is_some_and(|c| c.is_whitespace()) {
            self.at += 1;
        }
    }

    /// Parses one node at the cursor; returns its index and height.
    pub(super) fn node(&mut self, level: usize) -> Result<(usize, u32), TreeError> {
        let position = self.at;
        let Some(&c) = self.chars.get(position) else {
            return Err(TreeError::Empty);
        };
        if level > MAX_HEIGHT {
            return Err(TreeError::TooDeep(position));
        }
        let index = self.nodes.len();
        if c == '(' {
            self.at += 1;
            self.nodes.push(Node::Inner(Vec::new()));
            let mut children = Vec::new();
            let mut height = 0;
            loop {
                self.skip_space();
                match self.chars.get(self.at) {
                    None => return Err(TreeError::Unclosed(position)),
                    Some(')') => {
                        self.at += 1;
                        break;
                    }
                    Some(_) => {
                        if children.len() == MAX_MOVES {
                            return Err(TreeError::TooWide(position));
                        }
                        let (child, child_height) = self.node(level + 1)?;
                        children.push(child);
                        height = height.max(child_height + 1);
                    }
                }
            }
            if children.is_empty() {
                return Err(TreeError::EmptyNode(position));
            }
            self.nodes[index] = Node::Inner(children);
            Ok((index, height))
        } else if c == '-' || c.is_ascii_digit() {
            let value = self.leaf()?;
            self.nodes.push(Node::Leaf(value));
            Ok((index, 0))
        } else if c == ')' {
            Err(TreeError::Trailing { found: c, position })
        } else {
            Err(TreeError::Unexpected { found: c, position })
        }
    }

    /// Parses the integer leaf at the cursor (a '-' or a digit), within ±[`MAX_LEAF`].
    fn leaf(&mut self) -> Result<i32, TreeError> {
        let position = self.at;
        self.at += 1;
        while self.chars.get(self.at).is_some_and(char::is_ascii_digit) {
            self.at += 1;
        }
        let token: String = self.chars[position..self.at].iter().collect();
        let bad = || TreeError::BadLeaf {
            token: clip_token(&token),
            position,
        };
        // The range check is on the i64 itself: `abs()` of i64::MIN would wrap.
        let value = token
            .parse::<i64>()
            .ok()
            .filter(|value| (-MAX_LEAF..=MAX_LEAF).contains(value))
            .and_then(|value| i32::try_from(value).ok())
            .ok_or_else(bad)?;
        // A leaf glued to the next token (e.g. "3(" or "3x") is a typo, not two nodes.
        if let Some(&next) = self.chars.get(self.at)
            && !next.is_whitespace()
            && next != ')'
        {
            return Err(TreeError::Unexpected {
                found: next,
                position: self.at,
            });
        }
        Ok(value)
    }
}
