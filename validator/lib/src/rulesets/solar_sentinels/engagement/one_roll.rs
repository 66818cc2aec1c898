//! The chance that one roll of some dice can be shared among the enemies so that each meets its
//! Health, with what their effects do to each face of each colour: the engagement's last
//! Strategy step. Self-play asks it at every commit, so it keeps what it has worked out across
//! calls: a roll's chances by kind of die for each pool, and whether a roll covers a set of
//! enemies.
//!
//! A kind is every (colour, face) that deals the same to each enemy. A roll is then a tally of
//! dice by kind, and its chance is built one die at a time rather than by walking every face
//! of every die, which is what makes the walk cheap enough for a policy.

use std::rc::Rc;

use rustc_hash::FxHashMap;

use super::Counts;
use super::coloured::{KINDS, Tally, Values};
use super::foes::Foe;
use super::foes::{CommitRules, Limits};
use super::shares::{Ask, enemy_shares};
use crate::rulesets::solar_sentinels::dice::DieFaces;

/// Each (colour, face)'s kind, `NONE` for one that deals nothing to anyone.
type KindMap = [u8; KINDS];

const NONE: u8 = u8::MAX;

/// Each tally a roll shows, with its chance, in a fixed order.
type Tallies = Rc<Vec<(Tally, f64)>>;

/// What each kind deals to each enemy (by enemy, then kind), each enemy's Health and limits,
/// and each kind's colour and face.
type Enemies = (Vec<Vec<u32>>, Vec<u32>, Vec<Limits>, Vec<u8>, Vec<u8>);

/// The last step's answers, kept across calls for dice of the same faces.
pub struct OneRoll {
    faces: [DieFaces; 5],
    /// By kinds and dice: each tally a roll shows, with its chance.
    tallies: FxHashMap<(KindMap, Counts), Tallies>,
    /// By what each kind deals to each enemy and their Health: whether a tally meets it.
    covers: FxHashMap<Enemies, FxHashMap<Tally, bool>>,
    /// By (dice, enemies): the answer.
    chances: FxHashMap<(Counts, Vec<Foe>), f64>,
}

/// Most answers kept of each sort; past it they are dropped and worked out again, so a long
/// run of games holds its memory.
const MOST_KEPT: usize = 1 << 20;

impl OneRoll {
    /// Answers for dice with these faces, by colour.
    pub fn new(faces: [DieFaces; 5]) -> OneRoll {
        OneRoll {
            faces,
            tallies: FxHashMap::default(),
            covers: FxHashMap::default(),
            chances: FxHashMap::default(),
        }
    }

    /// The chance one roll of `dice` (by colour) can be shared so that every one of `foes`
    /// meets its Health; each die goes to one enemy.
    pub fn chance(&mut self, dice: Counts, foes: &[Foe]) -> f64 {
        let mut foes = foes.to_vec();
        foes.retain(Foe::stands);
        // What may be committed, and what is rolled again at a later step (or exhausted
        // before it), do not change what this roll covers.
        for foe in &mut foes {
            foe.limits.commits = CommitRules::default();
            foe.limits.no_reroll_misses = false;
            foe.limits.flee_on_misses = None;
            foe.limits.crit_exhausts = false;
            foe.limits.miss_rerolls = false;
        }
        if foes.is_empty() {
            return 1.0;
        }
        // One roll fells one enemy at most while such a card stands.
        if foes.len() > 1 && foes.iter().any(|f| f.limits.one_defeat) {
            return 0.0;
        }
        // The answer does not depend on the enemies' order.
        foes.sort_unstable_by_key(|f| (f.values, f.health));
        let key = (dice, foes);
        if let Some(&p) = self.chances.get(&key) {
            return p;
        }
        let (dice, foes) = key;
        let p = self.work_out(dice, &foes);
        if self.chances.len() >= MOST_KEPT {
            self.chances.clear();
        }
        self.chances.insert((dice, foes), p);
        p
    }

    /// The chance one roll of `dice` defeats every one of `foes` (as [`OneRoll::chance`]), and
    /// the Damage (`damage`, by enemy) expected to stand after it when each roll is shared to
    /// leave the least: the last Strategy step when Damage counts.
    pub fn least_damage(&mut self, dice: Counts, foes: &[Foe], damage: &[u32]) -> (f64, f64) {
        let mut standing: Vec<(Foe, u32)> = foes
            .iter()
            .zip(damage)
            .filter(|(f, _)| f.stands())
            .map(|(f, d)| (*f, *d))
            .collect();
        for (foe, _) in &mut standing {
            foe.limits.commits = CommitRules::default();
            foe.limits.no_reroll_misses = false;
            foe.limits.flee_on_misses = None;
            foe.limits.crit_exhausts = false;
            foe.limits.miss_rerolls = false;
        }
        let Some(most) = (standing.len() < 16).then(|| 1usize << standing.len()) else {
            return (0.0, standing.iter().map(|(_, d)| f64::from(*d)).sum());
        };
        let limited = standing.iter().any(|(f, _)| f.limits.one_defeat);
        // Every set of enemies one roll may defeat, by the Damage it leaves standing: one at
        // most while a card allows one defeat, and a shielded boss only with every level 1
        // and 2 enemy beside it.
        let mut sets: Vec<(u32, usize)> = (0..most)
            .filter(|set: &usize| !limited || set.count_ones() <= 1)
            .filter(|set| {
                standing.iter().enumerate().all(|(e, (f, _))| {
                    set & (1 << e) == 0
                        || !f.limits.shielded
                        || standing
                            .iter()
                            .enumerate()
                            .all(|(o, (other, _))| other.limits.boss || set & (1 << o) != 0)
                })
            })
            .map(|set| {
                let left: u32 = (0..standing.len())
                    .filter(|e| set & (1 << e) == 0)
                    .map(|e| standing[e].1)
                    .sum();
                (left, set)
            })
            .collect();
        // Least Damage first; among sets as good, defeating everyone first, for the chance.
        sets.sort_by_key(|(left, set)| (*left, std::cmp::Reverse(set.count_ones())));
        let every = most - 1;
        let values: Vec<Values> = standing.iter().map(|(f, _)| f.values).collect();
        let by_colour = standing.iter().any(|(f, _)| f.limits.looks_at_colours());
        let (map, kinds, colours, faces) = kinds_of(&values, by_colour);
        // Each set as the covering rule takes it: what each kind deals to its enemies, their
        // Health and limits.
        let prepared: Vec<(u32, bool, Enemies)> = sets
            .iter()
            .map(|&(left, set)| {
                let members: Vec<usize> = (0..standing.len())
                    .filter(|e| set & (1 << e) != 0)
                    .collect();
                let worth = members
                    .iter()
                    .map(|e| kinds.iter().map(|vector| vector[*e]).collect())
                    .collect();
                let healths = members.iter().map(|e| standing[*e].0.need()).collect();
                let limits = members.iter().map(|e| standing[*e].0.limits).collect();
                let enemies = (worth, healths, limits, colours.clone(), faces.clone());
                (left, set == every, enemies)
            })
            .collect();
        let tallies = self.tallies_of(map, dice);
        let mut known: Vec<FxHashMap<Tally, bool>> = prepared
            .iter()
            .map(|(_, _, e)| self.take_known(e))
            .collect();
        let (mut chance, mut cost) = (0.0, 0.0);
        for (tally, p) in tallies.iter() {
            for ((left, all, enemies), known) in prepared.iter().zip(&mut known) {
                let covered = *known
                    .entry(*tally)
                    .or_insert_with(|| covers(enemies, tally, kinds.len()));
                if covered {
                    cost += p * f64::from(*left);
                    if *all {
                        chance += p;
                    }
                    break;
                }
            }
        }
        for ((_, _, enemies), known) in prepared.into_iter().zip(known) {
            self.keep_known(enemies, known);
        }
        (chance, cost)
    }

    fn work_out(&mut self, dice: Counts, foes: &[Foe]) -> f64 {
        let values: Vec<Values> = foes.iter().map(|f| f.values).collect();
        let by_colour = foes.iter().any(|f| f.limits.looks_at_colours());
        let (map, kinds, colours, faces) = kinds_of(&values, by_colour);
        // By enemy, what a die of each kind deals.
        let worth: Vec<Vec<u32>> = (0..foes.len())
            .map(|e| kinds.iter().map(|vector| vector[e]).collect())
            .collect();
        // A card that needs colours counts one more while they fall short, as the shares do.
        let healths: Vec<u32> = foes.iter().map(Foe::need).collect();
        let tallies = self.tallies_of(map, dice);
        let limits: Vec<Limits> = foes.iter().map(|f| f.limits).collect();
        let enemies = (worth, healths, limits, colours, faces);
        let mut known = self.take_known(&enemies);
        let mut total = 0.0;
        for (tally, p) in tallies.iter() {
            let covered = *known
                .entry(*tally)
                .or_insert_with(|| covers(&enemies, tally, kinds.len()));
            if covered {
                total += p;
            }
        }
        self.keep_known(enemies, known);
        total
    }

    /// What is known of which tallies cover `enemies`, taken out to be added to.
    fn take_known(&mut self, enemies: &Enemies) -> FxHashMap<Tally, bool> {
        self.covers.remove(enemies).unwrap_or_default()
    }

    /// Keeps what is known of `enemies` for the next ask.
    fn keep_known(&mut self, enemies: Enemies, known: FxHashMap<Tally, bool>) {
        if self.covers.len() >= MOST_KEPT {
            self.covers.clear();
        }
        self.covers.insert(enemies, known);
    }

    /// The chance of each tally a roll of `dice` shows, one die at a time.
    fn tallies_of(&mut self, map: KindMap, dice: Counts) -> Tallies {
        if let Some(found) = self.tallies.get(&(map, dice)) {
            return found.clone();
        }
        let mut out: FxHashMap<Tally, f64> = FxHashMap::default();
        out.insert([0; KINDS], 1.0);
        for (colour, &n) in dice.iter().enumerate() {
            let faces = self.faces[colour];
            let sides = f64::from(faces.sides().max(1));
            let chances = [faces.miss, faces.hit, faces.crit].map(|k| f64::from(k) / sides);
            for _ in 0..n {
                let mut next: FxHashMap<Tally, f64> = FxHashMap::default();
                for (tally, p) in &out {
                    for (face, q) in chances.iter().enumerate() {
                        if *q == 0.0 {
                            continue;
                        }
                        let mut t = *tally;
                        let kind = map[colour * 3 + face];
                        if kind != NONE {
                            t[usize::from(kind)] += 1;
                        }
                        *next.entry(t).or_default() += p * q;
                    }
                }
                out = next;
            }
        }
        // In a fixed order, so the chances add up to the same bits in every run.
        let mut list: Vec<(Tally, f64)> = out.into_iter().collect();
        list.sort_unstable_by_key(|(tally, _)| *tally);
        let list = Rc::new(list);
        if self.tallies.len() >= MOST_KEPT {
            self.tallies.clear();
        }
        self.tallies.insert((map, dice), list.clone());
        list
    }
}

/// Each (colour, face)'s kind, each kind's damage to each enemy, and each kind's colour and
/// face: the (colour, face)s that deal the same to everyone are one kind (unless `by_colour`,
/// when each is its own); those that deal nothing are none.
fn kinds_of(values: &[Values], by_colour: bool) -> (KindMap, Vec<Vec<u32>>, Vec<u8>, Vec<u8>) {
    let mut map = [NONE; KINDS];
    let mut kinds: Vec<Vec<u32>> = Vec::new();
    let mut colours: Vec<u8> = Vec::new();
    let mut faces: Vec<u8> = Vec::new();
    for colour in 0..5u8 {
        for face in 0..3 {
            let vector: Vec<u32> = values
                .iter()
                .map(|v| v[usize::from(colour)][face])
                .collect();
            if vector.iter().all(|d| *d == 0) {
                continue;
            }
            let same = |k: usize| !by_colour && kinds[k] == vector;
            let at = match (0..kinds.len()).find(|k| same(*k)) {
                Some(at) => at,
                None => {
                    kinds.push(vector);
                    colours.push(colour);
                    faces.push(face as u8);
                    kinds.len() - 1
                }
            };
            map[usize::from(colour) * 3 + face] = at as u8;
        }
    }
    (map, kinds, colours, faces)
}

/// Whether the dice of `tally` can be shared so that each enemy gets at least its Health. A
/// shield needs nothing here: when every enemy falls to the roll, the dice on the level 1 and 2
/// enemies are placed first.
fn covers(enemies: &Enemies, tally: &Tally, kinds: usize) -> bool {
    let (worth, healths, limits, _, _) = enemies;
    // Not even every die on its best enemy reaches the Health in all.
    let most: u64 = (0..kinds)
        .map(|k| {
            let best = worth.iter().map(|w| w[k]).max().unwrap_or(0);
            u64::from(tally[k]) * u64::from(best)
        })
        .sum();
    // (A card that needs colours counts one more while they fall short: no bound then.)
    let need: u64 = match limits.iter().any(|l| l.min_colours > 0) {
        true => 0,
        false => healths.iter().map(|h| u64::from(*h)).sum(),
    };
    let mut tried = FxHashMap::default();
    most >= need && cover_from(0, enemies, tally, kinds, &mut tried)
}

/// Whether enemies `enemy..` can be covered by the dice `left`; `tried` keeps the answers,
/// since many ways to cover the first enemies leave the same dice.
fn cover_from(
    enemy: usize,
    enemies: &Enemies,
    left: &Tally,
    kinds: usize,
    tried: &mut FxHashMap<(usize, Tally), bool>,
) -> bool {
    let (worth, healths, limits, colours, faces) = enemies;
    let Some(&need) = healths.get(enemy) else {
        return true;
    };
    if let Some(known) = tried.get(&(enemy, *left)) {
        return *known;
    }
    let mut found = false;
    let ask = Ask {
        worth: &worth[enemy][..kinds],
        need,
        limits: &limits[enemy],
        colours,
        faces,
    };
    enemy_shares(&ask, left, &mut |given, taken| {
        if found || taken < need {
            return;
        }
        let mut rest = *left;
        for (r, g) in rest.iter_mut().zip(given) {
            *r -= g;
        }
        found = cover_from(enemy + 1, enemies, &rest, kinds, tried);
    });
    tried.insert((enemy, *left), found);
    found
}
