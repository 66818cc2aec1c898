//! Each card's effects read once into what the simulation asks of them: the one home of every
//! effect's meaning in play. Effect kinds it does not play are listed, so reports can say so.

use megahex_schema::rulesets::solar_sentinels::{
    AssignScope, BanScope, CommitScope, Effect, Face, HealthLoss, Rule, Timing,
};

use super::super::dice::Colour;

/// Colours as a set, indexed like [`Colour::ALL`].
pub type Colours = [bool; 5];

fn colours_of(list: &[megahex_schema::rulesets::solar_sentinels::DieColour]) -> Colours {
    let mut set = [false; 5];
    for c in list {
        set[Colour::from(*c) as usize] = true;
    }
    set
}

/// When a Resolve-phase rule applies.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum When {
    /// While the card is undefeated (a `during` or `special` effect).
    Undefeated,
    /// Defeated or not (an `after` effect).
    Always,
    /// Once, when the card is defeated (an `instant` effect).
    OnDefeat,
}

impl When {
    fn of(timing: Timing) -> When {
        match timing {
            Timing::During | Timing::Special => When::Undefeated,
            Timing::After => When::Always,
            Timing::Instant => When::OnDefeat,
        }
    }

    /// Does it apply at the Resolve phase to a card that is (or is not) defeated?
    pub fn at_resolve(self, defeated: bool) -> bool {
        match self {
            When::Undefeated => !defeated,
            When::Always => true,
            When::OnDefeat => defeated,
        }
    }
}

/// What one card's effects ask of the game.
#[derive(Debug, Clone, Default)]
pub struct CardRules {
    /// Most dice committed this round while it is undefeated.
    pub commit_per_round: Option<u32>,
    /// Most dice committed in one step while it is undefeated.
    pub commit_per_step: Option<u32>,
    /// Most dice assigned to it in all.
    pub assign_per_card: Option<u32>,
    /// Most dice assigned to it from one roll.
    pub assign_per_roll: Option<u32>,
    /// Colours that may not be assigned to it.
    pub no_assign: Colours,
    /// Colours that may not be committed while it is undefeated.
    pub no_commit: Colours,
    /// Face values it changes: (face, colours, value).
    pub face_values: Vec<(Face, Colours, u32)>,
    /// Hits and misses swap on every colour not in the set.
    pub swap_except: Option<Colours>,
    /// Health lost after each roll while it is undefeated.
    pub lose_health: Vec<(HealthLoss, u32)>,
    /// Recovery is skipped.
    pub skip_recover: Option<When>,
    /// Every undefeated enemy deals this much more.
    pub survivors_deal: u32,
    /// Hits deal nothing while a level 1 or 2 enemy stands.
    pub shielded: bool,
    /// Most damage it takes in one step.
    pub max_damage_per_step: Option<u32>,
    /// It escapes before Suffer Damage.
    pub flee_after: bool,
    /// It escapes when one roll shows this many misses.
    pub flee_on_misses: Option<u32>,
    /// The top card of each stack is discarded.
    pub discard_stack_tops: Option<When>,
    /// Cards removed from the stacks when it is defeated.
    pub remove_from_stacks: u32,
    /// Each die assigned to it discards a stack card (`discard-per-assigned`).
    pub discard_per_assigned: bool,
    /// Undefeated, it goes back on top of its stack.
    pub return_if_undefeated: bool,
    /// Dice assigned to it that are banished when it is defeated.
    pub banish_on_defeat: u32,
    /// Committed dice showing a miss are banished.
    pub banish_committed_misses: bool,
    /// Undefeated, the strongest pool die is banished.
    pub banish_strongest_if_undefeated: bool,
    /// Dice committed this round are not recovered while it is active.
    pub dice_stay_exhausted: bool,
    /// The boss is revealed: at activation, or at the defeat for an `instant` effect.
    pub reveal_boss: Option<When>,
    /// When defeated, another active enemy of these levels is defeated too.
    pub defeat_another: Option<Vec<u8>>,
    /// One more activation next round if the hero took damage.
    pub extra_activation: bool,
    /// All dice assigned to it are of one colour.
    pub one_colour: bool,
    /// One die of each colour assigned to it a step.
    pub one_die_per_colour: bool,
    /// Colours it needs among its assigned dice to be defeated.
    pub min_colours: u32,
    /// Each other die assigned needs one of this colour.
    pub escort: Option<Colour>,
    /// Committing a die commits its whole colour.
    pub commit_whole_colour: bool,
    /// A die is assigned only if its colour is in the exhausted area.
    pub needs_exhausted_colour: bool,
    /// Misses are not rolled again.
    pub no_reroll_misses: bool,
    /// Hits go on it only in pairs of one colour (`hits-in-pairs`).
    pub hits_in_pairs: bool,
    /// While it stands, one enemy at most falls in an assign step (`one-defeat-per-assign`).
    pub one_defeat_per_assign: bool,
    /// Each crit put on it exhausts a hit of its roll left unassigned (`crit-exhausts-hit`).
    pub crit_exhausts_hit: bool,
    /// While it stands, each miss rolled forces a hit of the roll to be rolled again
    /// (`miss-rerolls-hit`).
    pub miss_rerolls_hit: bool,
    /// Effect kinds the simulation does not play.
    pub skipped: Vec<&'static str>,
}

impl CardRules {
    /// Reads a card's effects.
    pub fn of(effects: &[Effect]) -> CardRules {
        let mut r = CardRules::default();
        for effect in effects {
            let when = When::of(effect.timing());
            match effect.rule() {
                Rule::CommitLimit { max, per } => {
                    let slot = match per {
                        CommitScope::Round => &mut r.commit_per_round,
                        CommitScope::Step => &mut r.commit_per_step,
                    };
                    *slot = Some(slot.map_or(*max, |m| m.min(*max)));
                }
                Rule::AssignLimit { max, per } => {
                    let slot = match per {
                        AssignScope::Card => &mut r.assign_per_card,
                        AssignScope::Roll => &mut r.assign_per_roll,
                    };
                    *slot = Some(slot.map_or(*max, |m| m.min(*max)));
                }
                Rule::Ban { colours, from } => {
                    let set = colours_of(colours);
                    let target = match from {
                        BanScope::Assign => &mut r.no_assign,
                        BanScope::Commit => &mut r.no_commit,
                    };
                    for (t, s) in target.iter_mut().zip(set) {
                        *t |= s;
                    }
                }
                Rule::FaceValue {
                    face,
                    colours,
                    value,
                } => {
                    let set = match colours.is_empty() {
                        true => [true; 5],
                        false => colours_of(colours),
                    };
                    r.face_values.push((*face, set, *value));
                }
                Rule::SwapHitsAndMisses { except } => r.swap_except = Some(colours_of(except)),
                Rule::LoseHealth { per, amount } => r.lose_health.push((*per, *amount)),
                Rule::SkipRecover => r.skip_recover = Some(when),
                Rule::SurvivorsDeal(n) => r.survivors_deal += n,
                Rule::ShieldedWhileEnemies => r.shielded = true,
                Rule::MaxDamagePerStep(n) => r.max_damage_per_step = Some(*n),
                Rule::Flee => r.flee_after = true,
                Rule::FleeOnMisses(n) => r.flee_on_misses = Some(*n),
                Rule::DiscardStackTops => r.discard_stack_tops = Some(when),
                Rule::RemoveFromStacks(n) => r.remove_from_stacks += n,
                Rule::ReturnIfUndefeated => r.return_if_undefeated = true,
                Rule::BanishOnDefeat(n) => r.banish_on_defeat += n,
                Rule::BanishCommittedMisses => r.banish_committed_misses = true,
                Rule::BanishStrongestIfUndefeated => r.banish_strongest_if_undefeated = true,
                Rule::DiceStayExhausted => r.dice_stay_exhausted = true,
                Rule::RevealBoss => r.reveal_boss = Some(when),
                Rule::DefeatAnother { levels } => r.defeat_another = Some(levels.clone()),
                Rule::ExtraActivationIfDamaged => r.extra_activation = true,
                Rule::OneColour => r.one_colour = true,
                Rule::OneDiePerColour => r.one_die_per_colour = true,
                Rule::MinColours(n) => r.min_colours = *n,
                Rule::Escort(c) => r.escort = Some(Colour::from(*c)),
                Rule::CommitWholeColour => r.commit_whole_colour = true,
                Rule::NeedsExhaustedColour => r.needs_exhausted_colour = true,
                Rule::NoRerollMisses => r.no_reroll_misses = true,
                Rule::HitsInPairs => r.hits_in_pairs = true,
                Rule::CritExhaustsHit => r.crit_exhausts_hit = true,
                Rule::MissRerollsHit => r.miss_rerolls_hit = true,
                Rule::DiscardPerAssigned => r.discard_per_assigned = true,
                Rule::OneDefeatPerAssign => r.one_defeat_per_assign = true,
                Rule::Text(_) => r.skipped.push("text"),
            }
        }
        r
    }

    /// The face a `colour` die rolled as `face` counts as for this card, once its
    /// `swap-hits-and-misses` has swapped hits and misses.
    pub fn shows(&self, colour: Colour, face: Face) -> Face {
        match (self.swap_except, face) {
            (Some(except), Face::Hit) if !except[colour as usize] => Face::Miss,
            (Some(except), Face::Miss) if !except[colour as usize] => Face::Hit,
            _ => face,
        }
    }

    /// Whether a `colour` die rolled as `face` must go on this card with a partner: it shows a
    /// hit, and hits go on it in pairs of one colour.
    pub fn paired(&self, colour: Colour, face: Face) -> bool {
        self.hits_in_pairs && self.shows(colour, face) == Face::Hit
    }

    /// What `face` of a `colour` die deals to this card: the hero's table, then the card's
    /// own values, which beat a hero ability.
    pub fn value(&self, colour: Colour, face: Face, hero: &FaceTable) -> u32 {
        let shown = self.shows(colour, face);
        let mut value = hero[colour as usize][shown as usize];
        for (changed, colours, new) in &self.face_values {
            if *changed == shown && colours[colour as usize] {
                value = *new;
            }
        }
        value
    }
}

/// What each face of each colour deals before any card changes it: miss 0, hit 1, crit 2,
/// with the hero's ability. Indexed by colour, then by face (miss, hit, crit).
pub type FaceTable = [[u32; 3]; 5];

/// The face values under a hero's ability (only its `face-value` rules change them).
pub fn hero_faces(ability: Option<&Effect>) -> FaceTable {
    let mut table = [[0, 1, 2]; 5];
    if let Some(Rule::FaceValue {
        face,
        colours,
        value,
    }) = ability.map(Effect::rule)
    {
        let set = match colours.is_empty() {
            true => [true; 5],
            false => colours_of(colours),
        };
        for (row, on) in table.iter_mut().zip(set) {
            if on {
                row[*face as usize] = *value;
            }
        }
    }
    table
}
