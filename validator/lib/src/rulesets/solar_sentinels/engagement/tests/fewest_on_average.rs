//! The fewest dice on average for a target, checked against a second method: every play's
//! dice and chance worked out die by die, keeping at each state the upper hull of the
//! (dice, chance) pairs its plays reach. The hull of a state's plays and of their mixes is the
//! hull of its choices (a commit, an assignment) and the probability-weighted sum of the hulls
//! after each roll; nothing here uses the trade-off rate the search walks.

use super::*;

/// (dice on average, chance), by dice and then chance rising, the upper concave chain.
type Hull = Vec<(f64, f64)>;

fn hull(mut points: Vec<(f64, f64)>) -> Hull {
    points.sort_by(|a, b| a.0.total_cmp(&b.0).then(b.1.total_cmp(&a.1)));
    let mut out: Hull = Vec::new();
    for p in points {
        if out.last().is_some_and(|last| p.1 <= last.1 + 1e-15) {
            continue;
        }
        while let [.., a, b] = out[..] {
            let cross = (b.0 - a.0) * (p.1 - a.1) - (b.1 - a.1) * (p.0 - a.0);
            if cross < 0.0 {
                break;
            }
            out.pop();
        }
        out.push(p);
    }
    out
}

/// `a + p × b`, every pair, as a hull.
fn add_weighted(a: &Hull, p: f64, b: &Hull) -> Hull {
    let mut sums = Vec::with_capacity(a.len() * b.len());
    for x in a {
        for y in b {
            sums.push((x.0 + p * y.0, x.1 + p * y.1));
        }
    }
    hull(sums)
}

struct Plays {
    dice: Vec<Colour>,
    memo: HashMap<(u32, u32, u32, Vec<i32>), Hull>,
}

impl Plays {
    /// Every play from here: `pool` not yet committed, `active` rolled but unassigned.
    fn hull(&mut self, steps: u32, pool: u32, active: u32, healths: Vec<i32>) -> Hull {
        if healths.iter().all(|h| *h <= 0) {
            return vec![(0.0, 1.0)];
        }
        if steps == 0 {
            return vec![(0.0, 0.0)];
        }
        let key = (steps, pool, active, healths.clone());
        if let Some(found) = self.memo.get(&key) {
            return found.clone();
        }
        let mut points = Vec::new();
        let mut commit = pool;
        loop {
            let rolled: Vec<usize> = (0..self.dice.len())
                .filter(|i| (active | commit) & (1 << i) != 0)
                .collect();
            let after = match rolled.is_empty() {
                true => self.hull(steps - 1, pool, active, healths.clone()),
                false => self.roll(steps, pool & !commit, &rolled, &healths),
            };
            let cost = f64::from(commit.count_ones());
            points.extend(after.iter().map(|(d, c)| (d + cost, *c)));
            if commit == 0 {
                break;
            }
            commit = (commit - 1) & pool;
        }
        let found = hull(points);
        self.memo.insert(key, found.clone());
        found
    }

    /// Every face kind of every rolled die (miss, hit, crit), weighted by its chance.
    fn roll(&mut self, steps: u32, pool: u32, rolled: &[usize], healths: &[i32]) -> Hull {
        let mut total: Hull = vec![(0.0, 0.0)];
        for code in 0..3u32.pow(rolled.len() as u32) {
            let mut rest = code;
            let mut p = 1.0;
            let kinds: Vec<i32> = rolled
                .iter()
                .map(|&die| {
                    let kind = rest % 3;
                    rest /= 3;
                    let faces = self.dice[die].faces();
                    p *= f64::from([faces.miss, faces.hit, faces.crit][kind as usize]) / 6.0;
                    kind as i32
                })
                .collect();
            if p == 0.0 {
                continue;
            }
            let after = self.assign(steps, pool, rolled, &kinds, healths);
            total = add_weighted(&total, p, &after);
        }
        total
    }

    /// Every way to send each die that dealt something to a standing enemy, or keep it to roll
    /// again.
    fn assign(
        &mut self,
        steps: u32,
        pool: u32,
        rolled: &[usize],
        kinds: &[i32],
        healths: &[i32],
    ) -> Hull {
        let targets = healths.len() as u32 + 1;
        let mut points = Vec::new();
        'ways: for way in 0..targets.pow(rolled.len() as u32) {
            let mut code = way;
            let mut left = healths.to_vec();
            let mut kept = 0u32;
            for (&die, &kind) in rolled.iter().zip(kinds) {
                let target = code % targets;
                code /= targets;
                match target {
                    0 => kept |= 1 << die,
                    t => {
                        let e = t as usize - 1;
                        if kind == 0 || healths[e] <= 0 {
                            continue 'ways;
                        }
                        left[e] -= kind;
                    }
                }
            }
            points.extend(self.hull(steps - 1, pool, kept, left));
        }
        hull(points)
    }
}

/// The fewest dice on average that reach `target`, read off the hull.
fn fewest_on_hull(hull: &Hull, target: f64) -> Option<f64> {
    let at = hull.iter().position(|(_, c)| *c >= target - 1e-12)?;
    if at == 0 {
        return Some(hull[0].0);
    }
    let (a, b) = (hull[at - 1], hull[at]);
    Some(a.0 + (target - a.1) / (b.1 - a.1) * (b.0 - a.0))
}

#[test]
fn the_fewest_dice_on_average_are_those_every_play_and_mix_tried_finds() {
    use Colour::{Blue, Green, Purple, Red, Yellow};
    let cases: [(&[Colour], &[i32]); 6] = [
        (&[Purple, Red], &[2]),
        (&[Yellow, Red], &[2]),
        (&[Green, Blue, Red], &[2, 1]),
        (&[Yellow, Green, Purple], &[3]),
        (&[Yellow, Yellow, Blue, Red], &[3]),
        (&[Green, Purple, Red], &[1, 1]),
    ];
    let targets = [0.3, 0.5, 0.8, 0.9, 0.95];
    for (dice, healths) in cases {
        for strategy in [1, 2, 3] {
            let mut plays = Plays {
                dice: dice.to_vec(),
                memo: HashMap::new(),
            };
            let every = plays.hull(strategy, (1 << dice.len()) - 1, 0, healths.to_vec());
            let enemies: Vec<u32> = healths.iter().map(|&h| h as u32).collect();
            let found = cheapest_plays(&pool_of(dice), &enemies, strategy, &targets).unwrap();
            for (target, found) in targets.iter().zip(found) {
                let expected = fewest_on_hull(&every, *target);
                let case = format!("{dice:?} against {healths:?}, Strategy {strategy}, {target}");
                match (expected, found) {
                    (None, None) => {}
                    (Some(expected), Some(play)) => {
                        assert!(
                            (play.mean_dice - expected).abs() < 1e-9,
                            "{case}: {play:?}, but every play and mix gives {expected}"
                        );
                        assert!(play.chance >= target - 1e-12, "{case}: {play:?}");
                        if let Some(mix) = &play.mix {
                            assert!(mix.share > 0.0 && mix.share < 1.0, "{case}: {mix:?}");
                            assert!(mix.reaching.chance >= *target, "{case}: {mix:?}");
                            assert!(mix.below.chance < *target, "{case}: {mix:?}");
                            assert_eq!(play.first, mix.reaching.first);
                        }
                    }
                    (expected, found) => {
                        panic!("{case}: {found:?}, but every play gives {expected:?}")
                    }
                }
            }
        }
    }
}
