//! HTTP/1.0 as ggp-base's hosts and players speak it (`HttpWriter`, `HttpReader`): one request
//! per connection, a `text/acl` body, and the connection closed after the answer.
//!
//! ggp-base writes `Content-Length` as the body's length in Java characters (UTF-16 units), not
//! in bytes, and reads that many characters back. For ASCII the two agree. A body with other
//! characters is longer in bytes than ggp-base announces, so after the announced number of
//! bytes the reader here goes on, for at most [`CHARACTER_GRACE`], until the body holds that
//! many characters: both a byte count and ggp-base's character count are read whole. Every
//! read is bounded: the header by [`MAX_HEADER`], the body by [`MAX_BODY`], the whole message
//! by the caller's deadline.

use std::io::{Read, Write};
use std::net::TcpStream;
use std::time::{Duration, Instant};

use crate::error::HttpError;

/// The longest header accepted, request or status line included.
pub const MAX_HEADER: usize = 16 * 1024;
/// The longest body accepted: a description of ggp-base's repository is at most some 100 KiB.
pub const MAX_BODY: usize = 4 * 1024 * 1024;
/// How long the reader waits past the announced length for a body whose length counted
/// characters rather than bytes.
pub const CHARACTER_GRACE: Duration = Duration::from_millis(200);

/// What a request carried.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Incoming {
    /// A message, in the body of a `POST` or the path of a `GET` (as ggp-base reads both).
    Message(String),
    /// A browser's `OPTIONS` before a cross-origin request: answered with an empty body.
    Options,
}

/// Reads one request from `stream` before `deadline`.
///
/// # Errors
///
/// [`HttpError`]: a broken or slow connection, a header or body over its bound, a malformed
/// header, or a method other than `POST`, `GET` and `OPTIONS`.
pub fn read_request(stream: &mut TcpStream, deadline: Instant) -> Result<Incoming, HttpError> {
    let (head, rest) = read_head(stream, deadline)?;
    let first = head.lines().next().unwrap_or_default();
    let method = first.split(' ').next().unwrap_or_default().to_ascii_uppercase();
    match method.as_str() {
        "POST" => Ok(Incoming::Message(read_body(stream, rest, &head, deadline)?)),
        "GET" => {
            let path = first.split(' ').nth(1).unwrap_or_default();
            Ok(Incoming::Message(percent_decode(path.trim_start_matches('/'))?.replace('\r', " ")))
        }
        "OPTIONS" => Ok(Incoming::Options),
        _ => Err(HttpError::Header(format!(
            "the request line `{first}`: expected POST, GET or OPTIONS"
        ))),
    }
}

/// Reads one response from `stream` before `deadline`: its body, trimmed.
///
/// # Errors
///
/// As [`read_request`].
pub fn read_response(stream: &mut TcpStream, deadline: Instant) -> Result<String, HttpError> {
    let (head, rest) = read_head(stream, deadline)?;
    let first = head.lines().next().unwrap_or_default();
    if !first.to_ascii_uppercase().starts_with("HTTP/") {
        return Err(HttpError::Header(format!("the status line `{first}`: expected HTTP/1.x")));
    }
    read_body(stream, rest, &head, deadline)
}

/// Writes a player's answer as ggp-base's `HttpWriter.writeAsServer` does, with the length
/// in bytes.
///
/// # Errors
///
/// The connection's error.
pub fn write_response(stream: &mut TcpStream, body: &str) -> Result<(), HttpError> {
    let text = format!(
        "HTTP/1.0 200 OK\r\nContent-type: text/acl\r\nContent-length: {}\r\n\
         Access-Control-Allow-Origin: *\r\nAccess-Control-Allow-Methods: POST, GET, OPTIONS\r\n\
         Access-Control-Allow-Headers: Content-Type\r\nAccess-Control-Allow-Age: 86400\r\n\r\n{body}",
        body.len()
    );
    stream.write_all(text.as_bytes())?;
    stream.flush()?;
    Ok(())
}

/// Writes a host's request as ggp-base's `HttpWriter.writeAsClient` does, with the length in
/// bytes.
///
/// # Errors
///
/// The connection's error.
pub fn write_request(
    stream: &mut TcpStream,
    host: &str,
    receiver: &str,
    body: &str,
) -> Result<(), HttpError> {
    let text = format!(
        "POST / HTTP/1.0\r\nAccept: text/delim\r\nHost: {host}\r\nSender: GAMESERVER\r\n\
         Receiver: {receiver}\r\nContent-Type: text/acl\r\nContent-Length: {}\r\n\r\n{body}",
        body.len()
    );
    stream.write_all(text.as_bytes())?;
    stream.flush()?;
    Ok(())
}

/// Reads into `buffer` once, waiting until `deadline` at most; `Ok(0)` at the end of the stream.
fn read_some(
    stream: &mut TcpStream,
    buffer: &mut [u8],
    deadline: Instant,
) -> Result<usize, HttpError> {
    let left = deadline.saturating_duration_since(Instant::now());
    if left.is_zero() {
        return Err(HttpError::Timeout);
    }
    stream.set_read_timeout(Some(left))?;
    match stream.read(buffer) {
        Ok(count) => Ok(count),
        Err(error)
            if matches!(
                error.kind(),
                std::io::ErrorKind::WouldBlock | std::io::ErrorKind::TimedOut
            ) =>
        {
            Err(HttpError::Timeout)
        }
        Err(error) => Err(HttpError::Io(error)),
    }
}

/// The header (up to the blank line, as text) and the bytes read after it.
fn read_head(stream: &mut TcpStream, deadline: Instant) -> Result<(String, Vec<u8>), HttpError> {
    let mut bytes = Vec::new();
    let mut chunk = [0u8; 4096];
    loop {
        if let Some((end, skip)) = header_end(&bytes) {
            if end > MAX_HEADER {
                return Err(HttpError::Header(format!("longer than {MAX_HEADER} bytes")));
            }
            let head = String::from_utf8_lossy(&bytes[..end]).into_owned();
            return Ok((head, bytes[end + skip..].to_vec()));
        }
        if bytes.len() > MAX_HEADER {
            return Err(HttpError::Header(format!("longer than {MAX_HEADER} bytes")));
        }
        let count = read_some(stream, &mut chunk, deadline)?;
        if count == 0 {
            return Err(HttpError::Header("the connection closed within the header".into()));
        }
        bytes.extend_from_slice(&chunk[..count]);
    }
}

/// Where the header ends (the blank line) and the length of the blank line's marker; ggp-base
/// reads lines, so a bare `\n\n` ends it too.
fn header_end(bytes: &[u8]) -> Option<(usize, usize)> {
    let crlf = bytes.windows(4).position(|window| window == b"\r\n\r\n").map(|at| (at, 4));
    let lf = bytes.windows(2).position(|window| window == b"\n\n").map(|at| (at, 2));
    match (crlf, lf) {
        (Some(a), Some(b)) => Some(if a.0 <= b.0 { a } else { b }),
        (a, b) => a.or(b),
    }
}

/// The `Content-Length` of a header, if it has one.
fn content_length(head: &str) -> Result<Option<usize>, HttpError> {
    for line in head.lines().skip(1) {
        let Some((name, value)) = line.split_once(':') else { continue };
        if name.trim().eq_ignore_ascii_case("content-length") {
            let value = value.trim();
            return value.parse().map(Some).map_err(|_| {
                HttpError::Header(format!("Content-Length `{value}` is not a number of bytes"))
            });
        }
    }
    Ok(None)
}

/// The body: `Content-Length` bytes (or characters, see the module's documentation), or, with
/// no length, everything until the other side closes.
fn read_body(
    stream: &mut TcpStream,
    mut bytes: Vec<u8>,
    head: &str,
    deadline: Instant,
) -> Result<String, HttpError> {
    let length = content_length(head)?;
    if let Some(length) = length.filter(|&length| length > MAX_BODY) {
        return Err(HttpError::TooLarge { length, limit: MAX_BODY });
    }
    let mut chunk = [0u8; 16 * 1024];
    let mut grace: Option<Instant> = None;
    loop {
        if bytes.len() > MAX_BODY {
            return Err(HttpError::TooLarge { length: bytes.len(), limit: MAX_BODY });
        }
        if let Some(length) = length {
            if bytes.len() >= length {
                if characters(&bytes) >= length {
                    break;
                }
                // Fewer characters than announced: perhaps ggp-base's count. Wait a little.
                let until = *grace.get_or_insert_with(|| Instant::now() + CHARACTER_GRACE);
                match read_some(stream, &mut chunk, until.min(deadline)) {
                    Ok(0) | Err(HttpError::Timeout) => break,
                    Ok(count) => bytes.extend_from_slice(&chunk[..count]),
                    Err(error) => return Err(error),
                }
                continue;
            }
        }
        let count = read_some(stream, &mut chunk, deadline)?;
        if count == 0 {
            if length.is_some() {
                return Err(HttpError::Header("the connection closed within the body".into()));
            }
            break;
        }
        bytes.extend_from_slice(&chunk[..count]);
    }
    let mut text = String::from_utf8(bytes).map_err(|_| HttpError::NotText)?;
    if let Some(length) = length {
        truncate_to_characters(&mut text, length);
    }
    Ok(text.trim().to_owned())
}

/// The number of UTF-16 units (Java's characters) of the longest UTF-8 prefix of `bytes`.
fn characters(bytes: &[u8]) -> usize {
    let valid = match std::str::from_utf8(bytes) {
        Ok(text) => text,
        Err(error) => std::str::from_utf8(&bytes[..error.valid_up_to()]).unwrap_or_default(),
    };
    valid.encode_utf16().count()
}

/// Cuts `text` to the longer of `length` bytes and `length` UTF-16 units: what either count
/// announced, never past a character's middle.
fn truncate_to_characters(text: &mut String, length: usize) {
    let mut units = 0;
    let mut end = text.len();
    for (at, character) in text.char_indices() {
        if units >= length && at >= length {
            end = at;
            break;
        }
        units += character.len_utf16();
    }
    text.truncate(end);
}

/// Decodes `%XX` escapes and `+` (Java's `URLEncoder`).
fn percent_decode(text: &str) -> Result<String, HttpError> {
    let bytes = text.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut index = 0;
    while let Some(&byte) = bytes.get(index) {
        match byte {
            b'+' => out.push(b' '),
            b'%' => {
                let hex =
                    text.get(index + 1..index + 3).and_then(|hex| u8::from_str_radix(hex, 16).ok());
                out.push(
                    hex.ok_or_else(|| HttpError::Header(format!("a bad escape in `{text}`")))?,
                );
                index += 2;
            }
            _ => out.push(byte),
        }
        index += 1;
    }
    String::from_utf8(out).map_err(|_| HttpError::NotText)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_body_is_cut_at_either_count() {
        let mut text = "(a é) tail".to_owned();
        truncate_to_characters(&mut text, 5);
        assert_eq!(text, "(a é)");
        let mut text = "(a é)".to_owned();
        truncate_to_characters(&mut text, 6);
        assert_eq!(text, "(a é)");
        assert_eq!(characters("(a é)".as_bytes()), 5);
    }

    #[test]
    fn get_paths_are_decoded() {
        assert_eq!(percent_decode("%28+INFO+%29").expect("decoded"), "( INFO )");
        assert!(percent_decode("%2").is_err());
    }

    #[test]
    fn the_header_ends_at_a_blank_line() {
        assert_eq!(header_end(b"POST / HTTP/1.0\r\n\r\nbody"), Some((15, 4)));
        assert_eq!(header_end(b"POST / HTTP/1.0\n\nbody"), Some((15, 2)));
        assert_eq!(header_end(b"POST / HTTP/1.0\r\n"), None);
    }
}
