//! What a request presents to prove what it holds: `Authorization: Bearer SECRET`, or the
//! browser's session cookie, from which the secret of each of its seats is derived.

use arbiter_core::Side;
use axum::http::HeaderMap;
use axum_extra::extract::cookie::{Cookie, CookieJar, SameSite};
use axum_extra::headers::authorization::{Bearer, Credentials};

use crate::error::ApiError;
use crate::play::seats::{new_secret, seat_secret};

/// The cookie that holds a browser's seats: one secret, from which the secret of each seat the
/// browser takes is derived ([`seat_secret`]), so that a browser sends one short cookie
/// however many games it plays.
pub const SESSION_COOKIE: &str = "arbiter_session";

/// The session secret a request's cookie carries, when it is one this server could have made
/// (32 hexadecimal digits).
#[must_use]
pub fn session(headers: &HeaderMap) -> Option<String> {
    CookieJar::from_headers(headers)
        .get(SESSION_COOKIE)
        .map(|cookie| cookie.value().to_owned())
        .filter(|value| value.len() == 32 && value.bytes().all(|byte| byte.is_ascii_hexdigit()))
}

/// How the server's cookies are made.
#[derive(Debug, Clone, Copy, Default)]
pub struct Cookies {
    /// The server is reached over HTTPS (its public URL says so): cookies are `Secure`.
    pub secure: bool,
}

impl Cookies {
    /// The session secret of a request, and the `Set-Cookie` value that gives a new one to a
    /// browser that has none.
    pub fn session_of(self, headers: &HeaderMap) -> Result<(String, Option<String>), ApiError> {
        if let Some(session) = session(headers) {
            return Ok((session, None));
        }
        let session = new_secret()?;
        let cookie = Cookie::build((SESSION_COOKIE, session.clone()))
            .path("/")
            .http_only(true)
            .same_site(SameSite::Lax)
            .max_age(time::Duration::days(365))
            .secure(self.secure);
        Ok((session, Some(cookie.to_string())))
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

/// The secrets a request presents for game `id`: the bearer token, and the secrets of both
/// seats derived from its session cookie.
pub fn presented(headers: &HeaderMap, id: &str) -> Vec<String> {
    let mut secrets = bearer_tokens(headers);
    if let Some(session) = session(headers) {
        secrets.extend([Side::White, Side::Black].map(|side| seat_secret(&session, id, side)));
    }
    secrets
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_session_cookie_is_secure_behind_https_and_derives_a_secret_per_seat() {
        let (session, cookie) =
            Cookies { secure: true }.session_of(&HeaderMap::new()).expect("random numbers");
        let cookie = cookie.expect("a new cookie");
        assert!(cookie.contains("; Secure") && cookie.contains("; HttpOnly"), "{cookie}");
        assert!(cookie.contains("SameSite=Lax") && cookie.contains("Path=/"), "{cookie}");
        let (_, plain) =
            Cookies { secure: false }.session_of(&HeaderMap::new()).expect("random numbers");
        assert!(!plain.expect("a new cookie").contains("Secure"));
        let mut headers = HeaderMap::new();
        let sent = format!("theme=dark; {SESSION_COOKIE}={session}");
        headers.insert("cookie", sent.parse().expect("a header"));
        assert_eq!(
            Cookies::default().session_of(&headers).expect("a session"),
            (session.clone(), None)
        );
        let white = seat_secret(&session, "abc", Side::White);
        assert_ne!(white, seat_secret(&session, "abc", Side::Black));
        assert_ne!(white, seat_secret(&session, "abd", Side::White));
        assert_eq!(presented(&headers, "abc"), [white, seat_secret(&session, "abc", Side::Black)]);
        headers.insert("cookie", format!("{SESSION_COOKIE}=not-hex").parse().expect("a header"));
        assert_eq!(super::session(&headers), None, "a cookie the server did not make is ignored");
    }
}
