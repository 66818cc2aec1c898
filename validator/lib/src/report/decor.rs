//! What a picture of a scenario marks besides the ground: each token's team colour, objective
//! hexes and tokens to collect in the colour of the team that wants them, and deployment zones.
//! Worked out once here and drawn by both the editor and the SVG/PNG exports.

use super::palette::{self, Rgb};
use crate::board::hex::Axial;

/// An objective's hexes (hold, reach), in its team's colour.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ObjectiveMark {
    /// The objective's id.
    pub id: String,
    /// Its team.
    pub team: String,
    /// Its kind, the word the legend gives (`hold`, `reach`).
    pub kind: &'static str,
    /// The team's colour.
    pub colour: Rgb,
    /// The hexes that resolved.
    pub hexes: Vec<Axial>,
}

/// A team's deployment zone.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ZoneMark {
    /// The team.
    pub team: String,
    /// Its colour.
    pub colour: Rgb,
    /// The hexes that resolved.
    pub hexes: Vec<Axial>,
}

impl ZoneMark {
    /// A team's zone, in the team's colour.
    pub fn of_team(teams: &[megahex_schema::Team], team: &str, hexes: Vec<Axial>) -> ZoneMark {
        ZoneMark {
            team: team.to_owned(),
            colour: palette::colour_of_team(teams, Some(team), palette::NEUTRAL),
            hexes,
        }
    }
}

/// A token an objective asks a team to collect, ringed in that team's colour.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CollectMark {
    /// The token's id.
    pub token: String,
    /// The objective that collects it.
    pub objective: String,
    /// The collecting team.
    pub team: String,
    /// The collecting team's colour.
    pub colour: Rgb,
    /// How many other objectives ring this token before this one: each ring is drawn a little
    /// wider, so two teams racing for one token both show.
    pub ring: usize,
}

/// A placed tile: its number and side for the label, and its arrow.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TileMark {
    /// The centre hex (index 10).
    pub centre: Axial,
    /// Sixths of a turn clockwise, as placed.
    pub rotation: u8,
    /// `M3`, `I5`: side and tile number, as the printed tiles read.
    pub label: String,
}

/// The rings of tokens objectives ask teams to collect, from `(token, objective, team)` in
/// order: a token wanted twice gets a second, wider ring.
pub fn collect_marks<'a>(
    wanted: impl IntoIterator<Item = (&'a str, &'a str, &'a str)>,
    colour_of_team: impl Fn(&str) -> Rgb,
) -> Vec<CollectMark> {
    let mut marks: Vec<CollectMark> = Vec::new();
    for (token, objective, team) in wanted {
        let ring = marks.iter().filter(|c| c.token == token).count();
        marks.push(CollectMark {
            token: token.to_owned(),
            objective: objective.to_owned(),
            team: team.to_owned(),
            colour: colour_of_team(team),
            ring,
        });
    }
    marks
}

/// Everything a picture of the scenario marks, and which of it to draw.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Decorations {
    /// Each token's colour by id: its team's, or neutral.
    pub token_colours: Vec<(String, Rgb)>,
    /// Objective hexes.
    pub objectives: Vec<ObjectiveMark>,
    /// Tokens to collect.
    pub collect: Vec<CollectMark>,
    /// Deployment zones.
    pub zones: Vec<ZoneMark>,
    /// The placed tiles the board holds (a tile the catalog does not know is not drawn).
    pub tiles: Vec<TileMark>,
    /// Each team's id with the name the legend gives it (its `name`, else its id).
    pub team_names: Vec<(String, String)>,
}

/// Each team's id with the name a legend gives it: its `name`, else its id.
pub fn team_names(teams: &[megahex_schema::Team]) -> Vec<(String, String)> {
    teams
        .iter()
        .map(|t| (t.id.clone(), t.name.clone().unwrap_or_else(|| t.id.clone())))
        .collect()
}

impl Decorations {
    /// A token's colour.
    pub fn token_colour(&self, id: &str) -> Rgb {
        self.token_colours
            .iter()
            .find(|(t, _)| t == id)
            .map_or(palette::NEUTRAL, |(_, c)| *c)
    }

    /// The name the legend gives a team: its name where the file gives one, else its id.
    pub fn team_name<'a>(&'a self, id: &'a str) -> &'a str {
        self.team_names
            .iter()
            .find(|(t, _)| t == id)
            .map_or(id, |(_, name)| name.as_str())
    }

    /// Leaves out the objective marks (hexes and tokens to collect).
    pub fn without_objectives(mut self) -> Decorations {
        self.objectives.clear();
        self.collect.clear();
        self
    }

    /// Leaves out the deployment zones.
    pub fn without_zones(mut self) -> Decorations {
        self.zones.clear();
        self
    }

    /// Lines for a legend: what each colour means on this map.
    pub fn legend(&self) -> Vec<(Rgb, String)> {
        self.legend_of(true, true)
    }

    /// The legend of the marks shown: objectives (hexes and tokens to collect) and zones each
    /// only when on.
    pub fn legend_of(&self, objectives: bool, zones: bool) -> Vec<(Rgb, String)> {
        self.legend_entries(objectives, zones)
            .into_iter()
            .map(|(colour, text, _)| (colour, text))
            .collect()
    }

    /// [`Decorations::legend_of`]'s lines with the kind of mark each stands for, so a picture
    /// can draw each swatch as the map draws that mark.
    pub fn legend_entries(&self, objectives: bool, zones: bool) -> Vec<(Rgb, String, LegendKind)> {
        let mut lines = Vec::new();
        let shown = |on: bool, len: usize| if on { len } else { 0 };
        let marks = &self.objectives[..shown(objectives, self.objectives.len())];
        let collect = &self.collect[..shown(objectives, self.collect.len())];
        let zone_marks = &self.zones[..shown(zones, self.zones.len())];
        for o in marks {
            lines.push((
                o.colour,
                format!(
                    "objective {} ({} for {})",
                    o.id,
                    o.kind,
                    self.team_name(&o.team)
                ),
                LegendKind::ObjectiveHexes,
            ));
        }
        // One line per collecting objective, naming its tokens.
        let mut seen: Vec<&str> = Vec::new();
        for c in collect {
            if seen.contains(&c.objective.as_str()) {
                continue;
            }
            seen.push(&c.objective);
            let tokens: Vec<&str> = collect
                .iter()
                .filter(|d| d.objective == c.objective)
                .map(|d| d.token.as_str())
                .collect();
            lines.push((
                c.colour,
                format!(
                    "objective {} (collect for {}): {}",
                    c.objective,
                    self.team_name(&c.team),
                    tokens.join(", ")
                ),
                LegendKind::Collect,
            ));
        }
        for z in zone_marks {
            lines.push((
                z.colour,
                format!("deployment zone of {}", self.team_name(&z.team)),
                LegendKind::Zone,
            ));
        }
        lines
    }
}

/// The kind of mark a legend line stands for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum LegendKind {
    /// Objective hexes (hold, reach): a dashed outline with a diamond.
    ObjectiveHexes,
    /// Tokens to collect: a dashed ring.
    Collect,
    /// A deployment zone: a tint with a solid outline.
    Zone,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_legend_line_says_which_kind_of_mark_it_stands_for() {
        let decor = Decorations {
            objectives: vec![ObjectiveMark {
                id: "hold-1".into(),
                team: "heroes".into(),
                kind: "hold",
                colour: [1, 2, 3],
                hexes: vec![[0, 0]],
            }],
            collect: vec![CollectMark {
                token: "shard-1".into(),
                objective: "gather".into(),
                team: "heroes".into(),
                colour: [1, 2, 3],
                ring: 0,
            }],
            zones: vec![ZoneMark {
                team: "heroes".into(),
                colour: [1, 2, 3],
                hexes: vec![[1, 0]],
            }],
            ..Decorations::default()
        };
        let kinds: Vec<LegendKind> = decor
            .legend_entries(true, true)
            .into_iter()
            .map(|(_, _, kind)| kind)
            .collect();
        assert_eq!(
            kinds,
            [
                LegendKind::ObjectiveHexes,
                LegendKind::Collect,
                LegendKind::Zone
            ]
        );
        // A team without a name is called by its id.
        assert_eq!(
            decor.legend(),
            [
                ([1, 2, 3], "objective hold-1 (hold for heroes)".to_owned()),
                (
                    [1, 2, 3],
                    "objective gather (collect for heroes): shard-1".to_owned()
                ),
                ([1, 2, 3], "deployment zone of heroes".to_owned()),
            ]
        );
        assert_eq!(decor.legend_entries(false, true).len(), 1, "zones only");
    }

    #[test]
    fn the_legend_calls_a_team_by_its_name() {
        let teams: Vec<megahex_schema::Team> =
            serde_yaml::from_str("[{id: heroes, name: Freedom Five}, {id: villains}]").unwrap();
        let zone = |team: &str| ZoneMark {
            team: team.into(),
            colour: [1, 2, 3],
            hexes: vec![[0, 0]],
        };
        let decor = Decorations {
            zones: vec![zone("heroes"), zone("villains")],
            team_names: team_names(&teams),
            ..Decorations::default()
        };
        let lines: Vec<String> = decor.legend().into_iter().map(|(_, l)| l).collect();
        assert_eq!(
            lines,
            [
                "deployment zone of Freedom Five",
                "deployment zone of villains"
            ]
        );
    }
}
