//! What the headless runs (`gen`, `sites`, `sim`, `replay`, `check`) share below the command
//! line: a [`Fault`] with its exit code, the ruleset a `--rules` value names, the output, and a
//! world built for a radius or a hex list.

use std::fmt;
use std::io::Write;
use std::path::{Path, PathBuf};

use hexx::Hex;

use crate::hex::{Coord, view_order};
use crate::rules::{DEFAULT_AETERNUS, DEFAULT_AETERNUS_NAME, Rules, RulesError};
use crate::world::limits::MAX_HEXES;
use crate::world::{Cause, HexWorld};

/// The largest hex list read (a full world of 10^7 hexes fits).
pub const MAX_HEX_LIST: u64 = 256 << 20;

/// What stops a headless run: bad input exits with 2, a failed write with 1.
#[derive(Debug)]
pub enum Fault {
    BadInput(String),
    Io(String),
    /// The reader of standard output went away (`gen ... | head`): stop quietly.
    Closed,
}

impl fmt::Display for Fault {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Fault::BadInput(m) | Fault::Io(m) => write!(f, "{m}"),
            Fault::Closed => write!(f, "the output was closed"),
        }
    }
}

impl From<RulesError> for Fault {
    fn from(e: RulesError) -> Self {
        Fault::BadInput(e.to_string())
    }
}

impl Fault {
    /// A failed write of the output.
    pub fn output(e: std::io::Error) -> Fault {
        if e.kind() == std::io::ErrorKind::BrokenPipe {
            Fault::Closed
        } else {
            Fault::Io(format!("cannot write the output: {e}"))
        }
    }

    pub fn exit_code(&self) -> i32 {
        match self {
            Fault::BadInput(_) => 2,
            Fault::Io(_) => 1,
            Fault::Closed => 0,
        }
    }
}

/// Which ruleset a `--rules` value names.
pub enum RulesChoice {
    Aeternus(Rules),
    Storm(crate::storm::StormRules),
}

/// The name of a rule file's top-level struct (`Aeternus(` or `Storm(`), skipping comments.
pub fn rules_kind(text: &str) -> Option<&str> {
    let mut t = text;
    loop {
        t = t.trim_start();
        if let Some(rest) = t.strip_prefix("//") {
            t = rest.split_once('\n').map_or("", |x| x.1);
        } else if let Some(rest) = t.strip_prefix("/*") {
            t = rest.split_once("*/").map_or("", |x| x.1);
        } else {
            break;
        }
    }
    let end = t
        .find(|c: char| !c.is_alphanumeric() && c != '_')
        .unwrap_or(t.len());
    (end > 0).then(|| &t[..end])
}

pub fn load_rules(value: &str) -> Result<RulesChoice, Fault> {
    match value {
        "aeternus" => Ok(RulesChoice::Aeternus(Rules::from_str(
            DEFAULT_AETERNUS,
            DEFAULT_AETERNUS_NAME,
        )?)),
        "storm" => Ok(RulesChoice::Storm(crate::storm::StormRules::embedded()?)),
        path => {
            let (text, _) = crate::rules::read_rule_file(Path::new(path))?;
            match rules_kind(&text) {
                Some("Storm") => Ok(RulesChoice::Storm(crate::storm::StormRules::from_str(
                    &text, path,
                )?)),
                _ => Ok(RulesChoice::Aeternus(Rules::from_str(&text, path)?)),
            }
        }
    }
}

/// Standard output, or the file named by `--out`.
pub fn open_out(out: &Option<PathBuf>) -> Result<Box<dyn Write>, Fault> {
    Ok(match out {
        None => Box::new(std::io::BufWriter::new(std::io::stdout().lock())),
        Some(p) => Box::new(std::io::BufWriter::new(std::fs::File::create(p).map_err(
            |e| {
                Fault::BadInput(format!(
                    "{}: cannot create the output file: {e}",
                    p.display()
                ))
            },
        )?)),
    })
}

/// A `--hexes` list: each hex with the line it was read from, for errors.
pub struct HexList {
    pub name: String,
    pub hexes: Vec<(usize, Hex)>,
}

/// Reads a `--hexes` list: one coordinate a line; blank lines and `#` comments are skipped.
/// At most [`MAX_HEX_LIST`] bytes and [`MAX_HEXES`] hexes, each within the world's range.
pub fn read_hexes(path: &Path) -> Result<HexList, Fault> {
    let name = path.display().to_string();
    let text = if name == "-" {
        crate::capped::read_limited(std::io::stdin().lock(), MAX_HEX_LIST)
    } else {
        crate::capped::read_capped(path, MAX_HEX_LIST)
    }
    .map_err(|e| Fault::BadInput(format!("{name}: the hex list {e}")))?;
    let mut hexes = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let t = line.split('#').next().unwrap_or("").trim();
        if t.is_empty() {
            continue;
        }
        if hexes.len() >= MAX_HEXES as usize {
            return Err(Fault::BadInput(format!(
                "{name}:{}: the list holds more than {MAX_HEXES} hexes, a world's limit",
                i + 1
            )));
        }
        let c: Coord = t
            .parse()
            .map_err(|e| Fault::BadInput(format!("{name}:{}: {e}", i + 1)))?;
        hexes.push((i + 1, c.to_hex()));
    }
    Ok(HexList { name, hexes })
}

/// Builds one Aeternus world as `gen` does: the origin, then the radius or the hex list. A hex
/// the world's limits refuse stops it, naming the input.
pub fn gen_world(
    rules: &Rules,
    seed: u64,
    radius: Option<u32>,
    hexes: Option<&HexList>,
) -> Result<HexWorld, Fault> {
    let mut world = HexWorld::new(rules.clone(), seed);
    match hexes {
        Some(list) => {
            for &(line, h) in &list.hexes {
                world
                    .generate(h, Cause::View)
                    .map_err(|e| Fault::BadInput(format!("{}:{line}: {e}", list.name)))?;
            }
        }
        None => {
            let r = radius.unwrap_or(rules.sight_radius);
            for h in view_order(Hex::ZERO, r) {
                world
                    .generate(h, Cause::View)
                    .map_err(|e| Fault::BadInput(format!("--radius {r}: {e}")))?;
            }
        }
    }
    Ok(world)
}
