//! One integration-test binary a crate: each links Bevy, so a second one costs `cargo test` a
//! link of its own, several seconds every build and more than a minute cold. A new test file is
//! a module of its crate's one binary.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

/// The workspace's crates: this package and every folder of `crates/` with a manifest.
fn crates() -> Vec<PathBuf> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut members: Vec<PathBuf> = std::fs::read_dir(root.join("crates"))
        .unwrap_or_else(|e| panic!("crates/: {e}"))
        .map(|e| e.unwrap().path())
        .filter(|p| p.join("Cargo.toml").is_file())
        .collect();
    members.sort();
    members.insert(0, root.to_path_buf());
    members
}

/// The sections of a manifest, each its header (`[package]`, `[[test]]`) and its lines.
fn sections(manifest: &str) -> Vec<(&str, Vec<&str>)> {
    let mut out: Vec<(&str, Vec<&str>)> = Vec::new();
    for line in manifest.lines().map(str::trim) {
        if line.starts_with('[') {
            out.push((line, Vec::new()));
        } else if let Some((_, lines)) = out.last_mut() {
            lines.push(line);
        }
    }
    out
}

/// The value of `key = value` among a section's lines, unquoted.
fn value<'a>(lines: &[&'a str], key: &str) -> Option<&'a str> {
    lines.iter().find_map(|line| {
        let (k, v) = line.split_once('=')?;
        (k.trim() == key).then(|| v.trim().trim_matches('"'))
    })
}

/// The integration-test binaries cargo builds for the crate in `dir`, by their source: every
/// `tests/*.rs` and `tests/*/main.rs` unless `autotests = false`, and every `[[test]]`.
fn test_binaries(dir: &Path) -> BTreeSet<PathBuf> {
    let manifest = std::fs::read_to_string(dir.join("Cargo.toml"))
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()));
    let sections = sections(&manifest);
    let mut found = BTreeSet::new();
    let package = sections.iter().find(|(header, _)| *header == "[package]");
    if package.and_then(|(_, lines)| value(lines, "autotests")) != Some("false") {
        found.extend(discovered(&dir.join("tests")));
    }
    for (_, lines) in sections.iter().filter(|(header, _)| *header == "[[test]]") {
        let name = value(lines, "name").unwrap_or_default();
        let path = value(lines, "path").map_or_else(
            || {
                let file = dir.join(format!("tests/{name}.rs"));
                if file.is_file() {
                    file
                } else {
                    dir.join(format!("tests/{name}/main.rs"))
                }
            },
            |path| dir.join(path),
        );
        found.insert(path);
    }
    found
}

/// The test targets cargo finds by itself in a `tests/` folder.
fn discovered(tests: &Path) -> Vec<PathBuf> {
    let Ok(entries) = std::fs::read_dir(tests) else {
        return Vec::new();
    };
    entries
        .map(|e| e.unwrap().path())
        .filter_map(|p| {
            if p.is_dir() {
                Some(p.join("main.rs")).filter(|m| m.is_file())
            } else {
                (p.extension().is_some_and(|x| x == "rs")).then_some(p)
            }
        })
        .collect()
}

#[test]
fn every_crate_has_at_most_one_integration_test_binary() {
    let mut many = Vec::new();
    for dir in crates() {
        let binaries = test_binaries(&dir);
        if binaries.len() > 1 {
            many.push(format!("{}: {binaries:?}", dir.display()));
        }
    }
    assert!(
        many.is_empty(),
        "a crate builds more than one test binary, each linking Bevy; make the new test file a \
         module of the crate's one binary:\n{}",
        many.join("\n")
    );
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    assert_eq!(
        test_binaries(root),
        BTreeSet::from([root.join("tests/main.rs")]),
        "this package's one binary"
    );
}

/// The count is cargo's: found files and folders, a shared module's folder not, `[[test]]`
/// sections beside them, and none found with `autotests = false`.
#[test]
fn test_binaries_are_counted_as_cargo_builds_them() {
    let dir = std::env::temp_dir().join(format!("aeternus-binaries-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    for file in [
        "tests/a.rs",
        "tests/b/main.rs",
        "tests/common/mod.rs",
        "extra/c.rs",
    ] {
        std::fs::create_dir_all(dir.join(file).parent().unwrap()).unwrap();
        std::fs::write(dir.join(file), "").unwrap();
    }
    let manifest = |autotests: &str| {
        format!(
            "[package]\nname = \"x\"\n{autotests}\n\n[[test]]\nname = \"c\"\npath = \"extra/c.rs\"\n\n\
             [[test]]\nname = \"a\"\n"
        )
    };
    std::fs::write(dir.join("Cargo.toml"), manifest("")).unwrap();
    assert_eq!(test_binaries(&dir).len(), 3, "a.rs, b/main.rs and c.rs");
    std::fs::write(dir.join("Cargo.toml"), manifest("autotests = false")).unwrap();
    assert_eq!(test_binaries(&dir).len(), 2, "c.rs and a.rs, named");
    std::fs::remove_dir_all(&dir).ok();
}
