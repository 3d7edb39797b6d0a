//! The storm map and the settlement layer through the exporters every generator shares.

use std::io::{self, Write};

use serde::Serialize;

use super::map::StormMap;
use super::reservations::Taken;
use super::settlement::Settlement;
use crate::export::{MapExport, Tile};
use crate::hex::Coord;

/// One JSON line per cell, exactly these fields.
#[derive(Serialize)]
struct CellRow<'a> {
    q: i32,
    r: i32,
    x: i32,
    y: i32,
    z: i32,
    distance: u32,
    biome: &'a str,
    allows_modifiers: bool,
    seal: Option<&'a str>,
    reservation: Option<&'static str>,
}

impl MapExport for StormMap {
    /// Cells in view order: the Citadel, then ring by ring clockwise from North.
    fn write_jsonl(&self, out: &mut dyn Write) -> io::Result<()> {
        let mut seal_of = vec![None; self.disc.len()];
        for p in &self.seals {
            seal_of[p.cell] = Some(self.rules.seal_of(p.seal).name.as_str());
        }
        for (i, &hex) in self.disc.cells().iter().enumerate() {
            let c = Coord::from_hex(hex);
            let biome = self.rules.biome_of(self.biomes[i]);
            let row = CellRow {
                q: hex.x,
                r: hex.y,
                x: c.x,
                y: c.y,
                z: c.z,
                distance: self.disc.distance(i),
                biome: &biome.name,
                allows_modifiers: biome.allows_modifiers,
                seal: seal_of[i],
                reservation: match self.taken[i] {
                    Taken::Reserved(k) => Some(k.name()),
                    _ => None,
                },
            };
            serde_json::to_writer(&mut *out, &row)?;
            out.write_all(b"\n")?;
        }
        Ok(())
    }

    /// Biome colours; a seal's colour or a reservation's mark in the centre.
    fn tiles(&self) -> Vec<Tile> {
        let r = &self.rules;
        let mut tiles: Vec<Tile> = self
            .disc
            .cells()
            .iter()
            .enumerate()
            .map(|(i, &hex)| Tile {
                hex,
                colour: r.biome_of(self.biomes[i]).colour,
                mark: match self.taken[i] {
                    Taken::Reserved(k) => Some(r.reservations.of(k).mark),
                    _ => None,
                },
                shaded: false,
            })
            .collect();
        for p in &self.seals {
            tiles[p.cell].mark = Some(r.seal_of(p.seal).colour);
        }
        tiles
    }
}

/// One JSON line per settlement cell.
#[derive(Serialize)]
struct SettlementRow<'a> {
    q: i32,
    r: i32,
    x: i32,
    y: i32,
    z: i32,
    ground: &'a str,
    slot: Option<&'static str>,
    content: Option<&'a str>,
    amount: Option<u32>,
}

impl MapExport for Settlement {
    fn write_jsonl(&self, out: &mut dyn Write) -> io::Result<()> {
        let t = &self.rules.settlement.template;
        for (i, &(hex, ground)) in t.cells.iter().enumerate() {
            let c = Coord::from_hex(hex);
            let slot = self.slots[i];
            let filled = slot.and_then(|s| s.filled);
            let row = SettlementRow {
                q: hex.x,
                r: hex.y,
                x: c.x,
                y: c.y,
                z: c.z,
                ground: &t.grounds[ground as usize].name,
                slot: slot.map(|s| s.kind.name()),
                content: filled.map(|f| self.entry(slot.unwrap().kind, f.entry).name.as_str()),
                amount: filled.map(|f| f.amount),
            };
            serde_json::to_writer(&mut *out, &row)?;
            out.write_all(b"\n")?;
        }
        Ok(())
    }

    /// Ground colours; filled slots marked dark, empty ones pale.
    fn tiles(&self) -> Vec<Tile> {
        let t = &self.rules.settlement.template;
        t.cells
            .iter()
            .enumerate()
            .map(|(i, &(hex, g))| Tile {
                hex,
                colour: t.grounds[g as usize].colour,
                mark: self.slots[i].map(|s| {
                    if s.filled.is_some() {
                        [40, 30, 30]
                    } else {
                        [220, 220, 220]
                    }
                }),
                shaded: false,
            })
            .collect()
    }
}
