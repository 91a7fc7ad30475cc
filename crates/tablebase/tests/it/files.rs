//! Table files: written, read back, and refused with a clear error when damaged or of the
//! format before.

use std::path::PathBuf;

use arbiter_checkers::Checkers;
use arbiter_core::Retrograde;
use arbiter_tablebase::{Table, Tablebase, TablebaseError};

/// A folder of its own under the system's temporary folder, emptied first.
fn folder(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("arbiter-tb-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    dir
}

/// Builds the tables of at most 2 pieces into `dir`; the file of the first one.
fn built(dir: &std::path::Path) -> (<Checkers as Retrograde>::Material, PathBuf) {
    Tablebase::<Checkers>::build_all(dir, 2, 1, |_| {}).expect("the tables are built");
    let material = Checkers::materials(2)[0];
    (material, Table::path(dir, "checkers", &material.to_string()))
}

/// Reads the table of `material` from `dir` with a new handle.
fn read(
    dir: &std::path::Path,
    material: <Checkers as Retrograde>::Material,
) -> Result<(), TablebaseError> {
    Tablebase::<Checkers>::new(Some(dir.to_owned()), 0, 1).table(material).map(|_| ())
}

#[test]
fn a_table_written_is_read_back() {
    let dir = folder("back");
    let (material, _) = built(&dir);
    assert!(read(&dir, material).is_ok());
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_table_whose_checksum_does_not_match_is_refused() {
    let dir = folder("damaged");
    let (material, path) = built(&dir);
    let mut bytes = std::fs::read(&path).expect("the file");
    // The checksum ends 4 bytes after the header: magic, width, count and the two names.
    let name = material.to_string();
    let at = 8 + 1 + 8 + 2 + "checkers".len() + 2 + name.len();
    bytes[at] ^= 0x01;
    std::fs::write(&path, &bytes).expect("written");
    let error = read(&dir, material).expect_err("a damaged table is refused").to_string();
    assert!(error.contains("checksum"), "{error}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_table_of_format_1_is_refused_with_a_request_to_build_it_again() {
    let dir = folder("format1");
    let (material, path) = built(&dir);
    let mut bytes = std::fs::read(&path).expect("the file");
    bytes[7] = 1;
    std::fs::write(&path, &bytes).expect("written");
    let error = read(&dir, material).expect_err("format 1 is refused").to_string();
    assert!(error.contains("format 1") && error.contains("build it again"), "{error}");
    let _ = std::fs::remove_dir_all(&dir);
}
