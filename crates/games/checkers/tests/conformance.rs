//! The shared conformance kit on checkers.

use arbiter_checkers::Checkers;
use arbiter_core::testkit::check_conformance;
use arbiter_core::NoOptions;

#[test]
fn checkers_passes_the_conformance_kit() {
    check_conformance::<Checkers>(&NoOptions, 300, 300, 2026);
}
