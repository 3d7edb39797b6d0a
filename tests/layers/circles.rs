//! Import circles among a crate's files: which file names which, through `use` and paths in the
//! code (`crate::`, `super::`, `self::`), an item followed through the `pub use` of the module
//! that re-exports it to the file that defines it. A `mod.rs` assembling its children (declaring
//! them, re-exporting their items, adding their plugins by a bare path such as `hud::plugin`) is
//! no import of theirs; a child that names its `mod.rs`'s own items is one. Tests are left out.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

/// A module's path from the crate root (`["play", "vocabulary"]`).
type ModPath = Vec<String>;

/// The files of a crate's `src`, by module path, and each file's code without comments or tests.
pub struct Crate {
    files: BTreeMap<ModPath, PathBuf>,
    code: BTreeMap<ModPath, String>,
}

impl Crate {
    pub fn read(src: &Path, code_of: impl Fn(&Path) -> Option<String>) -> Crate {
        let mut files = BTreeMap::new();
        let mut code = BTreeMap::new();
        for file in super::sources(src) {
            let Some(text) = code_of(&file) else { continue };
            let rel = file.strip_prefix(src).expect("under src");
            let mut path: ModPath = (rel.components())
                .map(|c| c.as_os_str().to_string_lossy().into_owned())
                .collect();
            let last = path.pop().expect("a file name");
            let stem = last.trim_end_matches(".rs");
            if !matches!(stem, "mod" | "lib" | "main") {
                path.push(stem.to_string());
            }
            files.insert(path.clone(), file);
            code.insert(path, text);
        }
        Crate { files, code }
    }

    /// Every import circle: each a list of files that reach one another, in name order.
    pub fn circles(&self) -> Vec<Vec<PathBuf>> {
        let edges = self.edges();
        let mut circles = Vec::new();
        let mut done: BTreeSet<&ModPath> = BTreeSet::new();
        for start in self.code.keys() {
            if done.contains(start) {
                continue;
            }
            let forward = reach(&edges, start);
            let circle: Vec<&ModPath> = (forward.iter())
                .filter(|m| reach(&edges, m).contains(start))
                .copied()
                .collect();
            done.extend(circle.iter().copied());
            if circle.len() > 1 {
                circles.push(circle.iter().map(|m| self.files[*m].clone()).collect());
            }
        }
        circles
    }

    /// File -> the files its code names.
    fn edges(&self) -> BTreeMap<&ModPath, BTreeSet<&ModPath>> {
        let mut edges: BTreeMap<&ModPath, BTreeSet<&ModPath>> = BTreeMap::new();
        for (module, code) in &self.code {
            let named = edges.entry(module).or_default();
            for path in paths(code) {
                if let Some(target) = self.resolve(module, &path, 0)
                    && target != module
                {
                    named.insert(target);
                }
            }
        }
        edges
    }

    /// The file a path names from `module`'s code: the deepest module on it, or the file that
    /// defines the item a module re-exports.
    fn resolve(&self, module: &ModPath, path: &[String], depth: u32) -> Option<&ModPath> {
        let mut at: ModPath = match path.first()?.as_str() {
            "crate" => Vec::new(),
            "self" => module.clone(),
            "super" => module.clone(),
            _ => return None,
        };
        let mut rest = &path[1..];
        if path[0] == "super" {
            at.pop();
            while rest.first().is_some_and(|s| s == "super") {
                at.pop();
                rest = &rest[1..];
            }
        }
        for segment in rest {
            let segment = path_name(segment);
            let mut child = at.clone();
            child.push(segment.to_string());
            if self.code.contains_key(&child) {
                at = child;
                continue;
            }
            if depth < 4
                && let Some(found) = self.reexported(&at, segment, depth)
            {
                return Some(found);
            }
            break;
        }
        self.code.get_key_value(&at).map(|(k, _)| k)
    }

    /// Where `module` re-exports `item` from, followed to the defining file.
    fn reexported(&self, module: &ModPath, item: &str, depth: u32) -> Option<&ModPath> {
        let code = self.code.get(module)?;
        for tree in statements(code, "pub use ") {
            for path in expand(&tree) {
                let Some((last, _)) = path.split_last() else {
                    continue;
                };
                let alias = path_alias(last);
                if alias != item {
                    continue;
                }
                let mut full = path.clone();
                *full.last_mut().expect("a name") = path_name(last).to_string();
                if !matches!(full[0].as_str(), "crate" | "self" | "super") {
                    full.insert(0, "self".into());
                }
                return self.resolve(module, &full, depth + 1);
            }
        }
        None
    }
}

/// The modules reachable from `start` (itself included).
fn reach<'a>(
    edges: &BTreeMap<&'a ModPath, BTreeSet<&'a ModPath>>,
    start: &'a ModPath,
) -> BTreeSet<&'a ModPath> {
    let mut seen = BTreeSet::from([start]);
    let mut next = vec![start];
    while let Some(m) = next.pop() {
        for &t in edges.get(m).into_iter().flatten() {
            if seen.insert(t) {
                next.push(t);
            }
        }
    }
    seen
}

/// The text of each statement that starts with `head` (up to its `;`).
fn statements(code: &str, head: &str) -> Vec<String> {
    let mut out = Vec::new();
    for (i, _) in code.match_indices(head) {
        let before = code[..i].chars().next_back();
        if before.is_some_and(|c| c.is_alphanumeric() || c == '_') {
            continue;
        }
        let rest = &code[i + head.len()..];
        if let Some(end) = rest.find(';') {
            out.push(rest[..end].to_string());
        }
    }
    out
}

/// Every path a file's code names: each `use` tree expanded, and paths written in the code.
fn paths(code: &str) -> Vec<Vec<String>> {
    let mut out: Vec<Vec<String>> = Vec::new();
    for tree in statements(code, "use ") {
        out.extend(expand(&tree));
    }
    for head in ["crate::", "super::", "self::"] {
        for (i, _) in code.match_indices(head) {
            let before = code[..i].chars().next_back();
            if before.is_some_and(|c| c.is_alphanumeric() || c == '_' || c == ':') {
                continue;
            }
            let path: String = code[i..]
                .chars()
                .take_while(|c| c.is_alphanumeric() || *c == '_' || *c == ':')
                .collect();
            let segments: Vec<String> = (path.split("::"))
                .filter(|s| !s.is_empty())
                .map(String::from)
                .collect();
            out.push(segments);
        }
    }
    out
}

/// A `use` tree as its paths: `a::{b, c::{d as e}}` is `a::b` and `a::c::d as e`.
fn expand(tree: &str) -> Vec<Vec<String>> {
    let tree: String = tree
        .chars()
        .filter(|c| !c.is_whitespace() || *c == ' ')
        .collect();
    let tree = tree.trim();
    let Some(open) = tree.find('{') else {
        let segments = tree.split("::").map(|s| s.trim().to_string()).collect();
        return vec![segments];
    };
    let prefix: Vec<String> = (tree[..open].split("::"))
        .map(|s| s.trim().to_string())
        .filter(|s| !s.is_empty())
        .collect();
    let inner = &tree[open + 1..tree.rfind('}').unwrap_or(tree.len())];
    let mut parts = Vec::new();
    let (mut depth, mut start) = (0, 0);
    for (i, c) in inner.char_indices() {
        match c {
            '{' => depth += 1,
            '}' => depth -= 1,
            ',' if depth == 0 => {
                parts.push(&inner[start..i]);
                start = i + 1;
            }
            _ => {}
        }
    }
    parts.push(&inner[start..]);
    let mut out = Vec::new();
    for part in parts.into_iter().map(str::trim).filter(|p| !p.is_empty()) {
        for tail in expand(part) {
            if tail == ["self"] {
                out.push(prefix.clone());
            } else {
                out.push(prefix.iter().cloned().chain(tail).collect());
            }
        }
    }
    out
}

/// `name as alias` -> `alias`; a plain name is its own.
fn path_alias(segment: &str) -> &str {
    segment.rsplit(" as ").next().unwrap_or(segment).trim()
}

/// `name as alias` -> `name`.
fn path_name(segment: &str) -> &str {
    segment.split(" as ").next().unwrap_or(segment).trim()
}
