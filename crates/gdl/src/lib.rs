//! General Game Playing for Arbiter: the Game Description Language (GDL) read from KIF, checked,
//! and reasoned about.
//!
//! - [`parse`]: the text, as ggp-base writes it, into a [`Description`]; errors name the line
//!   and column.
//! - [`check`]: what GDL requires of the rules — one arity per relation, reserved relations in
//!   their places, safe rules, stratified negation, and `legal`, `goal`, `terminal` and `init`
//!   free of `does` (and `init` of the state) — each violation a named [`GdlError`].

mod check;
mod error;
mod parse;
mod syntax;

pub use crate::check::check;
pub use crate::error::GdlError;
pub use crate::parse::{parse, parse_term};
pub use crate::syntax::{
    Atom, Description, Flat, FlatRule, Literal, Position, Rule, Symbol, Symbols, Term,
};
