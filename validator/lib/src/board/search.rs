//! Least-cost movement over any hex map whose hexes are numbered `0..n`, given a step-cost
//! function: the search every ruleset's movement can share, whatever its terrain means.

use std::cmp::Reverse;
use std::collections::BinaryHeap;

/// Not reached.
const NONE: u32 = u32::MAX;

/// The cheapest ways from one hex to every hex within a budget.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Paths {
    cost: Vec<u32>,
    previous: Vec<u32>,
}

impl Paths {
    /// The least cost to reach `slot`, if it is within the budget.
    pub fn cost(&self, slot: usize) -> Option<u32> {
        self.cost.get(slot).copied().filter(|&c| c != NONE)
    }

    /// Every reached slot with its cost, in slot order.
    pub fn reached(&self) -> impl Iterator<Item = (usize, u32)> + '_ {
        self.cost
            .iter()
            .enumerate()
            .filter(|(_, c)| **c != NONE)
            .map(|(slot, &c)| (slot, c))
    }

    /// The cheapest path to `slot`, start first; empty if it was not reached.
    pub fn path_to(&self, slot: usize) -> Vec<usize> {
        if self.cost(slot).is_none() {
            return Vec::new();
        }
        let mut path = vec![slot];
        let mut at = slot;
        while let Some(&before) = self.previous.get(at).filter(|&&p| p != NONE) {
            at = before as usize;
            path.push(at);
        }
        path.reverse();
        path
    }
}

/// Dijkstra's search from `start` over `n` hexes. `steps(from, visit)` calls `visit(to, cost)`
/// for each step the mover may take out of `from`. Paths dearer than `budget` are dropped;
/// among equally cheap paths the one found first is kept, so the result is the same every run.
pub fn cheapest_paths(
    n: usize,
    start: usize,
    budget: u32,
    steps: impl Fn(usize, &mut dyn FnMut(usize, u32)),
) -> Paths {
    let mut paths = Paths {
        cost: vec![NONE; n],
        previous: vec![NONE; n],
    };
    if start >= n {
        return paths;
    }
    paths.cost[start] = 0;
    let mut queue = BinaryHeap::new();
    queue.push(Reverse((0u32, start)));
    while let Some(Reverse((cost, at))) = queue.pop() {
        if cost > paths.cost[at] {
            continue;
        }
        steps(at, &mut |to, step| {
            let next = cost.saturating_add(step);
            if to < n && next <= budget && next < paths.cost[to] {
                paths.cost[to] = next;
                paths.previous[to] = at as u32;
                queue.push(Reverse((next, to)));
            }
        });
    }
    paths
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A line of hexes 0-1-2-3-4 where stepping onto 2 costs 3 and every other step 1.
    fn line(start: usize, budget: u32) -> Paths {
        cheapest_paths(5, start, budget, |from, visit| {
            for to in [from.wrapping_sub(1), from + 1] {
                if to < 5 {
                    visit(to, if to == 2 { 3 } else { 1 });
                }
            }
        })
    }

    #[test]
    fn costs_add_up_along_the_line_and_stop_at_the_budget() {
        let paths = line(0, 5);
        let reached: Vec<(usize, u32)> = paths.reached().collect();
        // 0 -> 1 costs 1, -> 2 costs 1 + 3, -> 3 costs 5, -> 4 would cost 6.
        assert_eq!(reached, vec![(0, 0), (1, 1), (2, 4), (3, 5)]);
        assert_eq!(paths.path_to(3), vec![0, 1, 2, 3]);
        assert_eq!(paths.path_to(4), Vec::<usize>::new());
    }

    #[test]
    fn a_cheaper_detour_beats_a_dear_direct_step() {
        // A triangle: 0 -> 2 directly costs 5, through 1 costs 2.
        let paths = cheapest_paths(3, 0, 10, |from, visit| match from {
            0 => {
                visit(1, 1);
                visit(2, 5);
            }
            1 => visit(2, 1),
            _ => {}
        });
        assert_eq!(paths.cost(2), Some(2));
        assert_eq!(paths.path_to(2), vec![0, 1, 2]);
    }
}
