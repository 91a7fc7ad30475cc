//! The errors of the protocol's boundary: HTTP framing and message syntax.

use std::io;

use thiserror::Error;

/// Why an HTTP request or response could not be read or written.
#[derive(Debug, Error)]
pub enum HttpError {
    /// The connection failed or timed out.
    #[error("the connection: {0}")]
    Io(#[from] io::Error),
    /// The other side took longer than the deadline.
    #[error("no complete message before the deadline")]
    Timeout,
    /// The header is longer than [`crate::http::MAX_HEADER`] or a line is malformed.
    #[error("a malformed HTTP header: {0}")]
    Header(String),
    /// The body is longer than [`crate::http::MAX_BODY`].
    #[error("a body of {length} bytes, over the limit of {limit}")]
    TooLarge {
        /// The length announced or read.
        length: usize,
        /// The limit.
        limit: usize,
    },
    /// The body is not UTF-8 text.
    #[error("the body is not UTF-8 text")]
    NotText,
}

/// Why a message is not one of the protocol's.
#[derive(Debug, Error, PartialEq, Eq)]
pub enum MessageError {
    /// The text is not a single balanced s-expression.
    #[error("not an s-expression: {0}")]
    Syntax(String),
    /// A list whose first word is none of the protocol's requests.
    #[error("unknown request `{0}`: expected INFO, PREVIEW, START, PLAY, STOP or ABORT")]
    UnknownRequest(String),
    /// A request with the wrong arguments.
    #[error("{request}: {problem}; expected {expected}")]
    Arguments {
        /// The request.
        request: &'static str,
        /// What is wrong.
        problem: String,
        /// Its form.
        expected: &'static str,
    },
}
