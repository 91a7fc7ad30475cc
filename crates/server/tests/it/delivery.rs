//! How the pages are delivered: compressed as the client accepts, and revalidated by their
//! entity tags with a `304` that carries no body.

use std::io::Read;

use reqwest::header::{
    HeaderName, ACCEPT_ENCODING, CACHE_CONTROL, CONTENT_ENCODING, ETAG, IF_NONE_MATCH,
};
use reqwest::{Client, Response, StatusCode};

use crate::common::{databases, Server};

/// What a browser fetches to show a game: the page (of a game that exists), its style and its
/// scripts, and the state as JSON; and a rules page.
const FETCHED: &[&str] =
    &["/", "/assets/style.css", "/assets/game.js", "/assets/board.js", "/rules/checkers"];

/// `GET path` with the request headers `headers`.
async fn fetch(server: &Server, path: &str, headers: &[(HeaderName, &str)]) -> Response {
    let mut request = Client::new().get(server.url(path));
    for (name, value) in headers {
        request = request.header(name, *value);
    }
    request.send().await.expect("sent")
}

#[tokio::test]
async fn pages_and_json_are_compressed_as_the_client_accepts() {
    let database = databases().remove(0);
    let server = Server::start(&database).await;
    let client = Client::new();
    let created = server.create(&client, "checkers", "human", "human").await;
    let id = created["id"].as_str().expect("an id");
    let game_page = format!("/games/{id}");
    let state = format!("/api/games/{id}");
    for path in FETCHED.iter().copied().chain([game_page.as_str(), state.as_str()]) {
        let plain = fetch(&server, path, &[]).await;
        assert_eq!(plain.status(), StatusCode::OK, "{path}");
        assert!(plain.headers().get(CONTENT_ENCODING).is_none(), "{path}: not asked to compress");
        let plain = plain.bytes().await.expect("a body");

        let gzip = fetch(&server, path, &[(ACCEPT_ENCODING, "gzip")]).await;
        assert_eq!(gzip.headers()[CONTENT_ENCODING], "gzip", "{path}");
        let packed = gzip.bytes().await.expect("a body");
        assert!(
            packed.len() < plain.len(),
            "{path}: {} bytes, {} plain",
            packed.len(),
            plain.len()
        );
        let mut unpacked = Vec::new();
        flate2::read::GzDecoder::new(&packed[..]).read_to_end(&mut unpacked).expect("gzip");
        assert_same(path, &unpacked, &plain);

        let brotli = fetch(&server, path, &[(ACCEPT_ENCODING, "gzip, deflate, br")]).await;
        assert_eq!(brotli.headers()[CONTENT_ENCODING], "br", "{path}: Brotli is preferred");
        let packed = brotli.bytes().await.expect("a body");
        let mut unpacked = Vec::new();
        brotli::BrotliDecompress(&mut &packed[..], &mut unpacked).expect("Brotli");
        assert_same(path, &unpacked, &plain);
    }
}

/// Checks that `unpacked` is what the server sends `path` as uncompressed, `plain`.
fn assert_same(path: &str, unpacked: &[u8], plain: &[u8]) {
    if path.starts_with("/api/") {
        // The seats are a map, whose keys come in any order: the JSON is compared.
        let value =
            |bytes: &[u8]| serde_json::from_slice::<serde_json::Value>(bytes).expect("json");
        assert_eq!(value(unpacked), value(plain), "{path}: the state comes back");
    } else {
        assert!(unpacked == plain, "{path}: the text comes back");
    }
}

#[tokio::test]
async fn a_file_the_browser_has_is_answered_304_without_a_body() {
    let database = databases().remove(0);
    let server = Server::start(&database).await;
    let client = Client::new();
    let created = server.create(&client, "holes", "human", "human").await;
    let game_page = format!("/games/{}", created["id"].as_str().expect("an id"));
    for path in FETCHED.iter().copied().chain([game_page.as_str()]) {
        let first = fetch(&server, path, &[]).await;
        assert_eq!(first.status(), StatusCode::OK, "{path}");
        assert_eq!(first.headers()[CACHE_CONTROL], "no-cache", "{path}: revalidated each time");
        let tag = first.headers()[ETAG].to_str().expect("text").to_owned();
        assert!(tag.starts_with('"'), "{path}: a strong tag {tag:?}");

        let again =
            fetch(&server, path, &[(IF_NONE_MATCH, &tag), (ACCEPT_ENCODING, "gzip, br")]).await;
        assert_eq!(again.status(), StatusCode::NOT_MODIFIED, "{path}");
        assert_eq!(again.headers()[ETAG], tag, "{path}");
        assert!(again.bytes().await.expect("a body").is_empty(), "{path}: no body");

        let other = fetch(&server, path, &[(IF_NONE_MATCH, "\"0000000000000000\"")]).await;
        assert_eq!(other.status(), StatusCode::OK, "{path}: another version is sent in full");
    }
    let missing = fetch(&server, "/games/nosuchgame", &[]).await;
    assert_eq!(missing.status(), StatusCode::NOT_FOUND);
}
