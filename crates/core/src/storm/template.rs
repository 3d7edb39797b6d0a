//! The settlement layer's hand-made template (`assets/rules/storm-settlement.ron`): grounds and slots.

use std::collections::HashMap;

use hexx::Hex;
use serde::Deserialize;

use super::raw::parse;
use crate::hex::Coord;
use crate::rules::RulesError;
use crate::rules::check::Check;

/// What a slot receives from the ruleset's settlement pools.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Deserialize)]
pub enum SlotKind {
    Glade,
    Resource,
    Ore,
    Spring,
    Reward,
    GladeEvent,
}

impl SlotKind {
    pub fn name(self) -> &'static str {
        match self {
            SlotKind::Glade => "glade",
            SlotKind::Resource => "resource",
            SlotKind::Ore => "ore",
            SlotKind::Spring => "spring",
            SlotKind::Reward => "reward",
            SlotKind::GladeEvent => "glade_event",
        }
    }
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields, rename = "SettlementTemplate")]
struct RawTemplate {
    name: String,
    radius: u32,
    grounds: Vec<RawGround>,
    default_ground: String,
    #[serde(default)]
    cells: Vec<RawCell>,
    slots: Vec<RawSlot>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct RawGround {
    name: String,
    colour: String,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct RawCell {
    at: Coord,
    ground: String,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct RawSlot {
    at: Coord,
    kind: SlotKind,
    #[serde(default = "one")]
    chance: f64,
}

fn one() -> f64 {
    1.0
}

#[derive(Debug, Clone)]
pub struct Ground {
    pub name: String,
    pub colour: [u8; 3],
}

#[derive(Debug, Clone)]
pub struct Slot {
    pub hex: Hex,
    pub kind: SlotKind,
    pub chance: f64,
}

/// The widest template: 2,791 cells at 30, each drawn in the settlement view.
pub const MAX_TEMPLATE_RADIUS: u32 = 30;
/// Grounds: a `u8` index each.
pub const MAX_GROUNDS: usize = 250;

/// A validated template: every cell within `radius` has a ground; slots lie on distinct cells.
#[derive(Debug, Clone)]
pub struct Template {
    pub name: String,
    pub source: String,
    pub radius: u32,
    pub grounds: Vec<Ground>,
    /// Ground index of every cell, in view order from the centre (see `crate::hex::view_order`).
    pub cells: Vec<(Hex, u8)>,
    pub slots: Vec<Slot>,
}

impl Template {
    pub fn from_str(text: &str, source: &str) -> Result<Template, RulesError> {
        let raw: RawTemplate = parse(text, source)?;
        let c = Check { source };
        check_lists(&c, &raw)?;
        let grounds = grounds(&c, &raw.grounds)?;
        let layout = Layout {
            c: &c,
            radius: raw.radius,
            grounds: &grounds,
        };
        let default = layout.ground("default_ground".into(), &raw.default_ground)?;
        let set = layout.cells(&raw.cells)?;
        let slots = layout.slots(&raw.slots)?;
        let cells = crate::hex::view_order(Hex::ZERO, raw.radius)
            .map(|h| (h, set.get(&h).copied().unwrap_or(default)))
            .collect();
        Ok(Template {
            name: raw.name,
            source: source.to_string(),
            radius: raw.radius,
            grounds,
            cells,
            slots,
        })
    }
}

/// The template's name, radius and the lengths of its lists, before any entry is read.
fn check_lists(c: &Check, raw: &RawTemplate) -> Result<(), RulesError> {
    c.name("name", &raw.name)?;
    c.within("radius", raw.radius, 1..=MAX_TEMPLATE_RADIUS)?;
    c.count("grounds", raw.grounds.len(), 1..=MAX_GROUNDS)?;
    // One cell and one slot a place at most: a longer list must repeat a place.
    let places = crate::hex::hexes_within(raw.radius).min(u32::MAX as u64) as usize;
    c.count("cells", raw.cells.len(), 0..=places)?;
    c.count("slots", raw.slots.len(), 0..=places)?;
    c.unique("grounds", raw.grounds.iter().map(|g| &g.name))?;
    Ok(())
}

/// The grounds, each with its colour.
fn grounds(c: &Check, raw: &[RawGround]) -> Result<Vec<Ground>, RulesError> {
    let mut grounds = Vec::new();
    for (i, g) in raw.iter().enumerate() {
        let colour = c.colour(format!("grounds[{i}].colour"), &g.colour)?;
        grounds.push(Ground {
            name: g.name.clone(),
            colour,
        });
    }
    Ok(grounds)
}

/// The template's extent and grounds, against which its cells and slots are placed.
struct Layout<'a> {
    c: &'a Check<'a>,
    radius: u32,
    grounds: &'a [Ground],
}

impl Layout<'_> {
    /// The index of the ground `name`, or an error at `field` listing the known grounds.
    fn ground(&self, field: String, name: &str) -> Result<u8, RulesError> {
        self.grounds
            .iter()
            .position(|g| g.name == name)
            .map(|i| i as u8)
            .ok_or_else(|| {
                let known: Vec<&str> = self.grounds.iter().map(|g| g.name.as_str()).collect();
                self.c.err(
                    field,
                    format!("unknown ground `{name}` (known: {})", known.join(", ")),
                )
            })
    }

    /// The hex at `at`, which must lie within the template.
    fn inside(&self, field: String, at: Coord) -> Result<Hex, RulesError> {
        let hex = at.to_hex();
        if at.distance() > self.radius {
            return Err(self.c.err(
                field,
                format!("{at} lies outside the template's radius {}", self.radius),
            ));
        }
        Ok(hex)
    }

    /// The ground of each cell the template sets by hand, each cell listed once.
    fn cells(&self, raw: &[RawCell]) -> Result<HashMap<Hex, u8>, RulesError> {
        let mut set: HashMap<Hex, u8> = HashMap::new();
        for (i, cell) in raw.iter().enumerate() {
            let hex = self.inside(format!("cells[{i}].at"), cell.at)?;
            let g = self.ground(format!("cells[{i}].ground"), &cell.ground)?;
            if set.insert(hex, g).is_some() {
                return Err(self.c.err(
                    format!("cells[{i}].at"),
                    format!("{} is listed twice", cell.at),
                ));
            }
        }
        Ok(set)
    }

    /// The slots, at least one, each on its own cell with a chance to be filled.
    fn slots(&self, raw: &[RawSlot]) -> Result<Vec<Slot>, RulesError> {
        let mut slots = Vec::new();
        for (i, s) in raw.iter().enumerate() {
            let hex = self.inside(format!("slots[{i}].at"), s.at)?;
            let chance = self.c.chance(format!("slots[{i}].chance"), s.chance)?;
            if slots.iter().any(|o: &Slot| o.hex == hex) {
                return Err(self.c.err(
                    format!("slots[{i}].at"),
                    format!("{} already holds a slot", s.at),
                ));
            }
            slots.push(Slot {
                hex,
                kind: s.kind,
                chance,
            });
        }
        if slots.is_empty() {
            return Err(self.c.err("slots", "lists no slot"));
        }
        Ok(slots)
    }
}
