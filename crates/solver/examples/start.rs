//! Solves the start positions of the 6×6 games and prints the results (a quick measurement).

use arbiter_core::{Game, Side, Symmetry};
use arbiter_holes::Holes;
use arbiter_minicheckers::Minicheckers;
use arbiter_solver::{solve, Settings};

fn run<G: Symmetry>(name: &str, position: &G) {
    let settings = Settings::default();
    let mut report = |progress: &arbiter_solver::Progress| eprintln!("{progress:?}");
    match solve(position, &settings, &mut report) {
        Ok(solution) => {
            let line: Vec<String> =
                solution.principal_variation.iter().map(ToString::to_string).collect();
            println!(
                "{name}: {} wins in {} plies; {} nodes ({} for the length) in {:.2} s ({:.2} s df-pn); {}",
                solution.winner,
                solution.plies,
                solution.nodes,
                solution.length_nodes,
                solution.elapsed.as_secs_f64(),
                solution.search_time.as_secs_f64(),
                line.join(" ")
            );
        }
        Err(error) => println!("{name}: {error}"),
    }
}

fn main() {
    let which = std::env::args().nth(1).unwrap_or_default();
    if which.is_empty() || which == "minicheckers" {
        run(
            "minicheckers first=white",
            &Minicheckers::start(&arbiter_minicheckers::Options { first: Side::White }),
        );
        run(
            "minicheckers first=black",
            &Minicheckers::start(&arbiter_minicheckers::Options { first: Side::Black }),
        );
    }
    if which.is_empty() || which == "holes" {
        run("holes", &Holes::start(&arbiter_holes::Options::default()));
    }
}
