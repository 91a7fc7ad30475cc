//! The shared conformance kit on Day and Night, on the standard and a wider board.

use arbiter_core::testkit::check_conformance;
use arbiter_daynight::{DayNight, Options};

#[test]
fn daynight_passes_the_conformance_kit() {
    check_conformance::<DayNight>(&Options { rings: 4 }, 60, 200, 2026);
}

#[test]
fn daynight_passes_the_conformance_kit_with_eight_rings() {
    check_conformance::<DayNight>(&Options { rings: 8 }, 20, 150, 2027);
}
