//! The shared conformance kit on both rule sets.

use arbiter_core::testkit::check_conformance;
use arbiter_holes::{Holes, Options};

#[test]
fn holes_passes_the_conformance_kit_with_the_seeds_rules() {
    check_conformance::<Holes>(&Options { diagonal_captures: false }, 300, 100, 2026);
}

#[test]
fn holes_passes_the_conformance_kit_with_diagonal_captures() {
    check_conformance::<Holes>(&Options { diagonal_captures: true }, 300, 100, 2027);
}
