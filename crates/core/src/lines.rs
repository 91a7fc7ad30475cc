//! Lines of text read from a person or another program, with a bound on their length, so that
//! no input, however long its lines, makes memory grow without limit.

use std::io::{self, BufRead};

/// A line of input, as read by [`read_line`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Line {
    /// A line of text, without its line break (a `\r` before it is kept).
    Text(String),
    /// A line longer than the bound; its bytes were skipped, not kept.
    TooLong,
    /// A line that is not UTF-8.
    NotUtf8,
}

/// Reads the next line, keeping at most `max_bytes` of it; `None` at the end of the input.
/// A longer line is consumed to its end and reported as [`Line::TooLong`].
pub fn read_line(input: &mut impl BufRead, max_bytes: usize) -> io::Result<Option<Line>> {
    let mut bytes = Vec::new();
    let (mut any, mut too_long) = (false, false);
    loop {
        let buffer = input.fill_buf()?;
        if buffer.is_empty() {
            break;
        }
        any = true;
        let newline = buffer.iter().position(|&byte| byte == b'\n');
        let chunk = &buffer[..newline.unwrap_or(buffer.len())];
        if !too_long && bytes.len() + chunk.len() > max_bytes {
            too_long = true;
            bytes = Vec::new();
        }
        if !too_long {
            bytes.extend_from_slice(chunk);
        }
        let used = newline.map_or(buffer.len(), |at| at + 1);
        input.consume(used);
        if newline.is_some() {
            break;
        }
    }
    if !any {
        return Ok(None);
    }
    if too_long {
        return Ok(Some(Line::TooLong));
    }
    Ok(Some(String::from_utf8(bytes).map_or(Line::NotUtf8, Line::Text)))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn lines(input: &[u8], max_bytes: usize) -> Vec<Line> {
        let mut reader = io::BufReader::with_capacity(4, input);
        std::iter::from_fn(|| read_line(&mut reader, max_bytes).expect("in memory")).collect()
    }

    #[test]
    fn lines_are_split_and_bounded() {
        let text = |s: &str| Line::Text(s.to_owned());
        assert_eq!(
            lines(b"go\n0123456789\n\xff\nlast", 8),
            [text("go"), Line::TooLong, Line::NotUtf8, text("last")]
        );
        assert_eq!(lines(b"12345678\n", 8), [text("12345678")]);
        assert!(lines(b"", 8).is_empty());
    }
}
