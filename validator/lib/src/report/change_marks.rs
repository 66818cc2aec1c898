//! A diff's marks on the new map, for `megahex diff --format svg|png` and the editor's
//! "Changes" view: hexes changed, gained and lost, tokens moved, and sight gained or lost
//! between figures.

use super::ground::with_alpha;
use super::layer::Layer;
use super::palette;
use crate::board::{Axial, geom};
use crate::diff::{ChangeKind, ScenarioDiff};

/// How strongly lost hexes show where the map no longer is.
const LOST_ALPHA: u8 = 110;

/// The centre of a group of hexes (a token's footprint).
fn centre(hexes: &[Axial]) -> Option<[f64; 2]> {
    if hexes.is_empty() {
        return None;
    }
    let sum = hexes.iter().fold([0.0, 0.0], |acc, &h| {
        let c = geom::pixel_centre(h);
        [acc[0] + c[0], acc[1] + c[1]]
    });
    let n = hexes.len() as f64;
    Some([sum[0] / n, sum[1] / n])
}

impl Layer {
    /// Marks a diff: changed hexes outlined orange, gained hexes outlined green, lost hexes
    /// tinted red where they were, added tokens ringed green, removed ones tinted red, moved ones
    /// with an arrow from where they stood, and lines between figures that now see (green) or no
    /// longer see (red) each other. `centre_of` finds a figure's hexes on the new map.
    pub fn add_changes(&mut self, diff: &ScenarioDiff, centre_of: impl Fn(&str) -> Vec<Axial>) {
        for change in &diff.hexes.changed {
            self.outlines.push((vec![change.at], palette::CHANGED));
        }
        if !diff.hexes.added.is_empty() {
            self.outlines
                .push((diff.hexes.added.clone(), palette::GAINED));
        }
        for &at in &diff.hexes.removed {
            self.tints.push((at, with_alpha(palette::LOST, LOST_ALPHA)));
        }
        for token in &diff.tokens {
            for kind in &token.kinds {
                match kind {
                    ChangeKind::Added => {
                        self.outlines.push((token.new_at.clone(), palette::GAINED))
                    }
                    ChangeKind::Removed => {
                        for &at in &token.old_at {
                            self.tints.push((at, with_alpha(palette::LOST, LOST_ALPHA)));
                        }
                    }
                    ChangeKind::Moved => {
                        if let (Some(from), Some(to)) =
                            (centre(&token.old_at), centre(&token.new_at))
                        {
                            self.arrows.push((from, to, [255, 255, 255]));
                        }
                    }
                    _ => {}
                }
            }
        }
        let mut drawn: Vec<(&str, &str)> = Vec::new();
        for flip in &diff.consequences.sight.figures {
            // One line a pair: the first flip of two figures says it, the reverse adds nothing
            // to the picture.
            if drawn.contains(&(flip.to.as_str(), flip.from.as_str())) {
                continue;
            }
            drawn.push((flip.from.as_str(), flip.to.as_str()));
            let (Some(a), Some(b)) = (centre(&centre_of(&flip.from)), centre(&centre_of(&flip.to)))
            else {
                continue;
            };
            let colour = if flip.now {
                palette::GAINED
            } else {
                palette::LOST
            };
            self.lines.push(([a, b], colour));
        }
    }

    /// The hexes a diff's marks reach beyond the new map (lost hexes, removed tokens), so a
    /// picture can frame them.
    pub fn off_map_extent(diff: &ScenarioDiff) -> Vec<Axial> {
        let mut out = diff.hexes.removed.clone();
        for token in &diff.tokens {
            out.extend(token.old_at.iter().copied());
        }
        out
    }
}

/// The legend of the marks, in a sentence.
pub fn legend(diff: &ScenarioDiff) -> String {
    format!(
        "Changes: {} tiles; {} hexes changed (orange outline), {} added (green outline), {} removed (red); {} tokens changed (white arrow: moved, green ring: added, red: removed). Lines between figures: green now sees, red no longer sees ({} of {} hex pairs changed verdict).",
        diff.tiles.len(),
        diff.hexes.changed.len(),
        diff.hexes.added.len(),
        diff.hexes.removed.len(),
        diff.tokens.len(),
        diff.consequences.sight.pairs.len(),
        diff.consequences.sight.compared_pairs,
    )
}
