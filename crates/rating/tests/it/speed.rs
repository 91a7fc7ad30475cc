//! Speeds from clocks, at lichess's boundaries (`tests/data/speeds.txt`), and their keys.

use arbiter_rating::Speed;

const SPEEDS: &str = include_str!("../data/speeds.txt");

#[test]
fn real_time_clocks_get_lichess_speeds() {
    let mut clocks = 0;
    for line in SPEEDS.lines().filter(|line| !line.is_empty() && !line.starts_with('#')) {
        let fields: Vec<&str> = line.split_whitespace().collect();
        let [initial, increment, speed] = fields[..] else { panic!("three fields in {line}") };
        let initial = initial.parse().expect("initial seconds");
        let increment = increment.parse().expect("increment seconds");
        let speed: Speed = speed.parse().expect("a speed");
        assert_eq!(Speed::of_real_time(initial, increment), speed, "{line}");
        clocks += 1;
    }
    assert!(clocks >= 20);
}

#[test]
fn a_huge_clock_is_classical_without_overflow() {
    assert_eq!(Speed::of_real_time(u64::MAX, u64::MAX), Speed::Classical);
}

#[test]
fn speed_keys_round_trip() {
    for speed in Speed::ALL {
        assert_eq!(speed.to_string().parse::<Speed>(), Ok(speed));
        let json = serde_json::to_string(&speed).expect("serialised");
        assert_eq!(json, format!("\"{speed}\""));
    }
}

#[test]
fn a_bad_speed_says_which_are_expected() {
    for text in ["", "Blitz", "ultraBullet", "ultrabullet", " blitz"] {
        let error = text.parse::<Speed>().expect_err("not a speed");
        let message = error.to_string();
        assert!(message.contains("bullet, blitz, rapid, classical, correspondence"), "{message}");
    }
}
