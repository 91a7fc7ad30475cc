//! What the server embeds, made when it is built: the database's migrations (`migrations/`,
//! listed for `src/store/migrations.rs`), and the pages (`src/http/pages.rs`): each rules
//! page composed of the top and the bottom every rules page shares around its own body, and
//! every file of `pages/` as it is served: its scripts and style sheets without the lines that
//! are only comments (JSDoc types and explanations are for the type check and for people, not
//! for browsers; each becomes an empty line, so that a browser's line numbers are the source's),
//! and compressed with Brotli at its best quality, which takes too long to do for each answer
//! (the router's compression layer uses quality 4).

use std::io::Write;
use std::path::{Path, PathBuf};
use std::{env, fs, io};

/// The quality of Brotli's compression: its best.
const QUALITY: u32 = 11;

/// The base-2 logarithm of Brotli's window: 4 MiB, larger than any page.
const WINDOW: u32 = 22;

/// The files of `pages/` that are served: the others are the type check's.
const SERVED: [&str; 4] = ["html", "js", "css", "svg"];

fn main() -> io::Result<()> {
    println!("cargo::rerun-if-changed=pages");
    println!("cargo::rerun-if-changed=migrations");
    let out = PathBuf::from(env::var_os("OUT_DIR").expect("cargo sets OUT_DIR"));
    list_migrations(&out.join("migrations.rs"))?;
    for path in files(Path::new("pages"))? {
        let served = path.extension().is_some_and(|ext| SERVED.iter().any(|kind| ext == *kind));
        if served {
            let text = fs::read_to_string(&path)?;
            let text = match path.extension().and_then(|ext| ext.to_str()) {
                Some("js") => without_comment_lines(&text, true),
                Some("css") => without_comment_lines(&text, false),
                _ => text,
            };
            let made = out.join(&path);
            fs::create_dir_all(made.parent().expect("a file of pages/ is in a folder"))?;
            fs::write(&made, &text)?;
            compress(text.as_bytes(), &made)?;
        }
    }
    let top = fs::read_to_string("pages/rules/top.html")?;
    let bottom = fs::read_to_string("pages/rules/bottom.html")?;
    for path in files(Path::new("pages/rules"))? {
        let Some(name) = path.file_name().and_then(|name| name.to_str()) else { continue };
        if name == "top.html" || name == "bottom.html" {
            continue;
        }
        let page = format!("{top}{}{bottom}", fs::read_to_string(&path)?);
        let made = out.join("rules").join(name);
        fs::create_dir_all(out.join("rules"))?;
        fs::write(&made, &page)?;
        compress(page.as_bytes(), &made)?;
    }
    Ok(())
}

/// Writes to `list` the migrations of `migrations/` as a Rust array of `(version, description,
/// SQL)`, by version, each file named `VERSION_DESCRIPTION.sql` as sqlx names them.
fn list_migrations(list: &Path) -> io::Result<()> {
    let mut migrations = Vec::new();
    for path in files(Path::new("migrations"))? {
        let name = path.file_name().and_then(|name| name.to_str()).unwrap_or_default();
        let Some((version, description)) =
            name.strip_suffix(".sql").and_then(|n| n.split_once('_'))
        else {
            continue;
        };
        let version: i64 = version.parse().map_err(|_| {
            io::Error::new(io::ErrorKind::InvalidData, format!("{name}: no version first"))
        })?;
        let absolute = fs::canonicalize(&path)?;
        migrations.push((version, description.replace('_', " "), absolute));
    }
    migrations.sort();
    let mut text = String::from("[\n");
    for (version, description, path) in &migrations {
        text += &format!("    ({version}, {description:?}, include_str!({path:?})),\n");
    }
    text += "]\n";
    fs::write(list, text)
}

/// `text` with every line that holds only a comment left empty: a block comment (`/* … */`)
/// opening a line, up to its end (what follows the end on its last line is kept), and, where
/// `slashes` (scripts, not style sheets), a line comment (`// …`) opening a line. Nothing else
/// is touched, so the text means what it meant as long as no multi-line template literal holds
/// a line opening with a comment's mark (the pages have no multi-line template literal).
fn without_comment_lines(text: &str, slashes: bool) -> String {
    let mut kept = String::with_capacity(text.len());
    let mut in_block = false;
    for line in text.lines() {
        let trimmed = line.trim_start();
        let rest = if in_block { Some(line) } else { trimmed.strip_prefix("/*") };
        if let Some(rest) = rest {
            match rest.find("*/") {
                Some(end) => {
                    in_block = false;
                    kept += rest[end + 2..].trim_start();
                }
                None => in_block = true,
            }
        } else if !(slashes && trimmed.starts_with("//")) {
            kept += line;
        }
        kept.push('\n');
    }
    kept
}

/// Every file under `folder`, in its subfolders too.
fn files(folder: &Path) -> io::Result<Vec<PathBuf>> {
    let mut found = Vec::new();
    for entry in fs::read_dir(folder)? {
        let path = entry?.path();
        if path.is_dir() {
            found.extend(files(&path)?);
        } else {
            found.push(path);
        }
    }
    Ok(found)
}

/// Writes `text` compressed to `path` with `.br` appended.
fn compress(text: &[u8], path: &Path) -> io::Result<()> {
    let mut name = path.as_os_str().to_owned();
    name.push(".br");
    if let Some(folder) = path.parent() {
        fs::create_dir_all(folder)?;
    }
    let mut writer = brotli::CompressorWriter::new(fs::File::create(name)?, 4096, QUALITY, WINDOW);
    writer.write_all(text)?;
    writer.flush()
}
