//! Walking the project's folders, for the tests that read its files (the hostile corpus, the
//! sources).

/// The files under `dir`, in every folder below it, that `keep` keeps; sorted by path.
pub fn files_under(
    dir: &std::path::Path,
    keep: &dyn Fn(&std::path::Path) -> bool,
) -> Vec<std::path::PathBuf> {
    let mut entries: Vec<_> = std::fs::read_dir(dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .map(|e| e.unwrap().path())
        .collect();
    entries.sort();
    let mut out = Vec::new();
    for p in entries {
        if p.is_dir() {
            out.extend(files_under(&p, keep));
        } else if keep(&p) {
            out.push(p);
        }
    }
    out
}
