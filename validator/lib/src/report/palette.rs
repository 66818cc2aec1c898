//! The colours every picture of a map uses, on screen (the editor) and in exports (SVG, PNG):
//! teams, neutral tokens and objectives. One palette, so what is exported is what is on screen.

use megahex_schema::Team;

/// A colour as red, green and blue.
pub type Rgb = [u8; 3];

/// Team colours by position, for teams that do not name their own `color`.
pub const TEAM_PALETTE: [Rgb; 6] = [
    [60, 140, 255],
    [230, 60, 60],
    [250, 190, 40],
    [170, 90, 230],
    [40, 200, 200],
    [240, 120, 200],
];

/// Tokens of no team (markers, environment figures).
pub const NEUTRAL: Rgb = [230, 230, 230];

/// An objective of no known team.
pub const OBJECTIVE: Rgb = [255, 210, 40];

/// Line of sight both ways.
pub const SEEN: Rgb = [70, 220, 110];
/// No line of sight either way.
pub const HIDDEN: Rgb = [20, 20, 28];
/// The source sees the hex but is not seen back (the source stands in cover).
pub const SEES_ONLY: Rgb = [80, 170, 255];
/// The hex sees the source, which cannot see it (the hex is in cover).
pub const SEEN_ONLY: Rgb = [230, 110, 230];
/// Hexes a figure can reach.
pub const REACH: Rgb = [90, 200, 255];
/// Hazard spaces, and paths that enter them.
pub const HAZARD: Rgb = [255, 150, 30];
/// Hexes an area attack hits.
pub const HIT: Rgb = [255, 70, 60];
/// Hexes in an area template that its origin cannot see.
pub const SHIELDED: Rgb = [150, 150, 160];
/// A clear line of sight.
pub const WITNESS: Rgb = [255, 255, 120];
/// Hexes that block every line of sight, and origins that cannot be chosen.
pub const BLOCKER: Rgb = [255, 60, 60];
/// Range numbers.
pub const RANGE_TEXT: Rgb = [255, 240, 170];

/// Reads `#rrggbb`; anything else is `None` (the checker reports bad colours).
pub fn parse_hex_colour(text: &str) -> Option<Rgb> {
    let digits = text.strip_prefix('#')?;
    if digits.len() != 6 || !digits.is_ascii() {
        return None;
    }
    let channel = |i: usize| u8::from_str_radix(digits.get(i..i + 2)?, 16).ok();
    Some([channel(0)?, channel(2)?, channel(4)?])
}

/// The colour of the team at `index`: its `color`, else a palette colour by position, so its
/// tokens, its zone and its objectives match everywhere.
pub fn team_colour(teams: &[Team], index: usize) -> Rgb {
    teams
        .get(index)
        .and_then(|t| t.color.as_deref())
        .and_then(parse_hex_colour)
        .unwrap_or(TEAM_PALETTE[index % TEAM_PALETTE.len()])
}

/// The colour of the team called `id`, or `fallback` when there is no such team.
pub fn colour_of_team(teams: &[Team], id: Option<&str>, fallback: Rgb) -> Rgb {
    id.and_then(|id| teams.iter().position(|t| t.id == id))
        .map_or(fallback, |i| team_colour(teams, i))
}

/// A hex whose elevation or terrain changed between two versions of a scenario.
pub const CHANGED: Rgb = [255, 170, 40];
/// Hexes, tokens or sight gained in the new version.
pub const GAINED: Rgb = [90, 230, 120];
/// Hexes, tokens or sight lost from the old version.
pub const LOST: Rgb = [255, 80, 80];

/// `#rrggbb`, for SVG.
pub fn css(rgb: Rgb) -> String {
    format!("#{:02x}{:02x}{:02x}", rgb[0], rgb[1], rgb[2])
}

#[cfg(test)]
mod tests {
    use super::*;

    fn team(id: &str, color: Option<&str>) -> Team {
        Team {
            id: id.into(),
            name: None,
            color: color.map(Into::into),
        }
    }

    #[test]
    fn a_team_keeps_its_own_colour_and_others_take_the_palette_by_position() {
        let teams = [
            team("a", Some("#102030")),
            team("b", None),
            team("c", Some("red")),
        ];
        assert_eq!(team_colour(&teams, 0), [0x10, 0x20, 0x30]);
        assert_eq!(team_colour(&teams, 1), TEAM_PALETTE[1]);
        assert_eq!(
            team_colour(&teams, 2),
            TEAM_PALETTE[2],
            "a bad colour falls back"
        );
        assert_eq!(colour_of_team(&teams, Some("b"), NEUTRAL), TEAM_PALETTE[1]);
        assert_eq!(colour_of_team(&teams, Some("zz"), NEUTRAL), NEUTRAL);
        assert_eq!(css([255, 0, 16]), "#ff0010");
    }
}
