//! Options written `key=value,key=value`.

use arbiter_core::{GameOptions, NoOptions, OptionError, OptionSpec, OptionValues};

#[derive(Debug, Clone, PartialEq, Eq)]
struct Board {
    rings: u8,
    first_white: bool,
}

impl Default for Board {
    fn default() -> Self {
        Board { rings: 4, first_white: true }
    }
}

impl GameOptions for Board {
    const SPECS: &'static [OptionSpec] = &[
        OptionSpec {
            key: "rings",
            values: OptionValues::Range { min: 4, max: 8 },
            default: "4",
            help: "rings of the board",
        },
        OptionSpec {
            key: "first",
            values: OptionValues::Choice(&["white", "black"]),
            default: "white",
            help: "who starts",
        },
    ];

    fn set(&mut self, key: &str, value: &str) -> Result<(), OptionError> {
        let invalid = |expected: &str| OptionError::InvalidValue {
            key: key.to_owned(),
            value: value.to_owned(),
            expected: expected.to_owned(),
        };
        match key {
            "rings" => {
                self.rings = value
                    .parse()
                    .ok()
                    .filter(|r| (4..=8).contains(r))
                    .ok_or_else(|| invalid("4..8"))?;
            }
            _ => {
                self.first_white = match value {
                    "white" => true,
                    "black" => false,
                    _ => return Err(invalid("white or black")),
                }
            }
        }
        Ok(())
    }

    fn values(&self) -> Vec<(&'static str, String)> {
        let first = if self.first_white { "white" } else { "black" };
        vec![("rings", self.rings.to_string()), ("first", first.to_owned())]
    }
}

#[test]
fn options_parse_over_the_defaults() {
    assert_eq!(Board::parse(""), Ok(Board::default()));
    assert_eq!(Board::parse(" first=black , rings=6 "), Ok(Board { rings: 6, first_white: false }));
    assert_eq!(Board { rings: 6, first_white: true }.to_text(), "rings=6");
    assert_eq!(Board::default().to_text(), "");
}

#[test]
fn option_errors_say_what_is_expected() {
    assert_eq!(
        Board::parse("size=9").expect_err("unknown").to_string(),
        "unknown option `size`; valid options: rings=4..8 (default 4), first=white|black (default white)"
    );
    assert_eq!(
        Board::parse("rings=12").expect_err("range").to_string(),
        "invalid value `12` for option `rings`; expected 4..8"
    );
    assert_eq!(
        Board::parse("rings").expect_err("malformed").to_string(),
        "`rings` is not an option setting; expected key=value, several joined by commas"
    );
    assert_eq!(Board::parse("rings=5,rings=6"), Err(OptionError::Repeated("rings".to_owned())));
    assert_eq!(
        NoOptions::parse("first=black").expect_err("none").to_string(),
        "unknown option `first`; this game has no options"
    );
}
