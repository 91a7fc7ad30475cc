//! The protocol over real HTTP on a local port: each request and its answer, ggp-base's
//! character-counted `Content-Length`, `busy`, `ABORT`, and malformed requests.

use std::io::{Read, Write};
use std::net::{TcpListener, TcpStream};
use std::time::Duration;

use arbiter_gdl::Game;
use arbiter_ggp::host::send;
use arbiter_ggp::sexpr::one_line;
use arbiter_ggp::{PlayerConfig, Server};

use crate::game_text;

/// A player on a free local port, thinking 50 ms a move; its address.
pub fn player(config: PlayerConfig) -> String {
    let listener = TcpListener::bind("127.0.0.1:0").expect("a local port");
    let address = listener.local_addr().expect("its address").to_string();
    let server = Server::new(config);
    std::thread::spawn(move || server.serve(&listener));
    address
}

pub fn quick() -> PlayerConfig {
    PlayerConfig { max_think: Some(Duration::from_millis(50)), ..PlayerConfig::default() }
}

fn ask(address: &str, body: &str) -> String {
    send(address, body, Duration::from_secs(5)).unwrap_or_else(|error| panic!("{body}: {error}"))
}

/// Sends raw bytes and reads whatever comes back until the player closes.
fn raw(address: &str, bytes: &[u8]) -> String {
    let mut stream = TcpStream::connect(address).expect("connected");
    stream.set_read_timeout(Some(Duration::from_secs(12))).expect("a timeout");
    stream.write_all(bytes).expect("sent");
    let mut answer = Vec::new();
    let _ = stream.read_to_end(&mut answer);
    String::from_utf8_lossy(&answer).into_owned()
}

fn post(body: &str, length: usize) -> Vec<u8> {
    format!("POST / HTTP/1.0\r\nContent-Type: text/acl\r\nContent-Length: {length}\r\n\r\n{body}")
        .into_bytes()
}

#[test]
fn a_match_from_start_to_stop() {
    let address = player(quick());
    let status = ask(&address, "( INFO )");
    assert_eq!(status, "( ( name arbiter ) ( status available ) ( species bot ) )");
    assert_eq!(ask(&address, "( PREVIEW (( role x ) ) 1 )"), "ready");
    let rules = one_line(&game_text("ticTacToe.kif")).expect("rules");
    let game = Game::from_kif(&rules).expect("a game");
    // A start clock of an hour: the player thinks its 50 ms cap, not the clock. One that
    // thought for its clock would not answer before `ask` gives up (its read timeout, a hang
    // guard), and the answer would not be `ready`.
    assert_eq!(ask(&address, &format!("( START m1 xplayer ({rules} ) 3600 1)")), "ready");
    assert!(ask(&address, "( INFO )").contains("( status busy )"));
    // Another host's match, and requests for another match, are answered busy.
    assert_eq!(ask(&address, &format!("( START m2 oplayer ({rules} ) 1 1)")), "busy");
    assert_eq!(ask(&address, "( PLAY m2 NIL )"), "busy");
    let first = ask(&address, "( PLAY m1 NIL )");
    let mv = game.parse_move(0, &first).expect("a move of the game");
    assert!(game.machine().is_legal(0, mv), "{first}");
    assert!(first.starts_with("( mark "), "printed as ggp-base prints: {first}");
    let second = ask(&address, &format!("( PLAY m1 ({first} noop ) )"));
    assert_eq!(second, "noop");
    assert_eq!(ask(&address, "( STOP m1 (noop ( mark 1 1 ) ) )"), "done");
    assert!(ask(&address, "( INFO )").contains("( status available )"));
    assert_eq!(ask(&address, "( STOP m1 NIL )"), "busy");
}

#[test]
fn abort_ends_the_match() {
    let address = player(quick());
    let rules = one_line(&game_text("ticTacToe.kif")).expect("rules");
    assert_eq!(ask(&address, &format!("( START m1 oplayer ({rules} ) 1 1)")), "ready");
    assert_eq!(ask(&address, "( ABORT m2 )"), "busy");
    assert_eq!(ask(&address, "( ABORT m1 )"), "aborted");
    assert_eq!(ask(&address, "( PLAY m1 NIL )"), "busy");
    assert_eq!(ask(&address, &format!("( START m3 oplayer ({rules} ) 1 1)")), "ready");
}

#[test]
fn rules_that_cannot_be_played_are_answered_busy() {
    let address = player(quick());
    assert_eq!(ask(&address, "( START m1 x (( role x ) (<= (legal x ?y)) ) 1 1)"), "busy");
    assert!(ask(&address, "( INFO )").contains("available"));
}

#[test]
fn content_length_in_characters_or_in_bytes() {
    let address = player(quick());
    let body = "( INFO ) ; é";
    let (characters, bytes) = (body.chars().count(), body.len());
    assert_eq!((characters, bytes), (12, 13));
    for length in [characters, bytes] {
        let answer = raw(&address, &post(body, length));
        assert!(answer.starts_with("HTTP/1.0 200 OK\r\n"), "{answer}");
        let expected = "( ( name arbiter ) ( status available ) ( species bot ) )";
        assert!(answer.contains(&format!("Content-length: {}\r\n", expected.len())), "{answer}");
        assert!(answer.ends_with(&format!("\r\n\r\n{expected}")), "{answer}");
    }
    // ggp-base's lower-case header name, and a GET with the message in its path.
    let answer = raw(&address, b"POST / HTTP/1.0\r\ncontent-length: 8\r\n\r\n( INFO )");
    assert!(answer.contains("status available"), "{answer}");
    let answer = raw(&address, b"GET /%28+INFO+%29 HTTP/1.0\r\n\r\n");
    assert!(answer.contains("status available"), "{answer}");
}

#[test]
fn malformed_requests_are_refused_and_the_player_goes_on() {
    let address = player(quick());
    let answer = raw(&address, &post("( JUMP m1 )", 11));
    assert!(answer.contains("error: unknown request `JUMP`"), "{answer}");
    let answer = raw(&address, &post("( START m1 )", 12));
    assert!(answer.contains("error: START: 1 arguments"), "{answer}");
    let answer = raw(&address, &post("( PLAY m1 NIL", 13));
    assert!(answer.contains("error: not an s-expression"), "{answer}");
    // Framing the player cannot read gets no answer: the connection is closed.
    assert_eq!(raw(&address, b"DELETE / HTTP/1.0\r\n\r\n"), "");
    assert_eq!(raw(&address, &post("( INFO )", 1 << 30)), "");
    assert_eq!(raw(&address, b"POST / HTTP/1.0\r\nContent-Length: ten\r\n\r\n( INFO )"), "");
    let huge_header = format!("POST / HTTP/1.0\r\nX: {}\r\n\r\n", "a".repeat(20_000));
    assert_eq!(raw(&address, huge_header.as_bytes()), "");
    assert!(ask(&address, "( INFO )").contains("available"));
}
