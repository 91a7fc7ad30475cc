//! The shared conformance kit on Fanorona.

use arbiter_core::testkit::check_conformance;
use arbiter_core::NoOptions;
use arbiter_fanorona::Fanorona;

#[test]
fn fanorona_passes_the_conformance_kit() {
    check_conformance::<Fanorona>(&NoOptions, 40, 200, 2026);
}
