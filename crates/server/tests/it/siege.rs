//! The hostile run: every family of attack (`attacks.rs`) thrown for a few seconds at a live
//! server with its default protections, while a person plays games on it from another
//! address: every move of theirs is acknowledged and stored exactly. (It prints the moves'
//! latency; the `siege` example measures it.)

use std::net::{IpAddr, Ipv4Addr};
use std::time::{Duration, Instant};

use crate::attacks::{self, Attack, Target};
use crate::common::databases;

/// How long each attack lasts: long enough for a person to play several moves through it (the
/// `siege` example runs each for as long as asked, and measures).
const ATTACK: Duration = Duration::from_millis(1000);

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_person_plays_on_through_every_attack() {
    let protection = arbiter_server::Protection::default();
    let database = databases().remove(0);
    let config = arbiter_server::Config { protection, ..crate::common::config(&database) };
    let (server, serving) = crate::common::serve(config).await;
    let target = Target {
        server,
        attacker: IpAddr::V4(Ipv4Addr::new(127, 0, 0, 2)),
        person: IpAddr::V4(Ipv4Addr::new(127, 0, 0, 3)),
        // Beyond the caps (64 connections and 50 sockets an address), within a test's files.
        connections: 200,
    };
    for attack in Attack::ALL {
        let until = Instant::now() + ATTACK;
        let (answers, played) = tokio::join!(
            attacks::attack(attack, target, until),
            attacks::play(target, Duration::from_millis(50), until)
        );
        let p99 = played.percentile(99);
        eprintln!(
            "{}: {} moves in {} games, p50 {:?}, p99 {p99:?}; the attacker's requests \
             ok/refused/failed {}",
            attack.name(),
            played.latencies.len(),
            played.games,
            played.percentile(50),
            answers.summary()
        );
        // Correctness only: how fast is measured by the `siege` example, not asserted here.
        assert!(played.errors.is_empty(), "{}: {:?}", attack.name(), played.errors);
        assert!(played.latencies.len() >= 5, "{}: {played:?}", attack.name());
    }
    serving.abort();
}
