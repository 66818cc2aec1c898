//! Movement cases worked by hand from the rulebook's wording.

use super::*;

/// One flat test tile (elevation 1) with some hexes raised.
fn board(raised: &[(Axial, u8)]) -> Board {
    crate::board::test_tile(raised, &[])
}

fn nothing(_: Axial) -> bool {
    false
}

fn cost_to(found: &[Destination], at: Axial) -> Option<u32> {
    found.iter().find(|d| d.at == at).map(|d| d.cost)
}

#[test]
fn elevation_changes_cost_extra_unless_mobility() {
    // Climbing from 1 onto a 3 costs 1 + 2 = 3; stepping down again costs 1 + 2 = 3 more.
    let b = board(&[([0, -1], 3)]);
    let world = World {
        occupied: &nothing,
        hazard: &nothing,
    };
    let found = reach(
        &b,
        &Mover::single([0, 0]),
        MoveAction::Move {
            budget: 6,
            mobility: false,
        },
        &world,
    );
    assert_eq!(cost_to(&found, [0, -1]), Some(3));
    // (0,-2) is two hexes north, but the only two-step path climbs the tower (3 + 3 = 6);
    // going round by (1,-1) and (1,-2) takes three flat steps, so 3.
    assert_eq!(cost_to(&found, [0, -2]), Some(3));
    let mobile = reach(
        &b,
        &Mover::single([0, 0]),
        MoveAction::Move {
            budget: 6,
            mobility: true,
        },
        &world,
    );
    assert_eq!(cost_to(&mobile, [0, -1]), Some(1));
    // A move value of 2 cannot climb the 3.
    let short = reach(
        &b,
        &Mover::single([0, 0]),
        MoveAction::Move {
            budget: 2,
            mobility: false,
        },
        &world,
    );
    assert_eq!(cost_to(&short, [0, -1]), None);
}

#[test]
fn sprint_goes_two_hexes_and_ignores_elevation() {
    let b = board(&[([0, -1], 4)]);
    let world = World {
        occupied: &nothing,
        hazard: &nothing,
    };
    let found = reach(&b, &Mover::single([0, 0]), MoveAction::Sprint, &world);
    // 1 + 6 + 12 hexes within two steps, all on this tile from the centre: the whole tile.
    assert_eq!(found.len(), 19);
    assert_eq!(cost_to(&found, [0, -1]), Some(1));
    assert_eq!(cost_to(&found, [0, -2]), Some(2));
}

#[test]
fn figures_pass_through_occupied_hexes_but_do_not_end_there() {
    let b = board(&[]);
    let occupied = |at: Axial| at == [0, -1];
    let world = World {
        occupied: &occupied,
        hazard: &nothing,
    };
    let found = reach(
        &b,
        &Mover::single([0, 0]),
        MoveAction::Move {
            budget: 2,
            mobility: false,
        },
        &world,
    );
    assert_eq!(cost_to(&found, [0, -1]), None);
    let through = found.iter().find(|d| d.at == [0, -2]).unwrap();
    assert_eq!(through.cost, 2);
}

#[test]
fn the_cheapest_path_avoids_hazards_when_it_can_and_reports_them_when_it_cannot() {
    let b = board(&[]);
    let lava = |at: Axial| at == [0, -1];
    let world = World {
        occupied: &nothing,
        hazard: &lava,
    };
    let found = reach(
        &b,
        &Mover::single([0, 0]),
        MoveAction::Move {
            budget: 2,
            mobility: false,
        },
        &world,
    );
    let hazards = |at: Axial| found.iter().find(|d| d.at == at).unwrap().hazards.clone();
    // (1,-2) is two steps away by (0,-1) (lava) or by (1,-1) (safe): the safe one is reported.
    assert!(hazards([1, -2]).is_empty());
    // (0,-2) has one two-step path, straight through the lava.
    assert_eq!(hazards([0, -2]), vec![[0, -1]]);
    // Ending on the lava hex itself enters it.
    assert_eq!(hazards([0, -1]), vec![[0, -1]]);
    // Within 2, (0,-2) has no way round the lava; with 3, the cheapest path is still the
    // straight one through it (2), but (1,-1), (1,-2), (0,-2) goes round it for 3.
    let safe =
        |found: &[Destination], at: Axial| found.iter().find(|d| d.at == at).unwrap().hazard_free;
    assert!(!safe(&found, [0, -2]) && !safe(&found, [0, -1]) && safe(&found, [1, -2]));
    let longer = reach(
        &b,
        &Mover::single([0, 0]),
        MoveAction::Move {
            budget: 3,
            mobility: false,
        },
        &world,
    );
    let d = longer.iter().find(|d| d.at == [0, -2]).unwrap();
    assert_eq!(
        (d.cost, d.hazards.clone(), d.hazard_free),
        (2, vec![[0, -1]], true)
    );
}

#[test]
fn omnitron_ends_in_any_shape_with_one_hex_on_a_valid_end_point() {
    let b = board(&[]);
    let world = World {
        occupied: &nothing,
        hazard: &nothing,
    };
    let omni = Mover {
        hexes: vec![[0, 0], [1, 0], [0, 1]],
        movement: Gait::AnyConfiguration,
    };
    let found = reach(
        &b,
        &omni,
        MoveAction::Move {
            budget: 1,
            mobility: false,
        },
        &world,
    );
    // It starts from any of its hexes, so anything adjacent to one of them costs 1.
    assert_eq!(cost_to(&found, [2, 0]), Some(1));
    assert_eq!(cost_to(&found, [0, 2]), Some(1));
    assert_eq!(cost_to(&found, [1, 0]), Some(0));
    // The corner hex (2,-2) is 2 from every Omnitron hex: out of reach with 1.
    assert_eq!(cost_to(&found, [2, -2]), None);
}

#[test]
fn the_rex_tail_follows_its_head() {
    let b = board(&[]);
    let world = World {
        occupied: &nothing,
        hazard: &nothing,
    };
    let rex = Mover {
        hexes: vec![[0, 0], [0, 1]],
        movement: Gait::Tail,
    };
    let found = reach(
        &b,
        &rex,
        MoveAction::Move {
            budget: 1,
            mobility: false,
        },
        &world,
    );
    // One step north: the head is on (0,-1) and the tail on the hex it left, (0,0).
    let north = found.iter().find(|d| d.at == [0, -1]).unwrap();
    assert_eq!((north.cost, north.tail), (1, Some([0, 0])));
    // The head cannot step back onto its own tail in one move.
    assert_eq!(cost_to(&found, [0, 1]), None);
}

#[test]
fn a_shape_grows_from_its_hex_through_free_hexes_only() {
    use crate::board::distance;
    // A line of three free hexes: a shape of three is the whole line, of four there is none.
    let line = [[0, 0], [1, 0], [2, 0]];
    let free_line = |h: Axial| line.contains(&h);
    let shape = shape_around([1, 0], 3, &free_line).unwrap();
    assert_eq!(shape[0], [1, 0]);
    let mut sorted = shape.clone();
    sorted.sort();
    assert_eq!(sorted, line.to_vec());
    assert_eq!(shape_around([0, 0], 4, &free_line), None);
    // The 19 hexes within 2 of the origin: any size up to 19 fits, connected and free, and 20
    // does not; a huge figure is refused at once rather than searched for.
    let disc = |h: Axial| distance(h, [0, 0]) <= 2;
    for size in 1..=19 {
        let shape = shape_around([2, -2], size, &disc).unwrap();
        assert_eq!(shape.len(), size);
        assert!(shape.iter().all(|&h| disc(h)));
        for (i, &h) in shape.iter().enumerate().skip(1) {
            assert!(
                shape[..i].iter().any(|&before| distance(before, h) == 1),
                "{shape:?} is not connected at {h:?}"
            );
        }
    }
    assert_eq!(shape_around([0, 0], 20, &disc), None);
    assert_eq!(shape_around([0, 0], 1_000_000, &disc), None);
}
