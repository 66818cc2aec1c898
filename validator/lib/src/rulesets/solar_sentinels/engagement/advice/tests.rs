//! The advisor against hand counts from the seed's dice and against a brute force that
//! assigns die by die, written without the engine's search.

use super::*;

const RED: usize = 4;
const YELLOW: usize = 0;

/// Faces of each colour: misses, hits, crits out of six (seed 001's dice).
fn sides(colour: usize) -> [u32; 3] {
    let misses = [4, 3, 2, 1, 0][colour];
    [misses, 5 - misses, 1]
}

#[test]
fn a_red_hit_before_the_last_step_is_rolled_again_not_assigned() {
    // One red die, Strategy 2, an enemy of Health 2: the first roll shows a hit. Assigned, it
    // leaves 1 Health and no die; rolled again, it crits one time in six.
    let mut rolled = [[0u8; 3]; 5];
    rolled[RED][1] = 1;
    let advice = Advisor::default()
        .advise(&rolled, &[Foe::plain(2)], &Pool::default(), 1)
        .expect("advice");
    assert_eq!(advice.assign, vec![[[0; 3]; 5]]);
    assert_eq!(advice.kept, rolled);
    assert!(
        (advice.chance - 1.0 / 6.0).abs() < 1e-12,
        "{}",
        advice.chance
    );
}

#[test]
fn a_roll_that_defeats_everyone_now_is_assigned_and_commits_nothing() {
    let mut rolled = [[0u8; 3]; 5];
    rolled[RED][2] = 1;
    rolled[YELLOW][1] = 1;
    let pool = Pool([0, 0, 0, 0, 2]);
    let advice = Advisor::default()
        .advise(&rolled, &[Foe::plain(2), Foe::plain(1)], &pool, 2)
        .expect("advice");
    assert_eq!(advice.chance, 1.0);
    let mut crit = [[0u8; 3]; 5];
    crit[RED][2] = 1;
    let mut hit = [[0u8; 3]; 5];
    hit[YELLOW][1] = 1;
    assert_eq!(advice.assign, vec![crit, hit]);
    assert_eq!(advice.commit, Pool::default());
}

#[test]
fn the_commit_is_the_fewest_dice_that_keep_the_chance() {
    // A yellow hit rolled against Health 1 and Health 2, one step left, two red dice in the
    // pool. Best: the hit on the Health 1 enemy, then a red crit is needed for the other, or
    // two red hits... no: each die goes to one enemy, so Health 2 needs a crit or two hits.
    // Two reds fail only when neither crits and not both hit, which with reds (no misses)
    // never happens: both hit or one crits. One red alone crits 1/6.
    let mut rolled = [[0u8; 3]; 5];
    rolled[YELLOW][1] = 1;
    let pool = Pool([0, 0, 0, 0, 2]);
    let advice = Advisor::default()
        .advise(&rolled, &[Foe::plain(1), Foe::plain(2)], &pool, 1)
        .expect("advice");
    assert_eq!(advice.chance, 1.0);
    assert_eq!(advice.commit, Pool([0, 0, 0, 0, 2]));
}

/// The brute force: the best chance of defeating every enemy (plain, by Health) once `rolled`
/// (one colour and face each) shows, with `pool` (one colour each) still to commit and
/// `steps` left, trying every die on every enemy or none, and committing every die next step.
fn brute(rolled: &[(usize, usize)], healths: &[u32], pool: &[usize], steps: u32) -> f64 {
    let mut best: f64 = 0.0;
    let n = rolled.len();
    let choices = healths.len() + 1;
    for code in 0..choices.pow(n as u32) {
        let mut left = healths.to_vec();
        let mut kept = Vec::new();
        let mut c = code;
        for &(colour, face) in rolled {
            let to = c % choices;
            c /= choices;
            if to == healths.len() || face == 0 {
                kept.push(colour);
            } else {
                left[to] = left[to].saturating_sub(face as u32);
            }
        }
        let value = if left.iter().all(|h| *h == 0) {
            1.0
        } else if steps == 0 {
            0.0
        } else {
            let standing: Vec<u32> = left.iter().copied().filter(|h| *h > 0).collect();
            let mut dice = kept;
            dice.extend_from_slice(pool);
            every_roll(&dice)
                .into_iter()
                .map(|(roll, p)| p * brute(&roll, &standing, &[], steps - 1))
                .sum()
        };
        best = best.max(value);
    }
    best
}

/// Every roll of `dice` (one colour each), face by face, with its chance.
fn every_roll(dice: &[usize]) -> Vec<(Vec<(usize, usize)>, f64)> {
    let mut out = vec![(Vec::new(), 1.0)];
    for &colour in dice {
        let mut next = Vec::new();
        for (roll, p) in &out {
            for (face, count) in sides(colour).into_iter().enumerate() {
                if count == 0 {
                    continue;
                }
                let mut r: Vec<(usize, usize)> = roll.clone();
                r.push((colour, face));
                next.push((r, p * f64::from(count) / 6.0));
            }
        }
        out = next;
    }
    out
}

/// Rolled dice (colour, face), the enemies' Health, the pool (a colour each), steps left.
type Case = (
    &'static [(usize, usize)],
    &'static [u32],
    &'static [usize],
    u32,
);

#[test]
fn the_advisors_chance_is_the_brute_forces_on_small_rounds() {
    let cases: [Case; 6] = [
        (&[(4, 1)], &[2], &[], 1),
        (&[(4, 1), (0, 2)], &[3], &[2], 1),
        (&[(2, 1), (1, 0)], &[1, 2], &[4], 2),
        (&[(3, 2), (3, 1)], &[2, 2], &[0], 1),
        (&[(0, 1), (0, 1), (4, 2)], &[3, 1], &[], 2),
        (&[(1, 0)], &[1, 1], &[3, 4], 1),
    ];
    for (rolled, healths, pool, steps) in cases {
        let mut faces = [[0u8; 3]; 5];
        for &(c, f) in rolled {
            faces[c][f] += 1;
        }
        let mut dice = Pool::default();
        for &c in pool {
            dice.0[c] += 1;
        }
        let foes: Vec<Foe> = healths.iter().map(|h| Foe::plain(*h)).collect();
        let advice = Advisor::default()
            .advise(&faces, &foes, &dice, steps)
            .expect("advice");
        let expected = brute(rolled, healths, pool, steps);
        assert!(
            (advice.chance - expected).abs() < 1e-9,
            "{rolled:?} {healths:?} {pool:?} {steps}: {} vs {expected}",
            advice.chance
        );
    }
}

#[test]
fn a_die_limit_in_all_is_kept_after_the_dice_already_on_the_card() {
    // A card that takes one die in all, with none on it yet: two yellow hits rolled, Health 2.
    // Only one may go on, so it cannot fall this step; the best keeps rolling for a crit.
    let mut foe = Foe::plain(2);
    foe.limits.per_card = Some(1);
    let mut rolled = [[0u8; 3]; 5];
    rolled[YELLOW][1] = 2;
    let advice = Advisor::default()
        .advise(&rolled, &[foe], &Pool::default(), 1)
        .expect("advice");
    // Kept, both roll again: at least one yellow crit in two dice, 1 - (5/6)^2 = 11/36.
    assert_eq!(advice.assign, vec![[[0; 3]; 5]]);
    assert!(
        (advice.chance - 11.0 / 36.0).abs() < 1e-12,
        "{}",
        advice.chance
    );
}

#[test]
fn rolled_dice_are_read_by_colour_and_face() {
    let faces = parse_rolled("red:hit, red:hit,yellow:crit").expect("read");
    assert_eq!(faces[RED][1], 2);
    assert_eq!(faces[YELLOW][2], 1);
    assert!(parse_rolled("red:big").is_err());
    assert!(parse_rolled("orange:hit").is_err());
}
