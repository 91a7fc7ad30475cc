//! Account names: 2 to 20 letters, digits, `_` or `-`, unique without regard to case, and a
//! list of names nobody may take (the server's own words, and names that would pass for staff
//! or for no one).

use crate::error::ApiError;

/// The shortest name.
pub const MIN_NAME: usize = 2;

/// The longest name.
pub const MAX_NAME: usize = 20;

/// Names nobody may take, lowercased: the words the server shows for players that are not an
/// account ("anonymous", "computer", "deleted"), names that would pass for the site or its
/// staff, and words that read as no value.
pub const RESERVED: [&str; 24] = [
    "admin",
    "administrator",
    "anonymous",
    "api",
    "arbiter",
    "bot",
    "computer",
    "deleted",
    "ghost",
    "guest",
    "lichess",
    "me",
    "mod",
    "moderator",
    "none",
    "null",
    "owner",
    "player",
    "root",
    "server",
    "staff",
    "support",
    "system",
    "undefined",
];

/// The key a name is unique by: the name lowercased.
#[must_use]
pub fn name_key(name: &str) -> String {
    name.to_ascii_lowercase()
}

/// Checks a name for a new account.
pub fn check_name(name: &str) -> Result<(), ApiError> {
    let allowed = |c: char| c.is_ascii_alphanumeric() || c == '_' || c == '-';
    if !(MIN_NAME..=MAX_NAME).contains(&name.len()) || !name.chars().all(allowed) {
        return Err(ApiError::BadRequest(format!(
            "a name is {MIN_NAME} to {MAX_NAME} letters, digits, `_` or `-`"
        )));
    }
    if RESERVED.contains(&name_key(name).as_str()) {
        return Err(ApiError::BadRequest(format!("the name `{name}` is reserved: choose another")));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_are_short_plain_and_not_reserved() {
        for good in ["ab", "Alice_99", "x-y", "a2345678901234567890"] {
            assert!(check_name(good).is_ok(), "{good}");
        }
        for bad in ["a", "a23456789012345678901", "al ice", "élan", "a.b", "", "Admin", "NULL"] {
            assert!(check_name(bad).is_err(), "{bad}");
        }
        assert_eq!(name_key("Alice"), name_key("aLICE"));
        assert!(RESERVED.iter().all(|name| name_key(name) == *name));
    }
}
