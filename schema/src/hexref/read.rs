//! Reading [`HexRef`] and [`Footprint`] as serde's untagged enums read them (the first form
//! that fits wins, and a value that fits none gets the same message), without what that costs:
//! untagged enums copy every value into a buffer and build an error message for each form
//! that does not fit, and a scenario names hundreds of hexes. The forms are told apart by the
//! value's shape, and its parts are read in a way that never fails, so a path-tracking reader
//! still points at the whole reference when it does not fit.

use std::fmt;

use serde::de::{self, Deserialize, Deserializer, MapAccess, SeqAccess, Visitor};

use super::{Footprint, HexRef, TileHex, TileHexMap};

impl<'de> Deserialize<'de> for HexRef {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        match deserializer.deserialize_any(LooseVisitor)? {
            Loose::Ref(hex) => Ok(hex),
            _ => Err(no_variant("HexRef")),
        }
    }
}

impl<'de> Deserialize<'de> for Footprint {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        match deserializer.deserialize_any(LooseVisitor)? {
            Loose::Ref(hex) => Ok(Footprint::One(hex)),
            Loose::List(items) => items
                .into_iter()
                .map(|item| match item {
                    Loose::Ref(hex) => Some(hex),
                    _ => None,
                })
                .collect::<Option<Vec<HexRef>>>()
                .map(Footprint::Many)
                .ok_or_else(|| no_variant("Footprint")),
            _ => Err(no_variant("Footprint")),
        }
    }
}

/// serde's own words for a value that fits no form of an untagged enum.
fn no_variant<E: de::Error>(name: &str) -> E {
    E::custom(format_args!(
        "data did not match any variant of untagged enum {name}"
    ))
}

/// A value as far as hex references care, read without ever failing.
enum Loose {
    /// A whole number.
    Whole(i128),
    /// A value that is a hex reference.
    Ref(HexRef),
    /// A list that is not one: its items, for a footprint.
    List(Vec<Loose>),
    /// Anything else.
    Other,
}

struct LooseVisitor;

impl<'de> Visitor<'de> for LooseVisitor {
    type Value = Loose;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("any value")
    }

    fn visit_bool<E: de::Error>(self, _: bool) -> Result<Loose, E> {
        Ok(Loose::Other)
    }

    fn visit_i64<E: de::Error>(self, v: i64) -> Result<Loose, E> {
        Ok(Loose::Whole(i128::from(v)))
    }

    fn visit_u64<E: de::Error>(self, v: u64) -> Result<Loose, E> {
        Ok(Loose::Whole(i128::from(v)))
    }

    fn visit_i128<E: de::Error>(self, v: i128) -> Result<Loose, E> {
        Ok(Loose::Whole(v))
    }

    fn visit_u128<E: de::Error>(self, v: u128) -> Result<Loose, E> {
        Ok(i128::try_from(v).map_or(Loose::Other, Loose::Whole))
    }

    fn visit_f64<E: de::Error>(self, _: f64) -> Result<Loose, E> {
        Ok(Loose::Other)
    }

    fn visit_char<E: de::Error>(self, v: char) -> Result<Loose, E> {
        self.visit_str(v.encode_utf8(&mut [0; 4]))
    }

    fn visit_str<E: de::Error>(self, v: &str) -> Result<Loose, E> {
        Ok(v.parse::<TileHex>()
            .map_or(Loose::Other, |t| Loose::Ref(HexRef::Tile(t))))
    }

    fn visit_bytes<E: de::Error>(self, v: &[u8]) -> Result<Loose, E> {
        match std::str::from_utf8(v) {
            Ok(text) => self.visit_str(text),
            Err(_) => Ok(Loose::Other),
        }
    }

    fn visit_none<E: de::Error>(self) -> Result<Loose, E> {
        Ok(Loose::Other)
    }

    fn visit_some<D: Deserializer<'de>>(self, deserializer: D) -> Result<Loose, D::Error> {
        deserializer.deserialize_any(LooseVisitor)
    }

    fn visit_unit<E: de::Error>(self) -> Result<Loose, E> {
        Ok(Loose::Other)
    }

    fn visit_newtype_struct<D: Deserializer<'de>>(
        self,
        deserializer: D,
    ) -> Result<Loose, D::Error> {
        deserializer.deserialize_any(LooseVisitor)
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Loose, A::Error> {
        let mut items = Vec::with_capacity(seq.size_hint().unwrap_or(2).min(64));
        while let Some(item) = seq.next_element_seed(LooseSeed)? {
            items.push(item);
        }
        // `[q, r]`, or the two numbers of `{tile, hex}` written as a list.
        if let [Loose::Whole(a), Loose::Whole(b)] = items[..] {
            if let (Ok(q), Ok(r)) = (i32::try_from(a), i32::try_from(b)) {
                return Ok(Loose::Ref(HexRef::Axial([q, r])));
            }
            if let (Ok(tile), Ok(hex)) = (u32::try_from(a), u32::try_from(b)) {
                return Ok(Loose::Ref(HexRef::TileMap(TileHexMap { tile, hex })));
            }
        }
        Ok(Loose::List(items))
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Loose, A::Error> {
        let (mut tile, mut hex) = (None, None);
        let mut fits = true;
        while let Some(key) = map.next_key_seed(FieldSeed)? {
            let value = map.next_value_seed(LooseSeed)?;
            let number = match value {
                Loose::Whole(n) => u32::try_from(n).ok(),
                _ => None,
            };
            let slot = match key {
                Field::Tile => &mut tile,
                Field::Hex => &mut hex,
                Field::Other => {
                    fits = false;
                    continue;
                }
            };
            if slot.is_some() || number.is_none() {
                fits = false;
            }
            *slot = number;
        }
        Ok(match (fits, tile, hex) {
            (true, Some(tile), Some(hex)) => Loose::Ref(HexRef::TileMap(TileHexMap { tile, hex })),
            _ => Loose::Other,
        })
    }
}

/// Reads one item with [`LooseVisitor`].
struct LooseSeed;

impl<'de> de::DeserializeSeed<'de> for LooseSeed {
    type Value = Loose;

    fn deserialize<D: Deserializer<'de>>(self, deserializer: D) -> Result<Loose, D::Error> {
        deserializer.deserialize_any(LooseVisitor)
    }
}

/// A key of the `{tile, hex}` form, as serde's derived field names read it.
enum Field {
    Tile,
    Hex,
    Other,
}

struct FieldSeed;

impl<'de> de::DeserializeSeed<'de> for FieldSeed {
    type Value = Field;

    fn deserialize<D: Deserializer<'de>>(self, deserializer: D) -> Result<Field, D::Error> {
        deserializer.deserialize_any(FieldVisitor)
    }
}

struct FieldVisitor;

impl<'de> Visitor<'de> for FieldVisitor {
    type Value = Field;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a field name")
    }

    fn visit_u64<E: de::Error>(self, v: u64) -> Result<Field, E> {
        Ok(match v {
            0 => Field::Tile,
            1 => Field::Hex,
            _ => Field::Other,
        })
    }

    fn visit_str<E: de::Error>(self, v: &str) -> Result<Field, E> {
        Ok(match v {
            "tile" => Field::Tile,
            "hex" => Field::Hex,
            _ => Field::Other,
        })
    }

    fn visit_bytes<E: de::Error>(self, v: &[u8]) -> Result<Field, E> {
        Ok(match v {
            b"tile" => Field::Tile,
            b"hex" => Field::Hex,
            _ => Field::Other,
        })
    }

    // Keys of any other kind fit no field; read them without failing.
    fn visit_i64<E: de::Error>(self, _: i64) -> Result<Field, E> {
        Ok(Field::Other)
    }

    fn visit_bool<E: de::Error>(self, _: bool) -> Result<Field, E> {
        Ok(Field::Other)
    }

    fn visit_f64<E: de::Error>(self, _: f64) -> Result<Field, E> {
        Ok(Field::Other)
    }

    fn visit_unit<E: de::Error>(self) -> Result<Field, E> {
        Ok(Field::Other)
    }

    fn visit_none<E: de::Error>(self) -> Result<Field, E> {
        Ok(Field::Other)
    }

    fn visit_some<D: Deserializer<'de>>(self, deserializer: D) -> Result<Field, D::Error> {
        de::IgnoredAny::deserialize(deserializer).map(|_| Field::Other)
    }

    fn visit_newtype_struct<D: Deserializer<'de>>(
        self,
        deserializer: D,
    ) -> Result<Field, D::Error> {
        de::IgnoredAny::deserialize(deserializer).map(|_| Field::Other)
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Field, A::Error> {
        while seq.next_element::<de::IgnoredAny>()?.is_some() {}
        Ok(Field::Other)
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Field, A::Error> {
        while map
            .next_entry::<de::IgnoredAny, de::IgnoredAny>()?
            .is_some()
        {}
        Ok(Field::Other)
    }
}

#[cfg(test)]
mod tests;
