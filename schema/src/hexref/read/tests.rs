//! The readers against serde's own untagged enums, on every shape of value.

use serde::Deserialize;
use serde_json::{Value, json};

use super::super::{Footprint, HexRef, TileHex, TileHexMap};

/// serde's untagged reading, as the types were declared before.
#[derive(Debug, PartialEq, Deserialize)]
#[serde(untagged)]
enum UntaggedRef {
    Axial([i32; 2]),
    Tile(TileHex),
    TileMap(TileHexMap),
}

#[derive(Debug, PartialEq, Deserialize)]
#[serde(untagged)]
enum UntaggedFootprint {
    One(UntaggedRef),
    Many(Vec<UntaggedRef>),
}

fn same_ref(ours: &HexRef, theirs: &UntaggedRef) -> bool {
    match (ours, theirs) {
        (HexRef::Axial(a), UntaggedRef::Axial(b)) => a == b,
        (HexRef::Tile(a), UntaggedRef::Tile(b)) => a == b,
        (HexRef::TileMap(a), UntaggedRef::TileMap(b)) => a == b,
        _ => false,
    }
}

/// Values of every shape a hex reference might be written as, right or wrong.
fn shapes() -> Vec<Value> {
    let scalars = [
        json!(0),
        json!(1),
        json!(-3),
        json!(19),
        json!(2147483647),
        json!(2147483648u64),
        json!(-2147483649i64),
        json!(4294967295u64),
        json!(4294967296u64),
        json!(u64::MAX),
        json!(1.5),
        json!(2.0),
        json!(true),
        json!(null),
        json!("3/7"),
        json!(" 12 / 19 "),
        json!("3-7"),
        json!("a/7"),
        json!("-1/3"),
        json!(""),
    ];
    let mut values: Vec<Value> = scalars.to_vec();
    for a in &scalars {
        values.push(json!([a]));
        for b in &scalars {
            values.push(json!([a, b]));
            values.push(json!({"tile": a, "hex": b}));
        }
        values.push(json!([a, a, a]));
        values.push(json!({"tile": a}));
        values.push(json!({"hex": a}));
        values.push(json!({"tile": a, "hex": 1, "extra": 2}));
        values.push(json!({"tile": 1, "hex": a, "0": 2}));
    }
    let refs = [
        json!([1, 2]),
        json!("3/7"),
        json!({"tile": 2, "hex": 19}),
        json!([3000000000u64, 1]),
    ];
    for a in &refs {
        values.push(json!([a]));
        values.push(json!([a, a]));
        values.push(json!([a, a, a]));
        values.push(json!([a, 1]));
        values.push(json!([a, "x"]));
        values.push(json!([[a]]));
    }
    values.push(json!([]));
    values.push(json!({}));
    values.push(json!([[]]));
    values
}

#[test]
fn hex_references_read_as_serde_untagged_reads_them() {
    for value in shapes() {
        let ours = HexRef::deserialize(&value);
        let theirs = UntaggedRef::deserialize(&value);
        match (&ours, &theirs) {
            (Ok(a), Ok(b)) => assert!(same_ref(a, b), "{value}: {a:?} against {b:?}"),
            (Err(a), Err(b)) => assert_eq!(
                a.to_string(),
                b.to_string().replace("UntaggedRef", "HexRef"),
                "{value}"
            ),
            _ => panic!("{value}: {ours:?} against {theirs:?}"),
        }
    }
}

#[test]
fn footprints_read_as_serde_untagged_reads_them() {
    for value in shapes() {
        let ours = Footprint::deserialize(&value);
        let theirs = UntaggedFootprint::deserialize(&value);
        match (&ours, &theirs) {
            (Ok(Footprint::One(a)), Ok(UntaggedFootprint::One(b))) => {
                assert!(same_ref(a, b), "{value}")
            }
            (Ok(Footprint::Many(a)), Ok(UntaggedFootprint::Many(b))) => {
                assert_eq!(a.len(), b.len(), "{value}");
                assert!(a.iter().zip(b).all(|(a, b)| same_ref(a, b)), "{value}");
            }
            (Err(a), Err(b)) => assert_eq!(
                a.to_string(),
                b.to_string().replace("UntaggedFootprint", "Footprint"),
                "{value}"
            ),
            _ => panic!("{value}: {ours:?} against {theirs:?}"),
        }
    }
}

/// A reference that fits no form is reported at the reference, not inside it, as before.
#[test]
fn a_reference_that_fits_no_form_is_reported_where_it_stands() {
    #[derive(Debug, Deserialize)]
    struct Token {
        #[allow(dead_code)]
        at: Footprint,
    }
    #[derive(Debug, Deserialize)]
    struct UntaggedToken {
        #[allow(dead_code)]
        at: UntaggedFootprint,
    }
    for value in shapes() {
        let token = json!({"at": value});
        let ours = serde_path_to_error::deserialize::<_, Token>(&token);
        let theirs = serde_path_to_error::deserialize::<_, UntaggedToken>(&token);
        match (ours, theirs) {
            (Err(a), Err(b)) => assert_eq!(a.path().to_string(), b.path().to_string(), "{value}"),
            (a, b) => assert_eq!(a.is_ok(), b.is_ok(), "{value}"),
        }
    }
}
