//! The rulebook's worked examples, laid out hex by hex in `docs/examples/rulebook/` on flat
//! tiles with only the hexes each example needs raised or in cover, and checked through the
//! real `megahex` binary under the default rules. Every expected value is the rulebook's own
//! sentence, quoted above its assertion; the geometry behind each layout is worked out in the
//! scenario's description.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use crate::common;

use common::{megahex_in, scratch_dir, workspace_root};
use serde_json::Value;

const EXAMPLES: &str = "docs/examples/rulebook";

/// `megahex los FILE --from A --to B --json` run from `dir`.
fn los_in(dir: &std::path::Path, file: &str, from: &str, to: &str) -> Value {
    let run = megahex_in(dir, ["los", file, "--from", from, "--to", to, "--json"]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    serde_json::from_str(&run.stdout).unwrap()
}

fn los(file: &str, from: &str, to: &str) -> Value {
    los_in(&workspace_root(), &format!("{EXAMPLES}/{file}"), from, to)
}

/// Both verdicts of one pair: (A sees B, B sees A).
fn seen(record: &Value) -> (bool, bool) {
    (
        record["visible"].as_bool().unwrap(),
        record["reverse_visible"].as_bool().unwrap(),
    )
}

/// An example without its `assert:` list (the last key): the rulebook's verdicts hold under
/// the default rules, and a copy that changes the rules or the board changes some of them.
fn without_claims(text: &str) -> String {
    let (kept, _) = text.split_once("\nassert:").unwrap();
    kept.to_owned()
}

/// A copy of an example with a `rules:` block, in a scratch folder with the catalog.
fn with_rules(name: &str, file: &str, rules: &str) -> std::path::PathBuf {
    let dir = scratch_dir(name);
    let root = workspace_root().join(EXAMPLES);
    std::fs::copy(root.join("catalog.yaml"), dir.join("catalog.yaml")).unwrap();
    let text = without_claims(&std::fs::read_to_string(root.join(file)).unwrap());
    let text = text.replacen("\nmap:", &format!("\nrules: {rules}\n\nmap:"), 1);
    std::fs::write(dir.join(file), text).unwrap();
    dir
}

#[test]
fn the_examples_are_valid_scenarios() {
    let run = megahex_in(&workspace_root(), ["validate", "--deny-warnings", EXAMPLES]);
    assert_eq!(run.code, 0, "{}{}", run.stdout, run.stderr);
    assert!(run.stdout.contains("3 files checked"), "{}", run.stdout);
}

#[test]
fn line_of_sight_examples() {
    let file = "los-examples.yaml";
    // "Ra and the Assault Drone can obviously not see each other, as the hex of elevation 2 is
    // perfectly between them."
    let ra = los(file, "ra", "drone");
    assert_eq!(seen(&ra), (false, false), "{ra}");
    assert_eq!(ra["rule"], "higher-than-either/strict");
    // The hex between them (9/7 = [-1, 0]) is enough on its own to stop every line.
    assert_eq!(ra["blocked_by"], serde_json::json!([[-1, 0]]), "{ra}");
    // "The Wraith and the Assault Drone have line of sight, as an unobstructed line can be
    // drawn between them with no difficulty."
    assert_eq!(seen(&los(file, "wraith", "drone")), (true, true));
    // "However, Bunker and the Assault Drone do not have line of sight, as the line would have
    // to pass through points of elevation 2, and the Drone is standing on elevation 1."
    let bunker = los(file, "bunker", "drone");
    assert_eq!(seen(&bunker), (false, false), "{bunker}");
}

#[test]
fn the_first_example_is_why_strict_edges_are_the_default() {
    // Under the permissive house rule a line from Ra's hex to the drone's grazes the raised hex
    // at one corner (9/7's corner towards hex 9) and enters no raised hex, so it is clear.
    let dir = with_rules(
        "rulebook-permissive",
        "los-examples.yaml",
        "{los-edges: permissive}",
    );
    let ra = los_in(&dir, "los-examples.yaml", "ra", "drone");
    assert_eq!(seen(&ra), (true, true), "{ra}");
    // Bunker's line stays blocked: the hexes around the drone are a wall, not a corner.
    let bunker = los_in(&dir, "los-examples.yaml", "bunker", "drone");
    assert_eq!(seen(&bunker), (false, false), "{bunker}");
}

#[test]
fn bunker_is_blocked_because_the_drone_stands_low() {
    // "... and the Drone is standing on elevation 1": the elevation-2 hexes block because they
    // are higher than the drone's end. Under higher-than-both they are not higher than
    // Bunker's elevation 3, so nothing blocks; Ra's elevation-2 hex still blocks Ra (both ends
    // are elevation 1).
    let dir = with_rules(
        "rulebook-both",
        "los-examples.yaml",
        "{los-blocking: higher-than-both}",
    );
    assert_eq!(
        seen(&los_in(&dir, "los-examples.yaml", "bunker", "drone")),
        (true, true)
    );
    assert_eq!(
        seen(&los_in(&dir, "los-examples.yaml", "ra", "drone")),
        (false, false)
    );
}

/// Each finding of a one-file `validate --format json` report: its code and line.
fn codes_and_lines(report: &str) -> Vec<(String, u64)> {
    let report: Value = serde_json::from_str(report).unwrap();
    report["files"][0]["diagnostics"]
        .as_array()
        .unwrap()
        .iter()
        .map(|d| {
            (
                d["code"].as_str().unwrap().to_owned(),
                d["line"].as_u64().unwrap(),
            )
        })
        .collect()
}

/// A claim line of an example turned false: the other verdict, or a range one more.
fn turned_false(line: &str) -> String {
    if line.contains("visible: true") {
        return line.replace("visible: true", "visible: false");
    }
    if line.contains("visible: false") {
        return line.replace("visible: false", "visible: true");
    }
    let (head, tail) = line.split_once("is: ").unwrap();
    let (number, rest) = tail.split_once('}').unwrap();
    let more = number.trim().parse::<u32>().unwrap() + 1;
    format!("{head}is: {more}}}{rest}")
}

#[test]
fn each_claim_in_the_examples_fails_at_its_line_once_turned_false() {
    // The examples state the rulebook's verdicts under `assert:` (they hold: see
    // `the_examples_are_valid_scenarios`). Each one turned false must be reported at its own
    // line, and nothing else.
    let root = workspace_root().join(EXAMPLES);
    let dir = scratch_dir("rulebook-claims-turned");
    std::fs::copy(root.join("catalog.yaml"), dir.join("catalog.yaml")).unwrap();
    let mut turned = 0;
    for file in [
        "los-examples.yaml",
        "range-examples.yaml",
        "cover-example.yaml",
    ] {
        let text = std::fs::read_to_string(root.join(file)).unwrap();
        let lines: Vec<&str> = text.lines().collect();
        for (at, line) in lines.iter().enumerate() {
            if !(line.starts_with("  - sight:") || line.starts_with("  - range:")) {
                continue;
            }
            let mut changed: Vec<String> = lines.iter().map(|l| (*l).to_owned()).collect();
            changed[at] = turned_false(line);
            std::fs::write(dir.join(file), changed.join("\n")).unwrap();
            let run = megahex_in(&dir, ["validate", "--format", "json", file]);
            assert_eq!(run.code, 1, "{file}:{}: {}", at + 1, run.stdout);
            let found = codes_and_lines(&run.stdout);
            let expected = vec![("assertion-failed".to_owned(), at as u64 + 1)];
            assert_eq!(found, expected, "{file}: {}", changed[at]);
            turned += 1;
        }
    }
    // Four line-of-sight verdicts, three ranges and six sights, seventeen cover verdicts.
    assert_eq!(turned, 4 + 9 + 17);
}

#[test]
fn range_examples() {
    let file = "range-examples.yaml";
    let range = |from: &str| los(file, from, "legacy")["range"].as_u64().unwrap();
    // "Citizen Autumn and Legacy are at range 6, as they are 3 hexes away from each other and
    // the difference in their elevation is 3."
    let autumn = los(file, "autumn", "legacy");
    assert_eq!(
        (
            autumn["distance"].as_u64(),
            autumn["elevation_difference"].as_u64()
        ),
        (Some(3), Some(3))
    );
    assert_eq!(range("autumn"), 6);
    // "Citizen Summer and Legacy are at range 2, as they are 2 hexes away from each other but on
    // the same elevation."
    assert_eq!(range("summer"), 2);
    // "Citizen Dare and Legacy are adjacent, but still at range 4, as they are 1 hex away from
    // each other and the difference in their elevation is 3."
    assert_eq!(los(file, "dare", "legacy")["distance"], 1);
    assert_eq!(range("dare"), 4);
    // "... only Citizens Autumn, Summer, and Dare can see Legacy, and vice-versa."
    for citizen in ["autumn", "summer", "dare"] {
        assert_eq!(
            seen(&los(file, citizen, "legacy")),
            (true, true),
            "{citizen}"
        );
    }
}

#[test]
fn cover_example() {
    let file = "cover-example.yaml";
    let sees = |a: &str, b: &str| seen(&los(file, a, b)).0;
    // "Legacy, the Wraith, and Tachyon can all see each other ..."
    for (a, b) in [
        ("legacy", "wraith"),
        ("legacy", "tachyon"),
        ("wraith", "tachyon"),
    ] {
        assert!(sees(a, b) && sees(b, a), "{a} and {b}");
    }
    // "... but no one can see Absolute Zero."
    for viewer in ["legacy", "wraith", "tachyon", "bunker"] {
        assert!(
            !sees(viewer, "absolute-zero"),
            "{viewer} sees Absolute Zero"
        );
    }
    // "He can see Bunker, but no one else."
    assert!(sees("absolute-zero", "bunker"));
    for other in ["legacy", "wraith", "tachyon"] {
        assert!(!sees("absolute-zero", other), "Absolute Zero sees {other}");
    }
    // "Bunker can see Tachyon, but not the Wraith, but the Wraith can see Bunker just fine."
    assert!(sees("bunker", "tachyon"));
    assert!(!sees("bunker", "wraith"));
    assert!(sees("wraith", "bunker"));
}

#[test]
fn cover_between_blocks_whatever_its_elevation() {
    // "If there is at least one hex of cover between two targets, line of sight is blocked."
    // Legacy and Bunker stand on either side of the Wraith's cover hex (11/12); Legacy's hex
    // 11/9, the cover hex and Bunker's 11/18 line up, and the cover hex is only elevation 1,
    // so without its cover nothing here would be higher than either end.
    let file = "cover-example.yaml";
    assert_eq!(seen(&los(file, "legacy", "bunker")), (false, false));
    // The same board with hex 11/12 as plain ground: the pair sees each other, so it was the
    // cover that blocked.
    let dir = scratch_dir("rulebook-no-cover");
    let root = workspace_root().join(EXAMPLES);
    let catalog = std::fs::read_to_string(root.join("catalog.yaml")).unwrap();
    let plain = "- {index: 12, q: -1, r: 1, elevation: 1}";
    let covered = "- {index: 12, q: -1, r: 1, elevation: 1, terrain: [cover]}";
    assert!(catalog.contains(covered));
    std::fs::write(dir.join("catalog.yaml"), catalog.replace(covered, plain)).unwrap();
    let example = std::fs::read_to_string(root.join(file)).unwrap();
    std::fs::write(dir.join(file), without_claims(&example)).unwrap();
    assert_eq!(seen(&los_in(&dir, file, "legacy", "bunker")), (true, true));
}

#[test]
fn the_example_combat_replays_and_every_claim_in_it_is_checked() {
    // "Baron Blade takes 1 damage", "it takes 1 damage" (one soldier), "is destroyed" (the
    // other, 2 health), and "deals Ra 1 point of damage": `megahex validate` replays the
    // script with the rulebook's dice and finds nothing wrong.
    let root = workspace_root();
    let file = "docs/examples/rulebook-example-combat.yaml";
    let run = megahex_in(&root, ["validate", "--deny-warnings", file]);
    assert_eq!(run.code, 0, "{}{}", run.stdout, run.stderr);
    // Every damage claim, changed either way, is refused at its own line.
    let text = std::fs::read_to_string(root.join(file)).unwrap();
    let dir = scratch_dir("rulebook-combat");
    std::fs::create_dir_all(dir.join("rulebook")).unwrap();
    std::fs::copy(
        root.join(EXAMPLES).join("catalog.yaml"),
        dir.join("rulebook/catalog.yaml"),
    )
    .unwrap();
    let claims: Vec<(usize, u32)> = text
        .lines()
        .enumerate()
        .filter(|(_, l)| !l.trim_start().starts_with('#'))
        .filter_map(|(i, l)| {
            let after = l.split("damage: ").nth(1)?;
            let n: String = after.chars().take_while(char::is_ascii_digit).collect();
            Some((i + 1, n.parse().ok()?))
        })
        .collect();
    assert_eq!(claims.len(), 4, "{claims:?}");
    for &(line, said) in &claims {
        for wrong in [said + 1, said.saturating_sub(1)] {
            if wrong == said {
                continue;
            }
            let changed: Vec<String> = text
                .lines()
                .enumerate()
                .map(|(i, l)| {
                    if i + 1 == line {
                        l.replacen(&format!("damage: {said}"), &format!("damage: {wrong}"), 1)
                    } else {
                        l.to_owned()
                    }
                })
                .collect();
            std::fs::write(dir.join("combat.yaml"), changed.join("\n") + "\n").unwrap();
            let run = megahex_in(&dir, ["validate", "--format", "json", "combat.yaml"]);
            let found = codes_and_lines(&run.stdout);
            assert_eq!(
                found,
                vec![("playtest-illegal".to_owned(), line as u64)],
                "damage {said} -> {wrong} on line {line}"
            );
        }
    }
}
