//! The fairness verdict: the report's figures side by side per team, and which team the
//! starting position favours, or exactly what is missing to say.

/// What the report found about one objective.
#[derive(Debug, Clone, PartialEq)]
pub(super) struct ObjectiveFact {
    /// The team whose objective it is.
    pub team: String,
    /// Movement from its nearest figure.
    pub nearest: u32,
    /// Expected turns for its fastest figure, when the stats allow an estimate.
    pub turns: Option<f64>,
}

/// What one figure can do on turn 1 without moving.
#[derive(Debug, Clone, PartialEq)]
pub(super) struct ExposureFact {
    /// The attacker's team.
    pub team: String,
    /// How many enemy figures it can hit.
    pub targets: usize,
    /// The expected damage of its best attack on each, summed over those whose defence is known.
    pub damage: f64,
}

/// The figures behind the report.
#[derive(Debug, Clone, Default, PartialEq)]
pub(super) struct Facts {
    pub objectives: Vec<ObjectiveFact>,
    pub exposure: Vec<ExposureFact>,
    /// The team of every figure with attack stats.
    pub armed: Vec<String>,
    /// Figures with missing stats, written as the report writes them.
    pub missing: Vec<String>,
    /// No figure has any stats.
    pub no_stats: bool,
    /// The map is larger than the report covers.
    pub too_large: bool,
    /// Each figure's way to each objective of its team.
    pub reach: Vec<FigureReach>,
}

/// How far one figure is from one objective of its team.
#[derive(Debug, Clone, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct FigureReach {
    /// The figure's token id.
    pub figure: String,
    /// The objective's id.
    pub objective: String,
    /// The least movement to stand where the objective asks, `None` when it never gets there.
    pub movement: Option<u32>,
    /// Expected turns to get there, when its stats allow an estimate.
    pub turns: Option<f64>,
}

/// One team's figures.
#[derive(Debug, Clone, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct Standing {
    /// The team.
    pub team: String,
    /// Movement from its nearest figure to its nearest objective, if it has one.
    pub nearest: Option<u32>,
    /// Expected turns to its quickest objective, when the stats allow an estimate.
    pub turns: Option<f64>,
    /// Some figure of the team has attack stats, so turn 1 could be weighed.
    pub armed: bool,
    /// Enemy figures it can hit on turn 1 without moving, counted per attacker.
    pub turn_one_hits: usize,
    /// Expected damage it can deal on turn 1 without moving (where defences are known).
    pub turn_one_damage: f64,
}

/// Which team the starting position favours.
#[derive(Debug, Clone, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct Verdict {
    /// Each team of the scenario, in file order.
    pub standings: Vec<Standing>,
    /// The favoured team, if one is.
    pub favoured: Option<String>,
    /// The verdict in a sentence (who is favoured and by how much, or that it is even);
    /// `None` when the figures do not say.
    pub summary: Option<String>,
    /// What is missing for a verdict (or a better one), in sentences.
    pub missing: Vec<String>,
}

impl Verdict {
    pub(super) fn from_facts(
        scenario: &megahex_schema::rulesets::sentinel_tactics::Scenario,
        facts: Facts,
    ) -> Verdict {
        let standings: Vec<Standing> = scenario
            .teams
            .iter()
            .map(|team| {
                let objectives: Vec<&ObjectiveFact> = facts
                    .objectives
                    .iter()
                    .filter(|o| o.team == team.id)
                    .collect();
                let exposure = facts.exposure.iter().filter(|e| e.team == team.id);
                Standing {
                    team: team.id.clone(),
                    nearest: objectives.iter().map(|o| o.nearest).min(),
                    turns: objectives
                        .iter()
                        .filter_map(|o| o.turns)
                        .min_by(f64::total_cmp),
                    armed: facts.armed.contains(&team.id),
                    turn_one_hits: exposure.clone().map(|e| e.targets).sum(),
                    turn_one_damage: exposure.map(|e| e.damage).sum(),
                }
            })
            .collect();
        let mut missing = Vec::new();
        if facts.too_large {
            missing.push("the map is larger than the fairness report covers".to_owned());
        }
        if standings.len() < 2 {
            missing.push("a second team, to compare with".to_owned());
        }
        for s in standings.iter().filter(|s| s.nearest.is_none()) {
            missing.push(format!(
                "an objective for `{}` that its figures can reach (hexes, targets or tokens)",
                s.team
            ));
        }
        if facts.no_stats {
            missing.push(
                "stats (movement and actions) for the figures, for expected turns".to_owned(),
            );
        } else if !facts.missing.is_empty() {
            missing.push(format!("stats for {}", facts.missing.join("; ")));
        }
        let lean = lean(&standings);
        Verdict {
            standings,
            favoured: lean.as_ref().and_then(|(team, _)| team.clone()),
            summary: lean.map(|(_, text)| text),
            missing,
        }
    }
}

/// The team nearest its objectives: by expected turns when every team has an estimate, else by
/// movement. Within a tenth of a turn (or one hex) it is even, and no team is named.
fn lean(standings: &[Standing]) -> Option<(Option<String>, String)> {
    if standings.len() < 2 {
        return None;
    }
    let by_turns: Option<Vec<(&str, f64)>> = standings
        .iter()
        .map(|s| s.turns.map(|t| (s.team.as_str(), t)))
        .collect();
    if let Some(mut turns) = by_turns {
        turns.sort_by(|a, b| a.1.total_cmp(&b.1));
        let (first, second) = (turns[0], turns[1]);
        if second.1 - first.1 < 0.1 {
            return Some((
                None,
                format!(
                    "even: {:.2} and {:.2} expected turns to an objective",
                    first.1, second.1
                ),
            ));
        }
        return Some((
            Some(first.0.to_owned()),
            format!(
                "`{}` is favoured: {:.2} expected turns to an objective against {:.2} for `{}` ({:.2} turns ahead)",
                first.0,
                first.1,
                second.1,
                second.0,
                second.1 - first.1
            ),
        ));
    }
    let by_cost: Option<Vec<(&str, u32)>> = standings
        .iter()
        .map(|s| s.nearest.map(|n| (s.team.as_str(), n)))
        .collect();
    let mut costs = by_cost?;
    costs.sort_by_key(|c| c.1);
    let (first, second) = (costs[0], costs[1]);
    if second.1 - first.1 <= 1 {
        return Some((
            None,
            format!(
                "even: {} and {} movement to an objective",
                first.1, second.1
            ),
        ));
    }
    Some((
        Some(first.0.to_owned()),
        format!(
            "`{}` stands nearer its objectives: {} movement against {} for `{}` (no turn estimate without stats)",
            first.0, first.1, second.1, second.0
        ),
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn standing(team: &str, nearest: Option<u32>, turns: Option<f64>) -> Standing {
        Standing {
            team: team.into(),
            nearest,
            turns,
            armed: false,
            turn_one_hits: 0,
            turn_one_damage: 0.0,
        }
    }

    #[test]
    fn turns_decide_when_every_team_has_them_else_movement() {
        let (team, text) = lean(&[
            standing("a", Some(9), Some(3.2)),
            standing("b", Some(2), Some(1.5)),
        ])
        .unwrap();
        assert_eq!(
            team.as_deref(),
            Some("b"),
            "fewer expected turns wins over nearer hexes"
        );
        assert!(
            text.contains("1.50 expected turns") && text.contains("3.20 for `a`"),
            "{text}"
        );
        assert!(text.contains("1.70 turns ahead"), "{text}");

        let (team, text) = lean(&[
            standing("a", Some(3), Some(2.0)),
            standing("b", Some(7), None),
        ])
        .unwrap();
        assert_eq!(
            team.as_deref(),
            Some("a"),
            "movement decides without a turn estimate"
        );
        assert!(text.contains("3 movement against 7"), "{text}");

        let (team, text) = lean(&[
            standing("a", Some(4), Some(2.0)),
            standing("b", Some(4), Some(2.05)),
        ])
        .unwrap();
        assert_eq!(team, None, "within a tenth of a turn it is even");
        assert!(text.starts_with("even"), "{text}");

        assert_eq!(
            lean(&[standing("a", Some(4), None), standing("b", None, None)]),
            None
        );
        assert_eq!(
            lean(&[standing("a", Some(4), Some(1.0))]),
            None,
            "one team: no verdict"
        );
    }

    #[test]
    fn the_verdict_agrees_with_the_report_it_comes_from() {
        let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("../../scenarios/city-blades-gambit.yaml");
        let text = std::fs::read_to_string(path).unwrap();
        let scenario: megahex_schema::rulesets::sentinel_tactics::Scenario =
            serde_yaml::from_str(&text).unwrap();
        let catalog = megahex_schema::Catalog::builtin();
        let verdict = crate::rulesets::sentinel_tactics::fairness::verdict(&scenario, &catalog);
        // Read each team's nearest distance back from the report's own sentences.
        let report = crate::rulesets::sentinel_tactics::fairness::report(&scenario, &catalog);
        for standing in &verdict.standings {
            let from_report = report
                .iter()
                .filter(|d| d.message.contains(&format!("(team `{}`)", standing.team)))
                .filter_map(|d| {
                    let after = d.message.split("is nearest, ").nth(1)?;
                    after.split(' ').next()?.parse::<u32>().ok()
                })
                .min();
            assert_eq!(standing.nearest, from_report, "team {}", standing.team);
        }
        let nearest = |team: &str| {
            verdict
                .standings
                .iter()
                .find(|s| s.team == team)
                .and_then(|s| s.nearest)
        };
        if let Some(team) = &verdict.favoured {
            let other = verdict
                .standings
                .iter()
                .find(|s| s.team != *team)
                .map(|s| s.team.clone())
                .unwrap();
            if verdict.standings.iter().any(|s| s.turns.is_none()) {
                assert!(nearest(team) < nearest(&other));
            }
        }
        assert!(
            verdict.summary.is_some(),
            "two teams with objectives get a verdict"
        );
    }
}
