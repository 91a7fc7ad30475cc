//! What a request presents to prove what it holds: `Authorization: Bearer SECRET`, or the
//! browser's session cookie, from which the secret of each of its seats is derived; or an
//! account's session cookie or API token, whose seats' secrets are derived from the account's
//! seat key instead ([`Presented`]).

use arbiter_core::Side;
use axum::http::HeaderMap;
use axum_extra::extract::cookie::{Cookie, CookieJar, SameSite};
use axum_extra::headers::authorization::{Bearer, Credentials};

use super::AppState;
use crate::accounts::{Signed, TOKEN_PREFIX};
use crate::error::ApiError;
use crate::lobby::{Member, Roots};
use crate::play::seats::{new_secret, seat_secret};

/// The cookie that holds a browser's seats: one secret, from which the secret of each seat the
/// browser takes is derived ([`seat_secret`]), so that a browser sends one short cookie
/// however many games it plays.
pub const SESSION_COOKIE: &str = "arbiter_session";

/// The cookie of a browser signed in to an account: the session's secret, of which the server
/// keeps the hash. A browser signed in has no [`SESSION_COOKIE`].
pub const ACCOUNT_COOKIE: &str = "arbiter_account";

/// The session secret a request's cookie carries, when it is one this server could have made
/// (32 hexadecimal digits).
#[must_use]
pub fn session(headers: &HeaderMap) -> Option<String> {
    cookie_secret(headers, SESSION_COOKIE)
}

/// The secret of cookie `name`, when it is one this server could have made.
fn cookie_secret(headers: &HeaderMap, name: &str) -> Option<String> {
    CookieJar::from_headers(headers)
        .get(name)
        .map(|cookie| cookie.value().to_owned())
        .filter(|value| value.len() == 32 && value.bytes().all(|byte| byte.is_ascii_hexdigit()))
}

/// The account's session secret of a request's [`ACCOUNT_COOKIE`].
#[must_use]
pub fn account_session(headers: &HeaderMap) -> Option<String> {
    cookie_secret(headers, ACCOUNT_COOKIE)
}

/// What a request presents: the account it is signed in as (by its session cookie or an API
/// token), the browser's anonymous session, and its bearer tokens. Only a request that
/// carries an account's cookie or an API token asks the database.
pub(crate) struct Presented {
    /// The account signed in.
    pub signed: Option<Signed>,
    /// The browser's anonymous session.
    pub anonymous: Option<String>,
    /// The bearer tokens (seats', or an API token).
    pub tokens: Vec<String>,
}

impl axum::extract::FromRequestParts<AppState> for Presented {
    type Rejection = ApiError;

    async fn from_request_parts(
        parts: &mut axum::http::request::Parts,
        state: &AppState,
    ) -> Result<Presented, ApiError> {
        let headers = &parts.headers;
        let tokens = bearer_tokens(headers);
        let account = account_session(headers);
        let signed = if account.is_some() || tokens.iter().any(|t| t.starts_with(TOKEN_PREFIX)) {
            state.accounts.signed_in(account.as_deref(), &tokens).await?
        } else {
            None
        };
        Ok(Presented { signed, anonymous: session(headers), tokens })
    }
}

impl Presented {
    /// The root of the seats' secrets: the account's seat key when signed in, else the
    /// browser's anonymous session.
    pub fn root(&self) -> Option<String> {
        match &self.signed {
            Some(signed) => Some(signed.account.seat_key.clone()),
            None => self.anonymous.clone(),
        }
    }

    /// The secrets presented for game `id`: the bearer tokens, and the secrets of both seats
    /// derived from the root.
    pub fn secrets(&self, id: &str) -> Vec<String> {
        let mut secrets = self.tokens.clone();
        if let Some(root) = self.root() {
            secrets.extend([Side::White, Side::Black].map(|side| seat_secret(&root, id, side)));
        }
        secrets
    }

    /// The roots for the lobby.
    pub fn roots(&self) -> Roots {
        let account = self.signed.as_ref().map(|signed| Member {
            id: signed.account.id.clone(),
            name: signed.account.name.clone(),
        });
        Roots { session: self.root(), tokens: self.tokens.clone(), account }
    }

    /// The root, and the `Set-Cookie` value of a new anonymous session for a browser that has
    /// none and is not signed in.
    pub fn root_or_new(&self, cookies: Cookies) -> Result<(String, Option<String>), ApiError> {
        match self.root() {
            Some(root) => Ok((root, None)),
            None => cookies.new_session(),
        }
    }
}

/// How the server's cookies are made.
#[derive(Debug, Clone, Copy, Default)]
pub struct Cookies {
    /// The server is reached over HTTPS (its public URL says so): cookies are `Secure`.
    pub secure: bool,
}

impl Cookies {
    /// A new anonymous session, and the `Set-Cookie` value that gives it to the browser.
    pub fn new_session(self) -> Result<(String, Option<String>), ApiError> {
        let session = new_secret()?;
        Ok((session.clone(), Some(self.cookie(SESSION_COOKIE, &session, 365))))
    }

    /// The `Set-Cookie` value of cookie `name` holding `value` for `days` (0: removed).
    pub fn cookie(self, name: &'static str, value: &str, days: i64) -> String {
        Cookie::build((name, value.to_owned()))
            .path("/")
            .http_only(true)
            .same_site(SameSite::Lax)
            .max_age(time::Duration::days(days))
            .secure(self.secure)
            .to_string()
    }
}

/// The bearer tokens of a request's `Authorization` headers (one a seat the request speaks
/// for).
pub fn bearer_tokens(headers: &HeaderMap) -> Vec<String> {
    headers
        .get_all(axum::http::header::AUTHORIZATION)
        .into_iter()
        .filter_map(Bearer::decode)
        .map(|bearer| bearer.token().to_owned())
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_session_cookie_is_secure_behind_https_and_derives_a_secret_per_seat() {
        let (session, cookie) = Cookies { secure: true }.new_session().expect("random numbers");
        let cookie = cookie.expect("a new cookie");
        assert!(cookie.contains("; Secure") && cookie.contains("; HttpOnly"), "{cookie}");
        assert!(cookie.contains("SameSite=Lax") && cookie.contains("Path=/"), "{cookie}");
        let (_, plain) = Cookies { secure: false }.new_session().expect("random numbers");
        assert!(!plain.expect("a new cookie").contains("Secure"));
        let mut headers = HeaderMap::new();
        let sent = format!("theme=dark; {SESSION_COOKIE}={session}");
        headers.insert("cookie", sent.parse().expect("a header"));
        let presented = |headers: &HeaderMap| Presented {
            signed: None,
            anonymous: super::session(headers),
            tokens: bearer_tokens(headers),
        };
        assert_eq!(
            presented(&headers).root_or_new(Cookies::default()).expect("a root"),
            (session.clone(), None)
        );
        let white = seat_secret(&session, "abc", Side::White);
        assert_ne!(white, seat_secret(&session, "abc", Side::Black));
        assert_ne!(white, seat_secret(&session, "abd", Side::White));
        assert_eq!(
            presented(&headers).secrets("abc"),
            [white, seat_secret(&session, "abc", Side::Black)]
        );
        headers.insert("cookie", format!("{SESSION_COOKIE}=not-hex").parse().expect("a header"));
        assert_eq!(super::session(&headers), None, "a cookie the server did not make is ignored");
    }
}
