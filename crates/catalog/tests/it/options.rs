//! Every game's options say what their rules accept: the values a spec lists are the values
//! `set` takes, the default is one of them, and a value beyond them is refused. Front ends
//! build their forms from the specs (the server's catalog, the UGI `option` lines), so a spec
//! that disagreed with its game would offer what cannot be played.

use arbiter_catalog::{AnyGame, GameId, Visitor};
use arbiter_core::{GameOptions, OptionValues};

/// Checks the game's option specs against its options.
struct SpecsAgree;

impl Visitor for SpecsAgree {
    type Output = ();

    fn visit<G: AnyGame>(self) {
        let defaults = G::Options::default().values();
        for (spec, (key, default)) in G::Options::SPECS.iter().zip(&defaults) {
            let game = G::ID;
            assert_eq!((spec.key, spec.default), (*key, default.as_str()), "{game}");
            assert!(spec.values.accepts(spec.default), "{game}: {} = {}", spec.key, spec.default);
            let parse = |value: &str| G::Options::parse(&format!("{}={value}", spec.key));
            let (accepted, refused): (Vec<String>, Vec<String>) = match spec.values {
                OptionValues::Choice(words) => (
                    words.iter().map(|word| (*word).to_owned()).collect(),
                    vec!["none-of-these".to_owned()],
                ),
                OptionValues::Range { min, max } => (
                    (min..=max).map(|value| value.to_string()).collect(),
                    vec![(min - 1).to_string(), (max + 1).to_string(), "x".to_owned()],
                ),
            };
            for value in &accepted {
                assert!(spec.values.accepts(value), "{game}: {}={value}", spec.key);
                assert!(parse(value).is_ok(), "{game}: {}={value} is refused", spec.key);
            }
            for value in &refused {
                assert!(!spec.values.accepts(value), "{game}: {}={value}", spec.key);
                assert!(parse(value).is_err(), "{game}: {}={value} is taken", spec.key);
            }
        }
        assert_eq!(G::Options::SPECS.len(), defaults.len(), "{}", G::ID);
    }
}

#[test]
fn option_specs_list_what_the_rules_accept() {
    for id in GameId::ALL {
        id.visit(SpecsAgree);
    }
}

#[test]
fn options_are_written_as_their_specs_say() {
    let listed: Vec<String> = GameId::ALL
        .into_iter()
        .flat_map(|id| {
            id.info().options.iter().map(move |spec| format!("{id} {}={}", spec.key, spec.values))
        })
        .collect();
    assert_eq!(
        listed,
        ["minicheckers first=white|black", "holes captures=none|diagonal", "daynight rings=4..8"]
    );
}
