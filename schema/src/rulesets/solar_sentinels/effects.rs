//! The closed vocabulary of card effects: every kind of effect the game's cards use (see
//! `../shared/reference/solar-sentinels.md`), each with the timing printed on the card. An
//! effect the vocabulary cannot express is written as `text` and reported as not simulated.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use crate::limits::MAX_COUNT;

/// A unit die's colour, weakest first.
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize, JsonSchema,
)]
#[serde(rename_all = "kebab-case")]
pub enum DieColour {
    /// Four misses, one hit, one crit in the box.
    Yellow,
    /// Three misses, two hits, one crit in the box.
    Green,
    /// Two misses, three hits, one crit in the box.
    Blue,
    /// One miss, four hits, one crit in the box.
    Purple,
    /// Five hits and one crit in the box: never misses.
    Red,
}

impl DieColour {
    /// Every colour, weakest first.
    pub const ALL: [DieColour; 5] = [
        DieColour::Yellow,
        DieColour::Green,
        DieColour::Blue,
        DieColour::Purple,
        DieColour::Red,
    ];

    /// The name written in files.
    pub fn as_str(self) -> &'static str {
        match self {
            DieColour::Yellow => "yellow",
            DieColour::Green => "green",
            DieColour::Blue => "blue",
            DieColour::Purple => "purple",
            DieColour::Red => "red",
        }
    }
}

/// What a die face shows.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum Face {
    /// Deals nothing.
    Miss,
    /// Deals 1.
    Hit,
    /// Deals 2.
    Crit,
}

/// When an effect applies, as the card's icon says.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Timing {
    /// From activation until the card is defeated.
    During,
    /// In the Resolve phase, defeated or not.
    After,
    /// Once, when the card is defeated.
    Instant,
    /// Its own timing, as the rule says.
    Special,
}

impl Timing {
    /// The name written in files.
    pub fn as_str(self) -> &'static str {
        match self {
            Timing::During => "during",
            Timing::After => "after",
            Timing::Instant => "instant",
            Timing::Special => "special",
        }
    }
}

/// One effect: its timing is the key, its rule the value (`during: {commit-limit: {max: 3}}`).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "kebab-case", deny_unknown_fields)]
pub enum Effect {
    /// Active from the moment the card is activated until it is defeated.
    During(Rule),
    /// Resolved in the Resolve phase, whether the card was defeated or not.
    After(Rule),
    /// Takes effect once, when the card is defeated.
    Instant(Rule),
    /// Timing and duration as the rule itself says.
    Special(Rule),
}

impl Effect {
    /// When it applies.
    pub fn timing(&self) -> Timing {
        match self {
            Effect::During(_) => Timing::During,
            Effect::After(_) => Timing::After,
            Effect::Instant(_) => Timing::Instant,
            Effect::Special(_) => Timing::Special,
        }
    }

    /// What it does.
    pub fn rule(&self) -> &Rule {
        match self {
            Effect::During(rule)
            | Effect::After(rule)
            | Effect::Instant(rule)
            | Effect::Special(rule) => rule,
        }
    }
}

/// Which dice a limit on committing counts.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum CommitScope {
    /// Every die committed this round, over all Strategy steps (default).
    #[default]
    Round,
    /// The dice committed in one Strategy step.
    Step,
}

/// Which dice a limit on assigning counts.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum AssignScope {
    /// Every die assigned to this card this round (default).
    #[default]
    Card,
    /// The dice assigned to this card from one roll.
    Roll,
}

/// What a colour ban forbids.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum BanScope {
    /// The colours cannot be assigned to this card (default).
    #[default]
    Assign,
    /// The colours cannot be committed at all while the card is active.
    Commit,
}

/// What makes the hero lose Health after a roll.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum HealthLoss {
    /// Each miss rolled.
    Miss,
    /// Each two misses rolled.
    TwoMisses,
    /// Each colour with two or more hits rolled.
    ColourWithTwoHits,
}

/// What an effect does. The kinds are closed: a simulation knows each one.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(
    rename_all = "kebab-case",
    rename_all_fields = "kebab-case",
    deny_unknown_fields
)]
pub enum Rule {
    /// At most `max` dice committed while the card is active, in the round or in one step.
    CommitLimit {
        /// Most dice.
        #[schemars(range(min = 0, max = 17))]
        max: u32,
        /// What the limit counts (default `round`).
        #[serde(default)]
        per: CommitScope,
    },
    /// At most `max` dice assigned to this card, in total or from one roll.
    AssignLimit {
        /// Most dice.
        #[schemars(range(min = 0, max = 17))]
        max: u32,
        /// What the limit counts (default `card`).
        #[serde(default)]
        per: AssignScope,
    },
    /// At most one die of each colour assigned to this card in one assign step.
    OneDiePerColour,
    /// These colours cannot be assigned to this card, or committed at all.
    Ban {
        /// The banned colours.
        #[schemars(length(min = 1, max = 5))]
        colours: Vec<DieColour>,
        /// What the ban forbids (default `assign`).
        #[serde(default)]
        from: BanScope,
    },
    /// Hits are assigned to this card only in pairs of the same colour.
    HitsInPairs,
    /// All dice assigned to this card are of one colour.
    OneColour,
    /// Committing one die commits every die of its colour in the pool.
    CommitWholeColour,
    /// A die may be assigned only if the exhausted area holds a die of its colour.
    NeedsExhaustedColour,
    /// The card is defeated only once dice of at least this many colours are assigned to it.
    MinColours(#[schemars(range(min = 1, max = 5))] u32),
    /// Each die of another colour assigned needs one die of this colour assigned with it.
    Escort(DieColour),
    /// A face deals `value` instead of its usual damage, for the listed colours (all when
    /// `colours` is left out).
    FaceValue {
        /// Which face.
        face: Face,
        /// The colours it applies to; left out, every colour.
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        #[schemars(length(max = 5))]
        colours: Vec<DieColour>,
        /// What the face deals.
        #[schemars(range(min = 0, max = 9))]
        value: u32,
    },
    /// After each roll, hits and misses swap, except on the listed colours.
    SwapHitsAndMisses {
        /// Colours that keep their faces.
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        #[schemars(length(max = 5))]
        except: Vec<DieColour>,
    },
    /// Assigning a crit to this card exhausts a hit rolled with it.
    CritExhaustsHit,
    /// Each miss rolled forces one hit to be rolled again.
    MissRerollsHit,
    /// Misses stay in the active area: they are not rolled again in later Strategy steps.
    NoRerollMisses,
    /// The hero loses Health after each roll.
    LoseHealth {
        /// What counts.
        per: HealthLoss,
        /// Health lost for each (default 1).
        #[serde(default = "one")]
        #[schemars(range(min = 1, max = 20))]
        amount: u32,
    },
    /// The Recover Dice step is skipped this round.
    SkipRecover,
    /// When the card is defeated, this many of the dice assigned to it are banished.
    BanishOnDefeat(#[schemars(range(min = 1, max = 17))] u32),
    /// Every committed die that shows a miss is banished.
    BanishCommittedMisses,
    /// If the card is not defeated, the strongest die in the pool is banished.
    BanishStrongestIfUndefeated,
    /// The enemy escapes after the engagement, defeated or not.
    Flee,
    /// The enemy escapes as soon as one roll shows this many misses.
    FleeOnMisses(#[schemars(range(min = 1, max = 17))] u32),
    /// Each die assigned to the card discards the top card of a stack.
    DiscardPerAssigned,
    /// Defeating the card removes this many cards from the stacks.
    RemoveFromStacks(#[schemars(range(min = 1, max = MAX_COUNT))] u32),
    /// Undefeated, the card goes back on top of its stack instead of the discard.
    ReturnIfUndefeated,
    /// If the hero took damage this round, one more card is activated next round.
    ExtraActivationIfDamaged,
    /// The top card of each stack is discarded.
    DiscardStackTops,
    /// When this card is defeated, one other active enemy of these levels is defeated too.
    DefeatAnother {
        /// The levels it may be (default 1 and 2).
        #[serde(default = "both_levels")]
        #[schemars(length(min = 1, max = 2), inner(range(min = 1, max = 2)))]
        levels: Vec<u8>,
    },
    /// Only one enemy may be defeated in each assign step.
    OneDefeatPerAssign,
    /// Hits deal nothing to this card while any level 1 or 2 enemy is undefeated.
    ShieldedWhileEnemies,
    /// At most this much damage to this card in one Strategy step.
    MaxDamagePerStep(#[schemars(range(min = 1, max = 99))] u32),
    /// Every undefeated enemy deals this much more in Suffer Damage.
    SurvivorsDeal(#[schemars(range(min = 1, max = 20))] u32),
    /// Dice committed this round are not recovered while the card is active.
    DiceStayExhausted,
    /// The boss is revealed now; the endgame activates that boss.
    RevealBoss,
    /// An effect the vocabulary cannot express, for the players: validated, never simulated.
    Text(String),
}

fn one() -> u32 {
    1
}

fn both_levels() -> Vec<u8> {
    vec![1, 2]
}

impl Rule {
    /// True for an effect given only as text, which no simulation can apply.
    pub fn is_text(&self) -> bool {
        matches!(self, Rule::Text(_))
    }
}
