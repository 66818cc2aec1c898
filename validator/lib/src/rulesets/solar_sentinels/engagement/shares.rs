//! The ways one roll's dice can go on one enemy under its limits: every share worth giving it
//! (it falls short, or it meets the Health and every die in it is needed), kept to what its
//! effects allow. The engagement search and its last step both walk them.

use super::coloured::{KINDS, Tally};
use super::foes::Limits;

/// Every share of dice (at most `available` of each kind) worth giving one enemy with `limits`
/// that needs `need`, with the Health it takes off: at most its limit of dice from one roll and
/// what its limit in all still allows, and no more than its cap for the step. For a card that
/// needs colours, `need` and what is taken off count one more while its colours fall short.
pub(super) fn enemy_shares(ask: &Ask<'_>, available: &Tally, visit: &mut dyn FnMut(&Tally, u32)) {
    let limits = ask.limits;
    // A card that has fallen (nothing left, its colours met) takes nothing more.
    let wants_colours = limits.min_colours > 0 && ask.need > 0;
    let short_now = u32::from(wants_colours && limits.colours_short(0));
    let damage_need = ask.need.saturating_sub(short_now);
    let need_now = limits
        .per_step
        .map_or(damage_need, |cap| damage_need.min(cap));
    let most_dice = match (limits.per_roll, limits.per_card) {
        (Some(a), Some(b)) => Some(a.min(b)),
        (a, b) => a.or(b),
    };
    // An escort die can be needed for what it lets on beside it, not for its damage: those
    // dice come first in the walk, and a die is spare only if the share stays allowed without
    // it.
    let mut order: [usize; KINDS] = std::array::from_fn(|k| k);
    let order = &mut order[..ask.worth.len()];
    if let Some(escort) = limits.escort {
        order.sort_by_key(|k| ask.colours[*k] != escort);
    }
    let spare_allowed = |share: &Tally| colours_allowed(ask, share);
    let mut units = [1u8; KINDS];
    if limits.paired != 0 {
        for (k, unit) in units.iter_mut().enumerate().take(ask.worth.len()) {
            *unit = limits.unit(ask.colours[k], ask.faces[k]);
        }
    }
    let walk = Walk {
        worth: ask.worth,
        units: &units,
        need: need_now,
        available,
        order,
        spare_allowed: limits
            .escort
            .map(|_| &spare_allowed as &dyn Fn(&Tally) -> bool),
        colours: wants_colours.then_some(ColoursWanted {
            of_kind: ask.colours,
            on: limits.colours_on,
            most: limits.min_colours,
        }),
    };
    walk.each(&mut |share, dealt| {
        let dice: u32 = share.iter().map(|n| u32::from(*n)).sum();
        if most_dice.is_none_or(|most| dice <= most) && colours_allowed(ask, share) {
            let taken = dealt.min(need_now);
            match wants_colours {
                false => visit(share, taken),
                true => {
                    let short_after = u32::from(limits.colours_short(mask_of(ask.colours, share)));
                    let left = damage_need - taken + short_after;
                    visit(share, ask.need - left);
                }
            }
        }
    });
}

/// The colours of a share's dice, one bit each.
pub(super) fn mask_of(colours: &[u8], share: &Tally) -> u8 {
    colours
        .iter()
        .zip(share)
        .filter(|(_, n)| **n > 0)
        .fold(0, |mask, (c, _)| mask | (1 << c))
}

/// What a card that needs colours has and wants: each kind's colour, the colours on it, and
/// how many it needs.
struct ColoursWanted<'a> {
    of_kind: &'a [u8],
    on: u8,
    most: u32,
}

impl ColoursWanted<'_> {
    fn short(&self, share: &Tally) -> bool {
        (self.on | mask_of(self.of_kind, share)).count_ones() < self.most
    }

    /// Whether a die of `kind` adds a colour the share and the card lack.
    fn adds_colour(&self, share: &Tally, kind: usize) -> bool {
        (self.on | mask_of(self.of_kind, share)) & (1 << self.of_kind[kind]) == 0
    }
}

/// Whether a share keeps a card's colour rules: one die of each colour from a roll, one colour
/// in all, and no more other dice than escort dice on it. The first two hold for any part of a
/// share that holds them; the escort rule does not, which the walk allows for.
pub(super) fn colours_allowed(ask: &Ask<'_>, share: &Tally) -> bool {
    let limits = ask.limits;
    if !limits.looks_at_colours() {
        return true;
    }
    let mut per_colour = [0u32; 5];
    for (k, n) in share.iter().enumerate().take(ask.worth.len()) {
        if *n > 0 {
            per_colour[usize::from(ask.colours[k])] += u32::from(*n);
        }
    }
    if limits.one_die_per_colour && per_colour.iter().any(|n| *n > 1) {
        return false;
    }
    if limits.one_colour {
        let mut given = (0..5u8).filter(|c| per_colour[usize::from(*c)] > 0);
        let first = given.next().or(limits.colour_on);
        if given.next().is_some() || (limits.colour_on.is_some() && first != limits.colour_on) {
            return false;
        }
    }
    if let Some(escort) = limits.escort {
        let escorts = per_colour[usize::from(escort)];
        let others: u32 = per_colour.iter().sum::<u32>() - escorts;
        if others > limits.escorts_ahead + escorts {
            return false;
        }
    }
    true
}

/// One enemy's side of a roll: what each kind deals it, the Health it needs, its limits, and
/// each kind's colour and face (meaningful when its limits look at colours).
pub(super) struct Ask<'a> {
    pub(super) worth: &'a [u32],
    pub(super) need: u32,
    pub(super) limits: &'a Limits,
    pub(super) colours: &'a [u8],
    pub(super) faces: &'a [u8],
}

/// Whether a roll that leaves `left` of `healths` respects every shield: a shielded boss takes
/// damage only when no level 1 or 2 enemy is left standing (the dice on them are placed
/// first, and an enemy falls the moment its Health is met).
pub(super) fn shields_hold(limits: &[Limits], healths: &[u8], left: &[u8]) -> bool {
    let guarded = limits
        .iter()
        .zip(left)
        .any(|(l, left)| !l.boss && *left > 0);
    !guarded
        || limits
            .iter()
            .zip(healths.iter().zip(left))
            .all(|(l, (health, left))| !l.shielded || left == health)
}

/// Whether a roll that leaves `left` of `healths` fells one enemy at most when a card standing
/// before it allows no more (`one-defeat-per-assign`).
pub(super) fn one_defeat_holds(limits: &[Limits], healths: &[u8], left: &[u8]) -> bool {
    let limited = limits
        .iter()
        .zip(healths)
        .any(|(l, health)| l.one_defeat && *health > 0);
    let fallen = healths
        .iter()
        .zip(left)
        .filter(|(health, left)| **health > 0 && **left == 0)
        .count();
    !limited || fallen <= 1
}

/// One walk over the shares worth giving one enemy: what each kind deals it, what it needs,
/// the dice of each kind there are, the order the kinds are tried in, and whether a share is
/// still allowed without a die that its damage could spare.
struct Walk<'a> {
    worth: &'a [u32],
    /// How many dice of each kind go on at once: 2 for a face taken only in pairs.
    units: &'a [u8],
    need: u32,
    available: &'a Tally,
    order: &'a [usize],
    /// `None` when any part of an allowed share is allowed.
    spare_allowed: Option<&'a dyn Fn(&Tally) -> bool>,
    /// For a card that needs colours: dice are worth giving for a new colour too.
    colours: Option<ColoursWanted<'a>>,
}

impl Walk<'_> {
    /// Every share that falls short, or meets the need with no die to spare; with what it
    /// deals.
    fn each(&self, visit: &mut dyn FnMut(&Tally, u32)) {
        let mut share = [0u8; KINDS];
        self.grow(0, 0, &mut share, visit);
    }

    fn grow(&self, at: usize, dealt: u32, share: &mut Tally, visit: &mut dyn FnMut(&Tally, u32)) {
        let need = self.need;
        if at == self.order.len() || self.met(share, dealt) {
            // Met: no die in it may be spared.
            if dealt < need || !self.has_spare(share, dealt) {
                visit(share, dealt);
            }
            return;
        }
        self.grow(at + 1, dealt, share, visit);
        let kind = self.order[at];
        let worth = self.worth[kind];
        if worth == 0 {
            return;
        }
        let mut dealt = dealt;
        let unit = self.units[kind];
        while u16::from(share[kind]) + u16::from(unit) <= u16::from(self.available[kind])
            && !self.met(share, dealt)
        {
            // Past the Health, a die is worth giving only for a colour the card lacks.
            if dealt >= need
                && !self
                    .colours
                    .as_ref()
                    .is_some_and(|c| c.adds_colour(share, kind))
            {
                break;
            }
            share[kind] += unit;
            dealt += worth * u32::from(unit);
            self.grow(at + 1, dealt, share, visit);
        }
        share[kind] = 0;
    }

    /// Whether a share meets the need: the Health, and the colours a card needs.
    fn met(&self, share: &Tally, dealt: u32) -> bool {
        dealt >= self.need && !self.colours.as_ref().is_some_and(|c| c.short(share))
    }

    /// Whether a share that meets the need keeps meeting it, and stays allowed, without one
    /// of its dice.
    fn has_spare(&self, share: &Tally, dealt: u32) -> bool {
        (0..self.worth.len()).any(|k| {
            let unit = self.units[k];
            share[k] >= unit && dealt - self.worth[k] * u32::from(unit) >= self.need && {
                let mut less = *share;
                less[k] -= unit;
                self.spare_allowed.is_none_or(|allowed| allowed(&less))
                    && self.colours.as_ref().is_none_or(|c| {
                        mask_of(c.of_kind, &less) | c.on == mask_of(c.of_kind, share) | c.on
                    })
            }
        })
    }
}
