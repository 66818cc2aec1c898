//! Hazard spaces (rulebook "Hazard Attacks": "The hexes affected by the radius listed on the
//! hazard attack activate when a target enters or ends their turn in one of those hexes. The
//! origin of the attack must have line of sight to the target"; "If you enter a hazard space
//! while moving, it immediately makes its attack on you"; To Be Continued: "any hazard spaces
//! your character is standing in activate").
//!
//! A source is a hazard token's hex (its zone: the hexes within its radius that it sees) or,
//! while "Flow of Fiery Lava" is in play, each lava hex on its own. Each hazard space a target
//! enters, or stands in at the end of its turn, makes one attack from its source, with range
//! counted from the source.

use crate::illegal::Illegal;
use megahex_schema::rulesets::sentinel_tactics::{
    EnvironmentCard, HazardAttack, Scenario, TokenKind,
};

use super::attack::{Hit, TargetDice};
use super::{Game, State};
use crate::board::area::hazard_zone;
use crate::board::los;
use crate::board::{Axial, distance};
use crate::scene::Scene;

/// One hazard source.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Hazard {
    /// What it is, for messages: the token id, or the lava hex.
    pub name: String,
    /// Where its attack comes from.
    pub origin: Axial,
    /// Its hazard spaces: within its radius and seen from the origin.
    pub zone: Vec<Axial>,
    /// Its die code, when the scenario gives one.
    pub attack: Option<HazardAttack>,
}

/// A hazard attacking a target.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Strike {
    /// Index of the hazard source.
    pub hazard: usize,
    /// The figure attacked.
    pub target: usize,
    /// The hazard space it entered or stands in.
    pub at: Axial,
    /// The step of a walk that entered it; `None` at the end of a turn.
    pub step: Option<usize>,
}

/// The scenario's hazard sources: hazard tokens, and lava under "Flow of Fiery Lava".
pub fn sources(scenario: &Scenario, scene: &Scene) -> Vec<Hazard> {
    let mut out = Vec::new();
    for (token, placed) in scenario.tokens.iter().filter_map(|t| {
        (t.kind == TokenKind::Hazard)
            .then(|| scene.token(&t.id).map(|p| (t, p)))
            .flatten()
    }) {
        for &origin in &placed.hexes {
            out.push(Hazard {
                name: format!("`{}`", token.id),
                origin,
                zone: hazard_zone(&scene.board, origin, token.radius.unwrap_or(0), scene.rules),
                attack: token.hazard_attack.clone(),
            });
        }
    }
    if scenario
        .rules
        .environment
        .contains(&EnvironmentCard::FlowOfFieryLava)
    {
        for hex in scene.board.hexes().iter().filter(|h| h.is_lava()) {
            out.push(Hazard {
                name: format!("the lava at [{}, {}]", hex.at[0], hex.at[1]),
                origin: hex.at,
                zone: vec![hex.at],
                attack: scenario.rules.lava_attack.clone(),
            });
        }
    }
    out
}

impl Game {
    /// Strikes on `who` for the hexes it entered at `step` of a walk.
    pub(crate) fn strikes_entering(
        &self,
        who: usize,
        entered: &[Axial],
        step: usize,
    ) -> Vec<Strike> {
        self.strikes_in(who, entered, Some(step))
    }

    /// Strikes on `who` from the hazard spaces it stands in.
    pub(crate) fn strikes_standing(&self, state: &State, who: usize) -> Vec<Strike> {
        self.strikes_in(who, &state.pieces[who].hexes, None)
    }

    /// One strike for each hazard whose zone holds each of `hexes`, in that order.
    fn strikes_in(&self, who: usize, hexes: &[Axial], step: Option<usize>) -> Vec<Strike> {
        let mut out = Vec::new();
        for &at in hexes {
            for (hazard, source) in self.hazards.iter().enumerate() {
                if source.zone.contains(&at) {
                    out.push(Strike {
                        hazard,
                        target: who,
                        at,
                        step,
                    });
                }
            }
        }
        out
    }

    /// What a strike rolls: the hazard's die code and the range it must make, or why it cannot
    /// be played (no die code given).
    pub fn strike_attack(&self, strike: &Strike) -> Result<(HazardAttack, u32), Illegal> {
        let source = &self.hazards[strike.hazard];
        let Some(attack) = source.attack.clone() else {
            return Err(Illegal::from(format!(
                "{} attacks `{}` on [{}, {}], and the scenario gives no die code for it: give {}",
                source.name,
                self.figures[strike.target].id,
                strike.at[0],
                strike.at[1],
                if source.name.starts_with("the lava") {
                    "`rules: {lava-attack: {dice: N}}`"
                } else {
                    "the hazard token a `hazard-attack: {dice: N}`"
                }
            )));
        };
        let range = los::range(&self.scene.board, source.origin, strike.at, 0)
            .unwrap_or_else(|| distance(source.origin, strike.at));
        Ok((attack, range))
    }

    /// Resolves a hazard's attack with the dice given: `roll` is the hazard's, the defence the
    /// target's.
    pub fn resolve_strike(
        &self,
        state: &mut State,
        strike: &Strike,
        roll: &[u8],
        defense: &TargetDice,
    ) -> Result<Hit, Illegal> {
        let (attack, range) = self.strike_attack(strike)?;
        let source = &self.hazards[strike.hazard];
        if roll.len() != attack.dice as usize {
            return Err(Illegal::from(format!(
                "{} rolls {} dice, and the script gives {}",
                source.name,
                attack.dice,
                roll.len()
            )));
        }
        if !extra_free(defense) {
            return Err(Illegal::from("a hazard's attack takes no Attack+1 dice"));
        }
        let code = self.strike_stats(strike, &attack);
        self.land(state, &code, roll, false, range, defense)
    }

    /// A hazard's attack as an ability: a range attack with the hazard's dice.
    fn strike_stats(
        &self,
        strike: &Strike,
        attack: &megahex_schema::rulesets::sentinel_tactics::HazardAttack,
    ) -> megahex_schema::rulesets::sentinel_tactics::AttackStats {
        let source = &self.hazards[strike.hazard];
        megahex_schema::rulesets::sentinel_tactics::AttackStats {
            name: source.name.clone(),
            kind: megahex_schema::rulesets::sentinel_tactics::AttackKind::Range,
            dice: attack.dice,
            auto_miss: attack.auto_miss.clone(),
            reach: 0,
            origin: 0,
            radius: 0,
            push: 0,
            unlimited: false,
            cost: None,
            one_shot: false,
            card: None,
        }
    }

    /// Whether the target of `strike` rolls defence against `roll`: only when a die makes
    /// range, as for any attack.
    pub fn strike_defended(&self, strike: &Strike, roll: &[u8]) -> bool {
        let Ok((attack, range)) = self.strike_attack(strike) else {
            return true;
        };
        let code = self.strike_stats(strike, &attack);
        super::attack::target_defends(&code, roll, false, range, &TargetDice::default())
    }
}

fn extra_free(dice: &TargetDice) -> bool {
    dice.extra.is_empty()
}
