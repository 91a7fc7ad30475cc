//! Accounts: a name to play under. Signing up and in, sessions, API tokens for programs, and
//! the throttling of failed sign-ins; passwords hashed off the async runtime ([`password`]),
//! names checked ([`names`]); players' profiles and the leaderboards ([`profiles`]), and
//! their games ([`games`]).
//!
//! An account holds seats as a browser does: the secret of each of its seats is derived from
//! a root, the account's seat key, which never leaves the server. A request signed in (by the
//! account's session cookie or an API token) presents the secrets derived from that key
//! instead of those of the browser's anonymous session, so every room below treats an account
//! as one browser that every device of its owner shares. On sign-in, the seats and games of
//! the browser's anonymous session are carried to the account in the sign-in's transaction.

mod games;
pub(crate) mod names;
pub(crate) mod password;
mod profiles;

pub use self::games::PlayerGame;
pub use self::profiles::{Leader, Profile, RatingPoint};

use std::collections::BTreeMap;
use std::sync::Arc;
use std::time::Duration;

use arbiter_core::Side;
use arbiter_rating::UnixMillis;
use serde::Serialize;

use self::names::{check_name, name_key};
use self::password::{check_password, Hashing};
use crate::error::ApiError;
use crate::play::seats::{hash_secret, new_secret, seat_secret};
use crate::play::{owner_key, Games};
use crate::store::{CarriedSeat, SignIn, StoredAccount, StoredRating};
use crate::time_control::Millis;

/// The window over which failed sign-ins are counted: 10 minutes.
pub const FAILURE_WINDOW: Duration = Duration::from_secs(600);

/// The failed sign-ins a name may have in the window; then `429`.
pub const MAX_NAME_FAILURES: i64 = 10;

/// The failed sign-ins an address may make in the window; then `429`.
pub const MAX_ADDRESS_FAILURES: i64 = 50;

/// The most seats carried from a browser to an account at sign-in (its most recent games).
pub const MAX_CARRIED: i64 = 1000;

/// What an API token starts with, which tells it from a seat's token.
pub const TOKEN_PREFIX: &str = "arb_";

/// An account, as its owner sees it.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
pub struct AccountView {
    /// The name.
    pub name: String,
    /// The ratings, by perf key (`checkers/blitz`); none before a rated game.
    pub ratings: BTreeMap<String, RatingView>,
}

/// A rating as shown.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
pub struct RatingView {
    /// The rating, as shown (the whole number below it).
    pub rating: i32,
    /// Its deviation, as it stands now (grown by the time since the last rated game), rounded.
    pub rd: f64,
    /// The rated games played.
    pub games: i64,
    /// Whether it is still provisional (a deviation of 110 or more).
    pub provisional: bool,
}

/// A request signed in: the account, and the hash of the session's secret (none for an API
/// token).
#[derive(Debug, Clone)]
pub struct Signed {
    /// The account.
    pub account: StoredAccount,
    /// The hash of the session's secret, for a session.
    pub session: Option<String>,
}

/// A new session: the account's name and the secret for the browser's cookie.
#[derive(Debug)]
pub struct Session {
    /// The account's name.
    pub name: String,
    /// The session's secret.
    pub secret: String,
}

/// A session about to begin: its secret, the hash the database keeps, and what the browser
/// held before, to be carried to the account.
struct Opening {
    secret: String,
    session: String,
    seats: Vec<CarriedSeat>,
    /// The browser's owner key and the account's.
    owners: Option<(String, String)>,
}

impl Opening {
    /// What the sign-in of account `account_id` at `now` writes.
    fn sign_in<'a>(&'a self, account_id: &'a str, now: Millis) -> SignIn<'a> {
        SignIn {
            account_id,
            session: &self.session,
            owners: self.owners.as_ref().map(|(before, after)| (before.as_str(), after.as_str())),
            seats: &self.seats,
            now,
        }
    }
}

/// The accounts of the server.
pub struct Accounts {
    games: Arc<Games>,
    hashing: Hashing,
}

impl Accounts {
    /// The accounts stored with `games`.
    #[must_use]
    pub fn new(games: Arc<Games>) -> Accounts {
        let hashing = Hashing::new(games.settings.password_cost);
        hashing.prepare();
        Accounts { games, hashing }
    }

    fn now(&self) -> Millis {
        self.games.time.now()
    }

    /// A new account, signed in; the seats of the browser's anonymous session `anonymous`
    /// become its own.
    pub async fn sign_up(
        &self,
        name: &str,
        password: &str,
        anonymous: Option<&str>,
    ) -> Result<Session, ApiError> {
        check_name(name)?;
        check_password(password)?;
        let account = StoredAccount {
            id: new_secret()?,
            name: name.to_owned(),
            password: Some(self.hashing.hash(password).await?),
            seat_key: new_secret()?,
            created: self.now(),
            deleted: false,
        };
        let opening = self.opening(&account.seat_key, anonymous).await?;
        let sign_in = opening.sign_in(&account.id, account.created);
        let store = &self.games.store;
        let changed = store.create_account(&account, &name_key(name), &sign_in).await?;
        self.games.rows_changed(&changed).await;
        Ok(Session { name: account.name, secret: opening.secret })
    }

    /// Signs in with a name and password, from `address`: a new session, and the seats of
    /// the browser's anonymous session `anonymous` carried over. An unknown name and a wrong
    /// password are the same `401`, after the same work; too many failures are a `429`.
    pub async fn sign_in(
        &self,
        name: &str,
        password: &str,
        anonymous: Option<&str>,
        address: Option<std::net::IpAddr>,
    ) -> Result<Session, ApiError> {
        let key = name_key(name);
        let mut subjects = vec![(format!("name:{key}"), MAX_NAME_FAILURES)];
        subjects.extend(address.map(|address| (format!("addr:{address}"), MAX_ADDRESS_FAILURES)));
        self.throttled(&subjects).await?;
        let store = &self.games.store;
        let account = store.account_named(&key).await?.filter(|account| !account.deleted);
        let hash = account.as_ref().and_then(|account| account.password.clone());
        let account = match (self.hashing.verify(password, hash).await?, account) {
            (true, Some(account)) => account,
            _ => {
                let now = self.now();
                let subjects: Vec<String> = subjects.into_iter().map(|(s, _)| s).collect();
                store.fail(&subjects, now, now - Millis::of(FAILURE_WINDOW)).await?;
                return Err(wrong_name_or_password());
            }
        };
        let opening = self.opening(&account.seat_key, anonymous).await?;
        let changed = store.sign_in(&opening.sign_in(&account.id, self.now())).await?;
        self.games.rows_changed(&changed).await;
        Ok(Session { name: account.name, secret: opening.secret })
    }

    /// Refuses with `429` a sign-in whose name or address failed too often in the window.
    async fn throttled(&self, subjects: &[(String, i64)]) -> Result<(), ApiError> {
        let now = self.now();
        let window = Millis::of(FAILURE_WINDOW);
        for (subject, most) in subjects {
            let (tries, earliest) = self.games.store.failures(subject, now - window).await?;
            if tries >= *most {
                let again = earliest.map_or(window, |earliest| earliest + window - now);
                let wait = Duration::from_millis(u64::try_from(again.0).unwrap_or(0).max(1000));
                return Err(ApiError::TooMany(
                    format!("too many failed sign-ins: try again in {} s", wait.as_secs().max(1)),
                    wait,
                ));
            }
        }
        Ok(())
    }

    /// A new session of the account of `seat_key` for the browser of anonymous session
    /// `anonymous`: its secret, and the seats the browser holds, as carried to the account.
    async fn opening(&self, seat_key: &str, anonymous: Option<&str>) -> Result<Opening, ApiError> {
        let secret = new_secret()?;
        let session = hash_secret(&secret);
        let Some(anonymous) = anonymous else {
            return Ok(Opening { secret, session, seats: Vec::new(), owners: None });
        };
        let before = owner_key(anonymous);
        let held = self.games.store.holdings(&before, MAX_CARRIED).await?;
        let seats = held
            .into_iter()
            .filter_map(|(game_id, side)| {
                let side = Side::BOTH.into_iter().find(|candidate| candidate.name() == side)?;
                Some(CarriedSeat {
                    old_hash: hash_secret(&seat_secret(anonymous, &game_id, side)),
                    new_hash: hash_secret(&seat_secret(seat_key, &game_id, side)),
                    side: side.name(),
                    game_id,
                })
            })
            .collect();
        Ok(Opening { secret, session, seats, owners: Some((before, owner_key(seat_key))) })
    }

    /// The account signed in by the session of secret `session`, or else by one of the API
    /// tokens `tokens` (those that start with [`TOKEN_PREFIX`]).
    pub async fn signed_in(
        &self,
        session: Option<&str>,
        tokens: &[String],
    ) -> Result<Option<Signed>, ApiError> {
        let store = &self.games.store;
        if let Some(secret) = session {
            let hash = hash_secret(secret);
            if let Some(account) = store.account_of(&hash, false).await? {
                return Ok(Some(Signed { account, session: Some(hash) }));
            }
        }
        for token in tokens.iter().filter(|token| token.starts_with(TOKEN_PREFIX)) {
            if let Some(account) = store.account_of(&hash_secret(token), true).await? {
                return Ok(Some(Signed { account, session: None }));
            }
        }
        Ok(None)
    }

    /// Ends a signed-in session.
    pub async fn sign_out(&self, signed: &Signed) -> Result<(), ApiError> {
        if let Some(session) = &signed.session {
            self.games.store.end_session(session).await?;
        }
        Ok(())
    }

    /// The account as its owner sees it, with its ratings as they stand now (the deviations
    /// grown by the time since each perf's last rated game).
    pub async fn view(&self, account: &StoredAccount) -> Result<AccountView, ApiError> {
        Ok(AccountView { name: account.name.clone(), ratings: self.ratings(&account.id).await? })
    }

    /// The ratings of the account `account_id` as they stand now, by perf key.
    async fn ratings(&self, account_id: &str) -> Result<BTreeMap<String, RatingView>, ApiError> {
        let now = self.now();
        let mut ratings = BTreeMap::new();
        for stored in self.games.store.ratings_of(account_id).await? {
            ratings.insert(stored.perf.clone(), rating_view(&stored, now)?);
        }
        Ok(ratings)
    }

    /// Checks the password of a signed-in account (`403` when wrong: the requester is
    /// signed in, but did not prove to be its owner).
    async fn check_owner(&self, signed: &Signed, password: &str) -> Result<(), ApiError> {
        let hash = signed.account.password.clone();
        if self.hashing.verify(password, hash).await? {
            Ok(())
        } else {
            Err(ApiError::Forbidden("the password is wrong".to_owned()))
        }
    }

    /// Changes the password, given the old one; the account's other sessions end.
    pub async fn change_password(
        &self,
        signed: &Signed,
        old: &str,
        new: &str,
    ) -> Result<(), ApiError> {
        check_password(new)?;
        self.check_owner(signed, old).await?;
        let hash = self.hashing.hash(new).await?;
        let keep = signed.session.clone().unwrap_or_default();
        self.games.store.set_password(&signed.account.id, &hash, &keep).await?;
        Ok(())
    }

    /// Deletes the account, given its password: its games stay, its name is never used again.
    pub async fn delete(&self, signed: &Signed, password: &str) -> Result<(), ApiError> {
        self.check_owner(signed, password).await?;
        self.games.store.delete_account(&signed.account.id).await?;
        Ok(())
    }

    /// A new API token of the account, which is shown once: only its hash is kept.
    pub async fn new_token(&self, signed: &Signed) -> Result<String, ApiError> {
        let token = format!("{TOKEN_PREFIX}{}", new_secret()?);
        self.games.store.add_token(&signed.account.id, &hash_secret(&token), self.now()).await?;
        Ok(token)
    }
}

/// A stored rating as it stands at `now`: its deviation grown by the time since its last
/// rated game.
fn rating_view(stored: &StoredRating, now: Millis) -> Result<RatingView, ApiError> {
    let live = stored
        .rating
        .live(UnixMillis(now.0))
        .map_err(|error| ApiError::Damaged(format!("a stored rating cannot be read: {error}")))?;
    Ok(RatingView {
        rating: live.displayed(),
        rd: live.deviation.round(),
        games: stored.games,
        provisional: live.provisional(),
    })
}

/// The one answer to a sign-in whose name or password is wrong.
fn wrong_name_or_password() -> ApiError {
    ApiError::Unauthorized("no account has this name and password".to_owned())
}
