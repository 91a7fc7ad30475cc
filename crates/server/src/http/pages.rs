//! The browser pages: plain HTML, CSS and ES modules with hand-drawn SVG boards, embedded in
//! the binary so that `arbiter serve` alone gives a person every game. The pages hold no rules:
//! they draw the board from the state the API sends and narrow its legal moves' clicks.
//!
//! - `/`: the games of the catalog, the new-game form and the lobby of open challenges;
//! - `/games`: the games stored on this server;
//! - `/my`: the games this browser plays;
//! - `/games/{id}`: a game's page, to play or to watch;
//! - `/join/{id}/{side}/{token}`: an invitation link's page, to take the seat it offers;
//! - `/tournaments`, `/tournaments/{id}`: the tournaments, and one with its live standings;
//! - `/rules/{game}`: a game's rules, written for players from `docs/rules.md`, with diagrams
//!   the board code draws from positions the API sends (`/api/catalog/{game}/position`);
//! - `/assets/…`: the style sheet, the scripts and the icon.
//!
//! Every file carries an entity tag, a hash of its text computed when the binary is built, and
//! `Cache-Control: no-cache`: a browser keeps it and asks again with `If-None-Match`, which a
//! `304 Not Modified` with no body answers until the binary changes. A client that accepts
//! Brotli gets the file as the build compressed it, at Brotli's best quality, and without the
//! lines of its scripts and style sheets that are only comments (`build.rs`); any other client
//! gets that text as the router's compression layer compresses it (see `api::routes`).
//!
//! The move list's navigation asks the API for each position
//! (`/api/games/{id}/replay/{ply}`): the page cannot compute one itself.

use arbiter_core::text::excerpt;
use axum::extract::{Path, State};
use axum::http::{header, HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use axum::Router;

use super::AppState;
use crate::error::ApiError;

/// A file served as it is: its name (an asset's path under `/assets/`, a page's route), content
/// type, text, the text compressed with Brotli, and entity tag.
struct File {
    name: &'static str,
    content_type: &'static str,
    text: &'static str,
    brotli: &'static [u8],
    tag: u64,
}

/// FNV-1a, 64 bits: a hash a `const` can compute, so that each file's entity tag is made when
/// the binary is built. (Collisions between two versions of one file are what would matter,
/// and 64 bits make them negligible.)
const fn fnv1a(text: &str) -> u64 {
    let bytes = text.as_bytes();
    let mut hash: u64 = 0xcbf2_9ce4_8422_2325;
    let mut index = 0;
    while index < bytes.len() {
        hash ^= bytes[index] as u64;
        hash = hash.wrapping_mul(0x0100_0000_01b3);
        index += 1;
    }
    hash
}

/// The [`File`] of `pages/PATH` as the build made it to be served, under `NAME` as `TYPE`.
macro_rules! file {
    ($name:literal, $content_type:expr) => {
        file!($name, concat!("assets/", $name), $content_type)
    };
    ($name:literal, $path:expr, $content_type:expr) => {{
        const TEXT: &str = include_str!(concat!(env!("OUT_DIR"), "/pages/", $path));
        File {
            name: $name,
            content_type: $content_type,
            text: TEXT,
            brotli: include_bytes!(concat!(env!("OUT_DIR"), "/pages/", $path, ".br")),
            tag: fnv1a(TEXT),
        }
    }};
}

/// The [`File`] of game `ID`'s rules page: `pages/rules/ID.html` between the top and the bottom
/// every rules page shares, as the build composes it.
macro_rules! rules {
    ($id:literal) => {{
        const TEXT: &str = include_str!(concat!(env!("OUT_DIR"), "/rules/", $id, ".html"));
        File {
            name: $id,
            content_type: HTML,
            text: TEXT,
            brotli: include_bytes!(concat!(env!("OUT_DIR"), "/rules/", $id, ".html.br")),
            tag: fnv1a(TEXT),
        }
    }};
}

const JS: &str = "text/javascript; charset=utf-8";
const HTML: &str = "text/html; charset=utf-8";

/// Every asset; the pages name them by these paths.
const ASSETS: &[File] = &[
    file!("style.css", "text/css; charset=utf-8"),
    file!("players.css", "text/css; charset=utf-8"),
    file!("menu.css", "text/css; charset=utf-8"),
    file!("account.js", JS),
    file!("analysis.js", JS),
    file!("animate.js", JS),
    file!("announce.js", JS),
    file!("sounds.js", JS),
    file!("api.js", JS),
    file!("board.js", JS),
    file!("entry.js", JS),
    file!("explore.js", JS),
    file!("review.js", JS),
    file!("game.js", JS),
    file!("home.js", JS),
    file!("join.js", JS),
    file!("keys.js", JS),
    file!("leaderboard.js", JS),
    file!("list.js", JS),
    file!("lobby.js", JS),
    file!("menu.js", JS),
    file!("clocks.js", JS),
    file!("movelist.js", JS),
    file!("movebuttons.js", JS),
    file!("movebuttons.css", "text/css; charset=utf-8"),
    file!("offers.js", JS),
    file!("mine.js", JS),
    file!("profile.js", JS),
    file!("premove.js", JS),
    file!("prompts.js", JS),
    file!("quick.js", JS),
    file!("rules.js", JS),
    file!("theme.js", JS),
    file!("tools.js", JS),
    file!("typed.js", JS),
    file!("who.js", JS),
    file!("seeking.js", JS),
    file!("tournaments.css", "text/css; charset=utf-8"),
    file!("tournaments.js", JS),
    file!("tournament.js", JS),
    file!("ingame.js", JS),
    file!("import.js", JS),
    file!("icon.svg", "image/svg+xml"),
];

const HOME: File = file!("/", "index.html", HTML);
const LIST: File = file!("/games", "games.html", HTML);
const MINE: File = file!("/my", "mine.html", HTML);
const ACCOUNT: File = file!("/account", "account.html", HTML);
const PROFILE: File = file!("/@/{name}", "profile.html", HTML);
const LEADERBOARD: File = file!("/leaderboard", "leaderboard.html", HTML);
const ANALYSIS: File = file!("/analysis", "analysis.html", HTML);
const GAME: File = file!("/games/{id}", "game.html", HTML);
const TOURNAMENTS: File = file!("/tournaments", "tournaments.html", HTML);
const TOURNAMENT: File = file!("/tournaments/{id}", "tournament.html", HTML);
const JOIN: File = file!("/join/{id}/{side}/{token}", "join.html", HTML);
const MISSING: File = file!("", "missing.html", HTML);

/// The rules page of every game of the catalog, by its identifier.
const RULES: &[File] = &[
    rules!("minicheckers"),
    rules!("holes"),
    rules!("fanorona"),
    rules!("checkers"),
    rules!("daynight"),
];

pub(crate) fn routes() -> Router<AppState> {
    Router::new()
        .route("/", get(|headers: HeaderMap| async move { serve(&HOME, &headers) }))
        .route("/games", get(|headers: HeaderMap| async move { serve(&LIST, &headers) }))
        .route("/my", get(|headers: HeaderMap| async move { serve(&MINE, &headers) }))
        .route("/account", get(|headers: HeaderMap| async move { serve(&ACCOUNT, &headers) }))
        .route("/@/{name}", get(profile_page))
        .route(
            "/leaderboard",
            get(|headers: HeaderMap| async move { serve(&LEADERBOARD, &headers) }),
        )
        .route("/analysis", get(|headers: HeaderMap| async move { serve(&ANALYSIS, &headers) }))
        .route("/games/{id}", get(game_page))
        .route(
            "/tournaments",
            get(|headers: HeaderMap| async move { serve(&TOURNAMENTS, &headers) }),
        )
        .route("/tournaments/{id}", get(tournament_page))
        .route("/join/{id}/{side}/{token}", get(join_page))
        .route("/rules/{game}", get(rules_page))
        .route("/assets/{name}", get(asset))
}

/// A game's rules; a game the catalog does not have gets the page that says so, with a 404.
async fn rules_page(Path(game): Path<String>, headers: HeaderMap) -> Response {
    match RULES.iter().find(|page| page.name == game) {
        Some(page) => serve(page, &headers),
        None => missing(),
    }
}

/// A tournament; for one that does not exist, the page that says so, with a 404.
async fn tournament_page(
    State(state): State<AppState>,
    Path(id): Path<String>,
    headers: HeaderMap,
) -> Response {
    match state.tournaments.view(&id).await {
        Err(ApiError::NotFound(_)) => missing(),
        _ => serve(&TOURNAMENT, &headers),
    }
}

/// A player's profile; for a name no player has, the same page (which says so) with a 404.
async fn profile_page(
    State(state): State<AppState>,
    Path(name): Path<String>,
    headers: HeaderMap,
) -> Response {
    if let Ok(false) = state.accounts.exists(&name).await {
        // The whole page, never a 304: the 404 must reach the browser.
        let mut fresh = headers;
        fresh.remove(header::IF_NONE_MATCH);
        let mut response = serve(&PROFILE, &fresh);
        *response.status_mut() = StatusCode::NOT_FOUND;
        return response;
    }
    serve(&PROFILE, &headers)
}

/// The page that says there is no such game, with a 404.
fn missing() -> Response {
    let mut response = serve(&MISSING, &HeaderMap::new());
    *response.status_mut() = StatusCode::NOT_FOUND;
    response
}

/// A game's page; a game that does not exist gets a page that says so, with a 404. The board,
/// which the page asks of the catalog once it has the game's state, is asked for at once
/// (`Link: <…>; rel=preload`): the browser fetches it beside the page's scripts, a round trip
/// earlier.
async fn game_page(
    State(state): State<AppState>,
    Path(id): Path<String>,
    headers: HeaderMap,
) -> Response {
    match state.games.state(&id, &[]).await {
        Err(ApiError::NotFound(_)) => missing(),
        Err(_) => serve(&GAME, &headers),
        Ok(game) => {
            let mut response = serve(&GAME, &headers);
            let link = format!(
                "</api/catalog/{}/geometry?options={}>; rel=preload; as=fetch; crossorigin=anonymous",
                form_encoded(&game.game),
                form_encoded(&game.options)
            );
            if let Ok(value) = header::HeaderValue::from_str(&link) {
                response.headers_mut().insert(header::LINK, value);
            }
            response
        }
    }
}

/// `text` as a URL's query writes it (`application/x-www-form-urlencoded`, as a browser's
/// `URLSearchParams` does), so that the page's request for the board is the one preloaded.
fn form_encoded(text: &str) -> String {
    let mut encoded = String::new();
    for byte in text.bytes() {
        match byte {
            b'a'..=b'z' | b'A'..=b'Z' | b'0'..=b'9' | b'*' | b'-' | b'.' | b'_' => {
                encoded.push(char::from(byte));
            }
            b' ' => encoded.push('+'),
            _ => encoded.push_str(&format!("%{byte:02X}")),
        }
    }
    encoded
}

/// An invitation link's page: it shows the game and the seat, and takes the seat only when
/// the friend presses its button (`POST /api/games/{id}/join`), so that opening the link
/// (a `HEAD`, a link previewer) changes nothing.
async fn join_page(
    State(state): State<AppState>,
    Path((id, _, _)): Path<(String, String, String)>,
    headers: HeaderMap,
) -> Response {
    page_of_game(&state, &id, &JOIN, &headers).await
}

/// `page`, or the page that says game `id` does not exist, with a 404.
async fn page_of_game(
    state: &AppState,
    id: &str,
    page: &'static File,
    headers: &HeaderMap,
) -> Response {
    match state.games.state(id, &[]).await {
        Err(ApiError::NotFound(_)) => missing(),
        _ => serve(page, headers),
    }
}

async fn asset(Path(name): Path<String>, headers: HeaderMap) -> Result<Response, ApiError> {
    let asset = ASSETS
        .iter()
        .find(|asset| asset.name == name)
        .ok_or_else(|| ApiError::NotFound(format!("there is no asset `{}`", excerpt(&name))))?;
    Ok(serve(asset, &headers))
}

/// `file`, or `304 Not Modified` when the request's `If-None-Match` names its tag.
fn serve(file: &'static File, request: &HeaderMap) -> Response {
    let tag = format!("\"{:016x}\"", file.tag);
    let fresh = request
        .get_all(header::IF_NONE_MATCH)
        .iter()
        .filter_map(|value| value.to_str().ok())
        .flat_map(|value| value.split(','))
        .any(|named| named.trim().trim_start_matches("W/") == tag || named.trim() == "*");
    let headers = [
        (header::CONTENT_TYPE, file.content_type.to_owned()),
        (header::CACHE_CONTROL, "no-cache".to_owned()),
        (header::ETAG, tag),
        (header::VARY, header::ACCEPT_ENCODING.as_str().to_owned()),
    ];
    if fresh {
        (StatusCode::NOT_MODIFIED, headers).into_response()
    } else if accepts_brotli(request) {
        (headers, [(header::CONTENT_ENCODING, "br")], file.brotli).into_response()
    } else {
        (headers, file.text).into_response()
    }
}

/// Whether the request's `Accept-Encoding` accepts Brotli (`br`, with a weight above 0).
fn accepts_brotli(headers: &HeaderMap) -> bool {
    headers
        .get_all(header::ACCEPT_ENCODING)
        .iter()
        .filter_map(|value| value.to_str().ok())
        .flat_map(|value| value.split(','))
        .filter_map(|coding| {
            let mut parts = coding.split(';').map(str::trim);
            let name = parts.next()?;
            let weight = parts.find_map(|part| part.strip_prefix("q=")).unwrap_or("1");
            Some((name, weight.parse::<f32>().unwrap_or(0.0)))
        })
        .any(|(name, weight)| name.eq_ignore_ascii_case("br") && weight > 0.0)
}

#[cfg(test)]
mod tests {
    use arbiter_catalog::GameId;
    use axum::http::{header, HeaderMap, HeaderValue};

    use super::{accepts_brotli, ASSETS, HOME, RULES};

    #[test]
    fn brotli_is_sent_to_the_clients_that_accept_it() {
        let accepting = |value: &'static str| {
            let mut headers = HeaderMap::new();
            headers.insert(header::ACCEPT_ENCODING, HeaderValue::from_static(value));
            accepts_brotli(&headers)
        };
        assert!(accepting("gzip, deflate, br, zstd"));
        assert!(accepting("BR;q=0.5"));
        assert!(!accepting("gzip, br;q=0"));
        assert!(!accepting("gzip, brotli"));
        assert!(!accepts_brotli(&HeaderMap::new()));
    }

    #[test]
    fn every_file_compressed_gives_back_its_text() {
        for file in ASSETS.iter().chain(RULES).chain([&HOME]) {
            let mut text = Vec::new();
            brotli::BrotliDecompress(&mut &file.brotli[..], &mut text).expect("Brotli");
            assert!(text == file.text.as_bytes(), "{}", file.name);
        }
    }

    #[test]
    fn scripts_and_style_sheets_are_served_without_their_comment_lines_and_with_their_code() {
        // Served and source bytes.
        let mut sizes = (0, 0);
        for file in ASSETS.iter().filter(|file| !file.name.ends_with(".svg")) {
            let path = format!("{}/pages/assets/{}", env!("CARGO_MANIFEST_DIR"), file.name);
            let source = std::fs::read_to_string(&path).expect("the asset's source");
            let served: Vec<&str> = file.text.lines().collect();
            let lines: Vec<&str> = source.lines().collect();
            assert_eq!(served.len(), lines.len(), "{}: its lines keep their numbers", file.name);
            for (served, line) in served.iter().zip(lines) {
                // A line is served whole, or left out, or after the end of a comment it opens.
                let after_comment =
                    line.split_once("*/").is_some_and(|(_, rest)| rest.trim_start() == *served);
                assert!(
                    *served == line || served.is_empty() || after_comment,
                    "{}: {line:?} is served as {served:?}",
                    file.name
                );
                if file.name.ends_with(".js") {
                    assert!(!served.trim_start().starts_with("//"), "{}: {served:?}", file.name);
                }
            }
            sizes.0 += file.text.len();
            sizes.1 += source.len();
        }
        assert!(sizes.0 < sizes.1 * 9 / 10, "the comments are left out: {sizes:?}");
    }

    #[test]
    fn every_game_of_the_catalog_has_its_rules_page() {
        let pages: Vec<&str> = RULES.iter().map(|page| page.name).collect();
        let games: Vec<&str> = GameId::ALL.into_iter().map(GameId::id).collect();
        assert_eq!(pages, games);
    }
}
