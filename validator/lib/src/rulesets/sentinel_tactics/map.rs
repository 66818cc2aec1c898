//! Sentinel Tactics' map in the shared board's words: its terrains as board features and its
//! tile sides as the look of the ground.

use megahex_schema::rulesets::sentinel_tactics::{Side, Terrain};

use crate::board::{Face, Feature};

impl From<Terrain> for Feature {
    fn from(terrain: Terrain) -> Feature {
        match terrain {
            Terrain::Cover => Feature::Cover,
            Terrain::Lava => Feature::Lava,
            Terrain::Water => Feature::Water,
            Terrain::Park => Feature::Park,
        }
    }
}

impl From<Feature> for Terrain {
    fn from(feature: Feature) -> Terrain {
        match feature {
            Feature::Cover => Terrain::Cover,
            Feature::Lava => Terrain::Lava,
            Feature::Water => Terrain::Water,
            Feature::Park => Terrain::Park,
        }
    }
}

impl From<Side> for Face {
    fn from(side: Side) -> Face {
        match side {
            Side::Megalopolis => Face::Paved,
            Side::InsulaPrimalis => Face::Wild,
        }
    }
}

impl From<Face> for Side {
    fn from(face: Face) -> Side {
        match face {
            Face::Paved => Side::Megalopolis,
            Face::Wild => Side::InsulaPrimalis,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_side_is_the_face_it_looks_like_and_back() {
        for side in [Side::Megalopolis, Side::InsulaPrimalis] {
            assert_eq!(Side::from(Face::from(side)), side);
        }
    }

    #[test]
    fn each_terrain_keeps_its_word() {
        for terrain in [Terrain::Cover, Terrain::Lava, Terrain::Water, Terrain::Park] {
            assert_eq!(Feature::from(terrain).as_str(), terrain.as_str());
            assert_eq!(Terrain::from(Feature::from(terrain)), terrain);
        }
    }
}
