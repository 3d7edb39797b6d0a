//! The layering rule, checked on the sources: a module imports only from its own layer or below,
//! no two folders import each other, and the core names nothing of a renderer, window, UI or
//! the views; no import circle among a crate's files (`circles`). Each crate's layers are listed
//! once, in its root's doc comment, which this reads; `docs/architecture.md` lists the core's
//! and the views' modules in the same order.

mod circles;

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

use crate::walk::files_under;

/// A crate's layers, bottom first, as its root's doc comment lists them: the line that starts
/// `//! Layers:` and those after it up to an empty one, layers between arrows (`→`), modules of
/// one layer between commas, each name in backquotes. A module may import from its own layer
/// and those before it.
fn layers(src: &Path) -> Vec<Vec<String>> {
    let text = std::fs::read_to_string(src.join("lib.rs")).unwrap();
    let mut list = String::new();
    let mut lines = text.lines().skip_while(|l| !l.starts_with("//! Layers:"));
    while let Some(line) = lines.next().filter(|l| l.trim() != "//!") {
        let line = line.trim_start_matches("//!").trim();
        list.push(' ');
        list.push_str(line.trim_start_matches("Layers:"));
    }
    let layers: Vec<Vec<String>> = (list.split('→'))
        .map(|layer| {
            (layer.split(','))
                .map(|m| m.trim().trim_matches('`').to_string())
                .filter(|m| !m.is_empty())
                .collect()
        })
        .collect();
    assert!(
        layers.len() > 1,
        "{}: no `//! Layers:` list in its doc comment",
        src.join("lib.rs").display()
    );
    layers
}

/// Names the core must never use: the views' and the network's crates, the network's libraries,
/// and Bevy's rendering, windows, UI and input.
const NOT_IN_CORE: &[&str] = &[
    "aeternus_view",
    "aeternus_net",
    "bevy_replicon",
    "renet",
    "bevy_ecs_tilemap",
    "bevy::render",
    "bevy::sprite",
    "bevy::ui",
    "bevy::window",
    "bevy::winit",
    "bevy::input",
    "bevy::text",
    "bevy::camera",
    "Sprite",
    "Camera2d",
    "Window",
    "KeyCode",
    "ButtonInput",
    "Handle<Image>",
];

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

/// Every `.rs` file under `dir`.
fn sources(dir: &Path) -> Vec<PathBuf> {
    files_under(dir, &|p| p.extension().is_some_and(|x| x == "rs"))
}

/// A file's code without its tests (test files, and the `mod tests` block that closes a
/// file) and without comments.
fn code(path: &Path) -> Option<String> {
    let name = path.file_name()?.to_str()?;
    if name == "tests.rs" || path.components().any(|c| c.as_os_str() == "tests") {
        return None;
    }
    let text = std::fs::read_to_string(path).unwrap();
    let text = match text.find("#[cfg(test)]\nmod tests {") {
        Some(i) => &text[..i],
        None => &text,
    };
    let lines: Vec<&str> = (text.lines())
        .map(|l| l.split("//").next().unwrap_or(""))
        .collect();
    Some(lines.join("\n"))
}

/// The top-level modules a file's code names through `crate::`.
fn imports(code: &str) -> BTreeSet<String> {
    let mut out = BTreeSet::new();
    for (i, _) in code.match_indices("crate::") {
        let rest = &code[i + "crate::".len()..];
        if let Some(group) = rest.strip_prefix('{') {
            let group = &group[..group.find('}').unwrap_or(group.len())];
            for part in group.split(',') {
                out.insert(head(part.trim()));
            }
        } else {
            out.insert(head(rest));
        }
    }
    out.retain(|m| !m.is_empty());
    out
}

fn head(path: &str) -> String {
    path.chars()
        .take_while(|c| c.is_alphanumeric() || *c == '_')
        .collect()
}

/// The top-level module a file belongs to, under a crate's `src`.
fn module_of(src: &Path, file: &Path) -> String {
    let rel = file.strip_prefix(src).unwrap();
    let first = rel
        .components()
        .next()
        .unwrap()
        .as_os_str()
        .to_string_lossy();
    first.trim_end_matches(".rs").to_string()
}

/// Every import of a crate that goes up a layer, or to a module no layer names, as text.
fn against_layers(src: &Path) -> Vec<String> {
    let layers = layers(src);
    let rank = |m: &str| layers.iter().position(|l| l.iter().any(|x| x == m));
    let mut wrong = Vec::new();
    for file in sources(src) {
        let module = module_of(src, &file);
        if module == "lib" {
            continue;
        }
        let Some(code) = code(&file) else { continue };
        let Some(mine) = rank(&module) else {
            wrong.push(format!(
                "{}: module `{module}` is in no layer",
                file.display()
            ));
            continue;
        };
        for target in imports(&code) {
            if target == module {
                continue;
            }
            // The crate root's own items (its plugins and sets) sit above every layer's modules
            // only as a name; what they join is below.
            if target.chars().next().is_some_and(|c| c.is_uppercase()) || target == "view_sets" {
                continue;
            }
            match rank(&target) {
                Some(r) if r <= mine => {}
                Some(_) => wrong.push(format!(
                    "{}: `{module}` imports `{target}`, a higher layer",
                    file.display()
                )),
                None => wrong.push(format!(
                    "{}: `{module}` imports `{target}`, in no layer",
                    file.display()
                )),
            }
        }
    }
    wrong
}

#[test]
fn the_cores_modules_import_only_their_layer_or_below() {
    let wrong = against_layers(&root().join("crates/core/src"));
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

#[test]
fn the_views_modules_import_only_their_layer_or_below() {
    let wrong = against_layers(&root().join("crates/view/src"));
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

#[test]
fn the_network_crates_modules_import_only_their_layer_or_below() {
    let wrong = against_layers(&root().join("crates/net/src"));
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

#[test]
fn no_two_folders_import_each_other() {
    for src in [
        "crates/core/src",
        "crates/net/src",
        "crates/view/src",
        "src",
    ] {
        let src = root().join(src);
        let mut edges: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
        for file in sources(&src) {
            let module = module_of(&src, &file);
            if let Some(code) = code(&file) {
                let targets: Vec<String> = (imports(&code).into_iter())
                    .filter(|t| *t != module)
                    .collect();
                edges.entry(module).or_default().extend(targets);
            }
        }
        for (a, targets) in &edges {
            for b in targets {
                let back = edges.get(b).is_some_and(|t| t.contains(a));
                assert!(
                    !back,
                    "{}: `{a}` and `{b}` import each other",
                    src.display()
                );
            }
        }
    }
}

#[test]
fn the_core_names_no_renderer_window_ui_or_view() {
    let src = root().join("crates/core/src");
    let mut wrong = Vec::new();
    for file in sources(&src) {
        let text = std::fs::read_to_string(&file).unwrap();
        for (n, line) in text.lines().enumerate() {
            let code = line.split("//").next().unwrap_or("");
            for name in NOT_IN_CORE {
                let named = code.match_indices(name).any(|(i, _)| {
                    let before = code[..i].chars().next_back();
                    let after = code[i + name.len()..].chars().next();
                    let word = |c: Option<char>| c.is_some_and(|c| c.is_alphanumeric() || c == '_');
                    !word(before) && !word(after)
                });
                if named {
                    wrong.push(format!("{}:{}: names `{name}`", file.display(), n + 1));
                }
            }
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

#[test]
fn the_cores_manifest_names_no_view_crate_or_rendering_feature() {
    let manifest = std::fs::read_to_string(root().join("crates/core/Cargo.toml")).unwrap();
    for name in [
        "aeternus-view",
        "bevy_ecs_tilemap",
        "bevy_winit",
        "bevy_render",
        "2d_bevy_render",
        "bevy_ui",
        "bevy_ui_render",
        "x11",
        "default_font",
        "png\"",
        "bevy_state",
    ] {
        assert!(
            !manifest.contains(name),
            "crates/core/Cargo.toml names {name}"
        );
    }
}

/// Each import circle among the files of the crate at `src`, as text.
fn circles_in(src: &str) -> Vec<String> {
    let src = root().join(src);
    (circles::Crate::read(&src, code).circles().into_iter())
        .map(|files| {
            let names: Vec<String> = (files.iter())
                .map(|f| f.strip_prefix(&src).unwrap_or(f).display().to_string())
                .collect();
            names.join(" ↔ ")
        })
        .collect()
}

#[test]
fn no_import_circle_among_any_crates_files() {
    for src in [
        "crates/core/src",
        "crates/view/src",
        "crates/net/src",
        "src",
    ] {
        let circles = circles_in(src);
        assert!(circles.is_empty(), "{src}: {}", circles.join("\n"));
    }
}

#[test]
fn the_circle_finder_finds_one_through_a_reexport() {
    let dir = std::env::temp_dir().join(format!("aeternus-circles-{}", std::process::id()));
    let src = dir.join("src");
    std::fs::create_dir_all(src.join("a")).unwrap();
    let write = |p: &str, s: &str| std::fs::write(src.join(p), s).unwrap();
    write("lib.rs", "mod a;\nmod b;\n");
    write("a/mod.rs", "mod words;\npub use words::Word;\n");
    write("a/words.rs", "use crate::b::helper;\npub struct Word;\n");
    write("b.rs", "use crate::a::Word;\npub fn helper() {}\n");
    let found = circles::Crate::read(&src, code).circles();
    std::fs::remove_dir_all(&dir).unwrap();
    let names: Vec<String> = (found.iter().flatten())
        .map(|f| f.strip_prefix(&src).unwrap().display().to_string())
        .collect();
    assert_eq!(names, ["a/words.rs", "b.rs"], "{found:?}");
}

#[test]
fn the_architecture_lists_the_cores_and_the_views_modules_in_layer_order() {
    let doc = std::fs::read_to_string(root().join("docs/architecture.md")).unwrap();
    for (src, heading) in [
        ("crates/core/src", "The core's layers, bottom to top:"),
        ("crates/view/src", "The views' layers, bottom to top:"),
    ] {
        let layers = layers(&root().join(src));
        let rank = |m: &str| layers.iter().position(|l| l.iter().any(|x| x == m));
        let table = doc.split(heading).nth(1).expect("the table's heading");
        let rows: Vec<&str> = (table.lines().skip_while(|l| !l.starts_with('|')))
            .take_while(|l| l.starts_with('|'))
            .filter_map(|l| l.split('`').nth(1))
            .collect();
        let ranks: Vec<Option<usize>> = rows.iter().map(|m| rank(m)).collect();
        assert!(
            ranks.iter().all(Option::is_some) && ranks.is_sorted(),
            "docs/architecture.md lists {src}'s modules {rows:?}, out of the order its lib.rs gives: {layers:?}"
        );
    }
}
