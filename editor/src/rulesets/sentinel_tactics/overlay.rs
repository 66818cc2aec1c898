//! Rules overlays computed from the selected hex or token: line of sight, range, movement reach
//! and area templates. Every answer comes from the `megahex` library ([`Scene`],
//! [`los`], [`movement`], [`area`]); this module says what is asked and how the answers are
//! coloured. They are asked on a worker thread and kept by [`crate::rulesets::sentinel_tactics::overlay_cache`].

use egui::Color32;
use megahex::board::Axial;
use megahex::board::area::{self, Template};
use megahex::board::los::{self, Sight};
use megahex::board::movement::{Destination, MoveAction};
use megahex::report::palette;
use megahex::scene::{Placed, Scene};

pub use megahex::report::layer::Layer;

/// The library's overlay colour on screen.
const fn shown(rgb: palette::Rgb) -> Color32 {
    Color32::from_rgb(rgb[0], rgb[1], rgb[2])
}

/// Visible both ways.
pub const SEEN: Color32 = shown(palette::SEEN);
/// Not visible either way.
pub const HIDDEN: Color32 = shown(palette::HIDDEN);
/// The viewer sees the hex, but is not seen back (the viewer stands in cover).
pub const SEES_ONLY: Color32 = shown(palette::SEES_ONLY);
/// The hex sees the viewer, but the viewer cannot see it (the hex is in cover).
pub const SEEN_ONLY: Color32 = shown(palette::SEEN_ONLY);
/// Reachable hexes.
pub const REACH: Color32 = shown(palette::REACH);
/// Hazard spaces on the cheapest path.
pub const HAZARD: Color32 = shown(palette::HAZARD);
/// Hexes an area attack hits.
pub const HIT: Color32 = shown(palette::HIT);
/// Hexes in the template that the origin cannot see.
pub const SHIELDED: Color32 = shown(palette::SHIELDED);
/// The witness line of sight.
pub const WITNESS: Color32 = shown(palette::WITNESS);

pub use crate::preview::Tint;

/// Which overlays are on, and their parameters.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Settings {
    /// The tint in force.
    pub tint: Tint,
    /// Range numbers on every hex (G); combines with any tint.
    pub range: bool,
    /// Move value for the reach overlay, 1..=6.
    pub move_value: u32,
    /// Sprint instead of Move (up to 2 hexes, elevation ignored).
    pub sprint: bool,
    /// Mobility: a Move that ignores elevation changes.
    pub mobility: bool,
    /// Area radius, 0..=3.
    pub radius: u32,
    /// How far from the source the origin may be (elevation ignored).
    pub max_origin: u32,
    /// A vertex attack (the 3 hexes at the corner nearest the pointer) instead of a radius.
    pub vertex: bool,
}

impl Default for Settings {
    fn default() -> Settings {
        Settings {
            tint: Tint::None,
            range: false,
            move_value: 3,
            sprint: false,
            mobility: false,
            radius: 1,
            max_origin: 3,
            vertex: false,
        }
    }
}

impl Settings {
    /// Switches a tint on, or off when it is the one in force.
    pub fn toggle(&mut self, tint: Tint) {
        self.tint = self.tint.toggled(tint);
    }

    /// The movement action the reach overlay asks about.
    pub fn action(&self) -> MoveAction {
        if self.sprint {
            MoveAction::Sprint
        } else {
            MoveAction::Move {
                budget: self.move_value,
                mobility: self.mobility,
            }
        }
    }

    /// True when anything is drawn.
    pub fn any(&self) -> bool {
        self.tint != Tint::None || self.range
    }
}

/// Where the overlays are computed from: the selected token's hexes, or one selected hex.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Source {
    /// The hexes (all of them for a multi-hex figure).
    pub hexes: Vec<Axial>,
    /// The token's id, so it does not count as an obstacle to its own movement.
    pub token: Option<String>,
}

/// How one hex looks from the source.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Seen {
    /// Both see each other.
    Both,
    /// Neither sees the other.
    Hidden,
    /// The source sees the hex but is not seen back (cover asymmetry).
    SourceOnly,
    /// The hex sees the source, the source does not see it (the hex is in cover).
    TargetOnly,
}

impl Seen {
    /// Reads a [`Sight`] from the source to a hex.
    pub fn of(sight: &Sight) -> Seen {
        Seen::from_verdicts(sight.visible, sight.reverse_visible)
    }

    /// The two verdicts back: from the source, and from the hex to the source.
    pub fn verdicts(self) -> (bool, bool) {
        match self {
            Seen::Both => (true, true),
            Seen::Hidden => (false, false),
            Seen::SourceOnly => (true, false),
            Seen::TargetOnly => (false, true),
        }
    }

    /// From "the source sees it" and "it sees the source".
    pub fn from_verdicts(visible: bool, reverse_visible: bool) -> Seen {
        match (visible, reverse_visible) {
            (true, true) => Seen::Both,
            (false, false) => Seen::Hidden,
            (true, false) => Seen::SourceOnly,
            (false, true) => Seen::TargetOnly,
        }
    }

    /// The tint for this verdict.
    pub fn color(self) -> Color32 {
        match self {
            Seen::Both => SEEN,
            Seen::Hidden => HIDDEN,
            Seen::SourceOnly => SEES_ONLY,
            Seen::TargetOnly => SEEN_ONLY,
        }
    }
}

/// Line of sight from the source to one hex, with its explanation: the best pair of the
/// source's hexes and the target, as `megahex los --from REF --to REF` reports it.
pub fn sight_to(scene: &Scene, from: &[Axial], to: Axial) -> Option<Sight> {
    match from {
        // One viewer hex: the only pair is the best one.
        [one] => los::sight(&scene.board, *one, to, scene.rules),
        _ => los::best_sight(&scene.board, from, &[to], scene.rules),
    }
}

/// The line-of-sight verdict from the source to every hex of the board, in board order. For
/// each hex it is the verdict of the pair [`los::best_sight`] picks ([`los::best_verdicts`]),
/// found with the library's fast [`los::sees`], so the whole map takes a few
/// milliseconds; the explanation is asked for the hovered hex only ([`sight_to`]).
pub fn verdicts(scene: &Scene, from: &[Axial]) -> Vec<(Axial, Seen)> {
    let board = &scene.board;
    board
        .hexes()
        .iter()
        .filter_map(|h| {
            los::best_verdicts(board, from, &[h.at], scene.rules)
                .map(|(seen, back)| (h.at, Seen::from_verdicts(seen, back)))
        })
        .collect()
}

/// Range from the source to every hex (the nearest of the source's hexes), in board order.
pub fn ranges(scene: &Scene, from: &[Axial]) -> Vec<(Axial, u32)> {
    los::ranges_from(&scene.board, from)
}

/// The token of the scene that is the source, if the source is a token.
fn placed<'a>(scene: &'a Scene, source: &Source) -> Option<&'a Placed> {
    let id = source.token.as_deref()?;
    scene
        .tokens
        .iter()
        .find(|t| t.id == id && t.hexes == source.hexes)
        .or_else(|| scene.token(id))
}

/// Where the source may end a movement, with the costs and hazards: the scene's occupancy
/// (the moving token itself excluded) and hazard spaces, and the figure's footprint rule.
pub fn reach(scene: &Scene, source: &Source, action: MoveAction) -> Vec<Destination> {
    scene.reach(&source.hexes, placed(scene, source), action)
}

/// An area or vertex template from the source with its origin at `origin`; `corner` is the
/// origin hex's corner for a vertex attack (0 east, clockwise).
pub fn template(
    scene: &Scene,
    from: &[Axial],
    origin: Axial,
    corner: usize,
    settings: &Settings,
) -> Template {
    if settings.vertex {
        area::vertex(
            &scene.board,
            from,
            origin,
            corner,
            settings.max_origin,
            scene.rules,
        )
    } else {
        area::area(
            &scene.board,
            from,
            origin,
            settings.max_origin,
            settings.radius,
            scene.rules,
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::document::Document;
    use crate::rulesets::sentinel_tactics::held::MapDocument;
    use megahex::board::distance;
    use megahex::board::movement::{self, World};

    fn scene(path: &str) -> (Scene, Document) {
        let file = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("..")
            .join(path);
        let doc = Document::open(&file);
        let scene = Scene::new(doc.scenario().unwrap(), &doc.catalog);
        (scene, doc)
    }

    #[test]
    fn the_sight_overlay_is_the_library_answer_for_each_hex() {
        for (path, id) in [
            ("scenarios/duel-ra-vs-blade.yaml", "ra"),
            ("scenarios/jungle-raptor-run.yaml", ""),
            ("scenarios/volcano-omnitron-forge.yaml", ""),
        ] {
            let (scene, _) = scene(path);
            // A named figure, else the biggest footprint (a multi-hex figure where there is one).
            let token = scene
                .token(id)
                .or_else(|| scene.tokens.iter().max_by_key(|t| t.hexes.len()))
                .unwrap();
            let from = token.hexes.clone();
            let all = verdicts(&scene, &from);
            assert_eq!(all.len(), scene.board.hexes().len());
            for &(at, seen) in &all {
                let best = los::best_sight(&scene.board, &from, &[at], scene.rules).unwrap();
                assert_eq!(seen, Seen::of(&best), "{path}: {at:?}");
                let explained = sight_to(&scene, &from, at).unwrap();
                assert_eq!(Seen::of(&explained), seen);
                if let [one] = from.as_slice() {
                    assert_eq!(
                        Some(explained),
                        los::sight(&scene.board, *one, at, scene.rules)
                    );
                } else {
                    assert_eq!(explained, best);
                }
            }
            // Some hexes are hidden and some seen on a real map.
            assert!(all.iter().any(|(_, s)| *s == Seen::Both), "{path}");
            assert!(all.iter().any(|(_, s)| *s == Seen::Hidden), "{path}");
        }
    }

    #[test]
    fn cover_makes_one_way_verdicts() {
        let (scene, _) = scene("scenarios/jungle-raptor-run.yaml");
        let board = &scene.board;
        let cover = board.hexes().iter().find(|h| h.is_cover()).unwrap().at;
        let all = verdicts(&scene, &[cover]);
        // From cover the viewer sees out but is not seen back, except by adjacent hexes.
        let one_way: Vec<Axial> = all
            .iter()
            .filter(|(_, s)| *s == Seen::SourceOnly)
            .map(|(at, _)| *at)
            .collect();
        assert!(!one_way.is_empty());
        for at in one_way {
            let s = los::sight(board, cover, at, scene.rules).unwrap();
            assert!(s.visible && !s.reverse_visible);
            assert!(distance(s.from, s.to) > 1);
        }
        // And the other way round: from outside, a hex in cover is one that sees but is not
        // seen.
        let outside = all
            .iter()
            .find(|(at, s)| *s == Seen::SourceOnly && !board.get(*at).unwrap().is_cover())
            .unwrap()
            .0;
        let back = verdicts(&scene, &[outside]);
        assert!(back.contains(&(cover, Seen::TargetOnly)));
    }

    #[test]
    fn range_numbers_are_the_library_range_from_the_nearest_source_hex() {
        let (scene, _) = scene("scenarios/volcano-omnitron-forge.yaml");
        let figure = scene.tokens.iter().max_by_key(|t| t.hexes.len()).unwrap();
        let from = figure.hexes.clone();
        for (at, r) in ranges(&scene, &from) {
            let expected = from
                .iter()
                .map(|&f| los::range(&scene.board, f, at, 0).unwrap())
                .min()
                .unwrap();
            assert_eq!(r, expected);
        }
        let one = [scene.board.hexes()[3].at];
        for (at, r) in ranges(&scene, &one) {
            assert_eq!(Some(r), los::range(&scene.board, one[0], at, 0));
        }
    }

    #[test]
    fn reach_is_the_library_reach_with_the_mover_left_out_of_occupied() {
        let (scene, _) = scene("scenarios/duel-ra-vs-blade.yaml");
        let token = scene.tokens.iter().find(|t| t.target).unwrap();
        let source = Source {
            hexes: token.hexes.clone(),
            token: Some(token.id.clone()),
        };
        let action = MoveAction::Move {
            budget: 4,
            mobility: false,
        };
        let ours = reach(&scene, &source, action);
        let occupied = |at: Axial| scene.occupied_by_other(at, Some(&token.id));
        let hazard = |at: Axial| scene.is_hazard(at);
        let world = World {
            occupied: &occupied,
            hazard: &hazard,
        };
        let theirs = movement::reach(
            &scene.board,
            &scene.mover(&token.hexes, Some(token)),
            action,
            &world,
        );
        assert_eq!(ours, theirs);
        // The figure's own hex is a destination (cost 0): it does not block itself.
        assert!(ours.iter().any(|d| d.at == token.hexes[0] && d.cost == 0));
        // Sprint goes at most 2 hexes.
        for d in reach(&scene, &source, MoveAction::Sprint) {
            assert!(distance(d.at, token.hexes[0]) <= 2);
        }
    }

    #[test]
    fn the_cache_computes_once_per_source_layout_and_settings() {
        let (_, doc) = scene("scenarios/duel-ra-vs-blade.yaml");
        let shared = doc.scene.clone().unwrap();
        let mut cache = crate::rulesets::sentinel_tactics::overlay_cache::Cache::default();
        let at = doc.board().unwrap().hexes()[5].at;
        let source = Source {
            hexes: vec![at],
            token: None,
        };
        for _ in 0..5 {
            cache.scene(1, &shared);
            cache.verdicts(&source);
        }
        assert_eq!(
            cache.computed, 1,
            "asked once while the answer is on its way"
        );
        cache.wait();
        assert!(!cache.verdicts(&source).is_empty());
        assert_eq!(cache.computed, 1, "and not again once it is there");
        cache.scene(2, &shared);
        cache.verdicts(&source);
        assert_eq!(cache.computed, 2, "a new layout computes again");
        let other = Source {
            hexes: vec![doc.board().unwrap().hexes()[6].at],
            token: None,
        };
        cache.verdicts(&other);
        assert_eq!(cache.computed, 3, "a new source computes again");
        let settings = Settings::default();
        cache.template(&other, at, 2, &settings);
        cache.template(&other, at, 4, &settings);
        assert_eq!(
            cache.computed, 4,
            "the corner only matters for vertex attacks"
        );
    }

    #[test]
    fn templates_are_the_library_templates() {
        let (scene, _) = scene("scenarios/duel-ra-vs-blade.yaml");
        let from = [scene.board.hexes()[10].at];
        let origin = scene.board.hexes()[12].at;
        let settings = Settings {
            radius: 2,
            max_origin: 1,
            ..Settings::default()
        };
        assert_eq!(
            template(&scene, &from, origin, 0, &settings),
            area::area(&scene.board, &from, origin, 1, 2, scene.rules)
        );
        let vertex = Settings {
            vertex: true,
            ..settings
        };
        assert_eq!(
            template(&scene, &from, origin, 3, &vertex),
            area::vertex(&scene.board, &from, origin, 3, 1, scene.rules)
        );
    }
}
