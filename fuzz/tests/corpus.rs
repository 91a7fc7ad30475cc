//! The saved corpus replayed through the fuzz targets' checks, on a stable toolchain.

use arbiter_fuzz::TARGETS;

/// Every file of the saved corpus passes its target's check.
#[test]
fn the_saved_corpus_passes_every_check() {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("corpus");
    for (name, check) in TARGETS {
        let mut files: Vec<_> = std::fs::read_dir(root.join(name))
            .unwrap_or_else(|e| panic!("the corpus of {name}: {e}"))
            .map(|entry| entry.expect("a corpus file").path())
            .collect();
        files.sort();
        assert!(!files.is_empty(), "the corpus of {name} is empty");
        for file in files {
            let data = std::fs::read(&file).expect("a corpus file");
            check(&data);
        }
    }
}
