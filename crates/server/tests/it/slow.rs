//! Clients that send slowly or not at all, over real TCP: a request's body that trickles in,
//! a body shorter than its `Content-Length`, and a kept-alive connection left silent are each
//! cut off at their bound, and the server answers others meanwhile.

use std::net::SocketAddr;
use std::time::Duration;

use reqwest::StatusCode;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;

use crate::common::{config, databases, serve};

/// How long a test waits for the server before it calls it hung: far above every bound here.
const HANG: Duration = Duration::from_secs(30);

/// A server whose bounds on a request's headers and body are `bound`.
async fn a_server(bound: Duration) -> (SocketAddr, tokio::task::JoinHandle<()>) {
    let limits = arbiter_server::Limits {
        header_timeout: bound,
        body_timeout: bound,
        ..arbiter_server::Limits::default()
    };
    let database = databases().remove(0);
    let config = arbiter_server::Config { limits, ..config(&database) };
    let (addr, serving) = serve(config).await;
    // The database's folder is kept as long as the server runs.
    (addr, tokio::spawn(async move { drop((serving.await, database)) }))
}

/// The headers of a game's creation whose body is `length` bytes long.
fn creation_headers(length: usize) -> String {
    format!(
        "POST /api/games HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n\
         Content-Length: {length}\r\n\r\n"
    )
}

/// What the server sends on `stream` until it closes it.
async fn until_closed(stream: &mut TcpStream) -> String {
    let mut answer = Vec::new();
    let read = tokio::time::timeout(HANG, stream.read_to_end(&mut answer))
        .await
        .expect("the server closes the connection");
    assert!(read.is_ok() || !answer.is_empty(), "{read:?}");
    String::from_utf8_lossy(&answer).into_owned()
}

/// A body sent a byte at a time, slower than its bound allows, is answered `408` and its
/// connection closed, while the bytes still trickle in; a normal request is served meanwhile.
#[tokio::test]
async fn a_body_that_trickles_in_is_cut_off() {
    let (addr, serving) = a_server(Duration::from_millis(500)).await;
    let body = br#"{"game": "checkers", "white": "human", "black": "human"}"#;
    let mut stream = TcpStream::connect(addr).await.expect("a connection");
    stream.write_all(creation_headers(body.len()).as_bytes()).await.expect("sent");
    let trickle = async {
        for byte in body {
            if stream.write_all(&[*byte]).await.is_err() {
                return;
            }
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
    };
    let normal = async {
        let client = reqwest::Client::new();
        let health = client.get(format!("http://{addr}/api/health")).send().await;
        assert_eq!(health.expect("sent").status(), StatusCode::OK);
    };
    tokio::join!(trickle, normal);
    let answer = until_closed(&mut stream).await;
    assert!(answer.starts_with("HTTP/1.1 408"), "{answer}");
    assert!(answer.contains("did not all come"), "{answer}");
    serving.abort();
}

/// A `Content-Length` larger than the body sent, then silence: `408`, and the connection is
/// closed.
#[tokio::test]
async fn a_body_shorter_than_its_length_is_cut_off() {
    let (addr, serving) = a_server(Duration::from_millis(300)).await;
    let mut stream = TcpStream::connect(addr).await.expect("a connection");
    stream.write_all(creation_headers(1000).as_bytes()).await.expect("sent");
    stream.write_all(br#"{"game": "checkers""#).await.expect("sent");
    let answer = until_closed(&mut stream).await;
    assert!(answer.starts_with("HTTP/1.1 408"), "{answer}");
    serving.abort();
}

/// A kept-alive connection on which no new request begins is closed once the bound passes;
/// the request before it was answered in full.
#[tokio::test]
async fn a_silent_connection_is_closed() {
    let (addr, serving) = a_server(Duration::from_millis(300)).await;
    let mut stream = TcpStream::connect(addr).await.expect("a connection");
    stream.write_all(b"GET /api/health HTTP/1.1\r\nHost: x\r\n\r\n").await.expect("sent");
    let answer = until_closed(&mut stream).await;
    assert!(answer.starts_with("HTTP/1.1 200"), "{answer}");
    serving.abort();
}
