//! The accounts' API: signing up, in and out, the account, its password, its deletion and its
//! API tokens. A browser signed in holds the account's session in the `arbiter_account`
//! cookie, a new secret at each sign-in; its anonymous session cookie is removed, the seats
//! it held carried to the account.

use axum::extract::rejection::JsonRejection;
use axum::extract::State;
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use axum::Json;
use serde::{Deserialize, Serialize};
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use super::credentials::{Presented, ACCOUNT_COOKIE, SESSION_COOKIE};
use super::extract::{body, with_cookie, BodyErrors, SentAsJson};
use super::AppState;
use crate::accounts::{AccountView, Session, Signed};
use crate::error::{ApiError, ErrorBody};
use crate::guard::Client;

pub(crate) fn routes() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(sign_up))
        .routes(routes!(sign_in))
        .routes(routes!(sign_out))
        .routes(routes!(account, delete))
        .routes(routes!(password))
        .routes(routes!(token))
}

/// A name and a password.
#[derive(Debug, Deserialize, utoipa::ToSchema)]
pub(crate) struct Credentials {
    /// The account's name: 2 to 20 letters, digits, `_` or `-`.
    name: String,
    /// The password: at least 8 characters.
    password: String,
}

/// The account signed in.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub(crate) struct SignedIn {
    /// The account's name.
    name: String,
}

/// A password, to confirm an account's deletion.
#[derive(Debug, Deserialize, utoipa::ToSchema)]
pub(crate) struct Confirmation {
    /// The account's password.
    password: String,
}

/// A new password, given the old.
#[derive(Debug, Deserialize, utoipa::ToSchema)]
pub(crate) struct NewPassword {
    /// The password now.
    old: String,
    /// The new password: at least 8 characters.
    new: String,
}

/// A new API token, shown this once.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub(crate) struct Token {
    /// The token, for `Authorization: Bearer TOKEN`: it acts as the account.
    token: String,
}

/// The account a request is signed in as, or `401`.
fn signed(presented: Presented) -> Result<Signed, ApiError> {
    presented.signed.ok_or_else(|| ApiError::Unauthorized("sign in first".to_owned()))
}

/// The answer to a sign-in: the account's name, the new session's cookie, and the anonymous
/// session's cookie removed.
fn signed_in(state: &AppState, status: StatusCode, session: Session) -> Response {
    let response = (status, Json(SignedIn { name: session.name })).into_response();
    let cookies = state.cookies;
    let response =
        with_cookie(response, Some(cookies.cookie(ACCOUNT_COOKIE, &session.secret, 365)));
    with_cookie(response, Some(cookies.cookie(SESSION_COOKIE, "", 0)))
}

/// Makes an account and signs in: the browser's anonymous seats and games become the
/// account's.
#[utoipa::path(post, path = "/api/account/signup", tag = "account", request_body = Credentials,
    responses(BodyErrors,
        (status = 201, description = "the account, signed in (the `arbiter_account` cookie)", body = SignedIn),
        (status = 400, description = "the name or the password is not acceptable, or the body is wrong", body = ErrorBody),
        (status = 413, description = "the body is too large", body = ErrorBody),
        (status = 415, description = "not sent as JSON", body = ErrorBody),
        (status = 409, description = "the name is taken", body = ErrorBody),
        (status = 503, description = "the database is unavailable: nothing was made", body = ErrorBody)))]
pub(crate) async fn sign_up(
    State(state): State<AppState>,
    presented: Presented,
    request: Result<Json<Credentials>, JsonRejection>,
) -> Result<Response, ApiError> {
    let request = body(request)?;
    let anonymous = presented.anonymous.as_deref();
    let session = state.accounts.sign_up(&request.name, &request.password, anonymous).await?;
    replaced(&state, &presented).await?;
    Ok(signed_in(&state, StatusCode::CREATED, session))
}

/// Signs in with a new session: the browser's anonymous seats and games become the
/// account's. An unknown name and a wrong password get the same answer.
#[utoipa::path(post, path = "/api/account/login", tag = "account", request_body = Credentials,
    responses(BodyErrors,
        (status = 200, description = "signed in (the `arbiter_account` cookie)", body = SignedIn),
        (status = 400, description = "the body is wrong", body = ErrorBody),
        (status = 413, description = "the body is too large", body = ErrorBody),
        (status = 415, description = "not sent as JSON", body = ErrorBody),
        (status = 401, description = "no account has this name and password", body = ErrorBody),
        (status = 429, description = "too many failed sign-ins for this name or address: `Retry-After` says when to try again", body = ErrorBody),
        (status = 503, description = "the database is unavailable", body = ErrorBody)))]
pub(crate) async fn sign_in(
    State(state): State<AppState>,
    client: Client,
    presented: Presented,
    request: Result<Json<Credentials>, JsonRejection>,
) -> Result<Response, ApiError> {
    let request = body(request)?;
    let anonymous = presented.anonymous.as_deref();
    // A request that came over no connection (a test's, through the router) has no address.
    let address = Some(client.0).filter(|address| !address.is_unspecified());
    let session =
        state.accounts.sign_in(&request.name, &request.password, anonymous, address).await?;
    replaced(&state, &presented).await?;
    Ok(signed_in(&state, StatusCode::OK, session))
}

/// Ends the session a browser signed in anew had: its cookie is replaced, and no secret is
/// left valid that nobody holds.
async fn replaced(state: &AppState, presented: &Presented) -> Result<(), ApiError> {
    match &presented.signed {
        Some(signed) => state.accounts.sign_out(signed).await,
        None => Ok(()),
    }
}

/// Signs out: the session ends, on every server.
#[utoipa::path(post, path = "/api/account/logout", tag = "account", security(("account" = [])),
    responses(
        (status = 204, description = "signed out (or was not signed in)"),
        (status = 415, description = "not sent as JSON", body = ErrorBody),
        (status = 503, description = "the database is unavailable", body = ErrorBody)))]
pub(crate) async fn sign_out(
    State(state): State<AppState>,
    _: SentAsJson,
    presented: Presented,
) -> Result<Response, ApiError> {
    if let Some(signed) = &presented.signed {
        state.accounts.sign_out(signed).await?;
    }
    let gone = state.cookies.cookie(ACCOUNT_COOKIE, "", 0);
    Ok(with_cookie(StatusCode::NO_CONTENT.into_response(), Some(gone)))
}

/// The account signed in, with its ratings.
#[utoipa::path(get, path = "/api/account", tag = "account", security(("account" = [])),
    responses(
        (status = 200, description = "the account", body = AccountView),
        (status = 401, description = "not signed in", body = ErrorBody),
        (status = 503, description = "the database is unavailable", body = ErrorBody)))]
pub(crate) async fn account(
    State(state): State<AppState>,
    presented: Presented,
) -> Result<Json<AccountView>, ApiError> {
    Ok(Json(state.accounts.view(&signed(presented)?.account).await?))
}

/// Deletes the account, given its password. Its games stay; its name is never used again.
#[utoipa::path(delete, path = "/api/account", tag = "account", security(("account" = [])),
    request_body = Confirmation,
    responses(BodyErrors,
        (status = 204, description = "the account is deleted, and signed out"),
        (status = 400, description = "the body is wrong", body = ErrorBody),
        (status = 413, description = "the body is too large", body = ErrorBody),
        (status = 415, description = "not sent as JSON", body = ErrorBody),
        (status = 401, description = "not signed in", body = ErrorBody),
        (status = 403, description = "the password is wrong", body = ErrorBody),
        (status = 503, description = "the database is unavailable: nothing was deleted", body = ErrorBody)))]
pub(crate) async fn delete(
    State(state): State<AppState>,
    presented: Presented,
    request: Result<Json<Confirmation>, JsonRejection>,
) -> Result<Response, ApiError> {
    let request = body(request)?;
    state.accounts.delete(&signed(presented)?, &request.password).await?;
    let gone = state.cookies.cookie(ACCOUNT_COOKIE, "", 0);
    Ok(with_cookie(StatusCode::NO_CONTENT.into_response(), Some(gone)))
}

/// Changes the password, given the old one; the account's other sessions end.
#[utoipa::path(post, path = "/api/account/password", tag = "account", security(("account" = [])),
    request_body = NewPassword,
    responses(BodyErrors,
        (status = 204, description = "the password is changed"),
        (status = 400, description = "the new password is not acceptable, or the body is wrong", body = ErrorBody),
        (status = 413, description = "the body is too large", body = ErrorBody),
        (status = 415, description = "not sent as JSON", body = ErrorBody),
        (status = 401, description = "not signed in", body = ErrorBody),
        (status = 403, description = "the old password is wrong", body = ErrorBody),
        (status = 503, description = "the database is unavailable: nothing was changed", body = ErrorBody)))]
pub(crate) async fn password(
    State(state): State<AppState>,
    presented: Presented,
    request: Result<Json<NewPassword>, JsonRejection>,
) -> Result<StatusCode, ApiError> {
    let request = body(request)?;
    state.accounts.change_password(&signed(presented)?, &request.old, &request.new).await?;
    Ok(StatusCode::NO_CONTENT)
}

/// A new API token for a program that plays as the account (`Authorization: Bearer TOKEN`:
/// creating games, seeking, accepting, moving). It is shown once; only its hash is kept.
#[utoipa::path(post, path = "/api/account/tokens", tag = "account", security(("account" = [])),
    responses(
        (status = 201, description = "the token", body = Token),
        (status = 401, description = "not signed in", body = ErrorBody),
        (status = 415, description = "not sent as JSON", body = ErrorBody),
        (status = 503, description = "the database is unavailable", body = ErrorBody)))]
pub(crate) async fn token(
    State(state): State<AppState>,
    _: SentAsJson,
    presented: Presented,
) -> Result<Response, ApiError> {
    let token = state.accounts.new_token(&signed(presented)?).await?;
    Ok((StatusCode::CREATED, Json(Token { token })).into_response())
}
