//! `megahex tiles`: the catalog as small pictures of each tile side.

use megahex_schema::Catalog;
use megahex_schema::rulesets::sentinel_tactics::{CatalogHex, Terrain, TileSide};

/// Each side drawn as its 19 hexes (elevation digit plus a terrain mark), then the roster.
pub fn render(catalog: &Catalog) -> String {
    let mut out = String::from(
        "Tile sides (arrow up; each hex shows its elevation and a terrain mark: c cover, L lava, w water, p park)\n\n",
    );
    for side in &catalog.tiles {
        out.push_str(&format!(
            "{}  tile {}, {}: {} hexes, {} cover, {} lava\n",
            side.id,
            side.tile,
            side.side.as_str(),
            side.hexes.len(),
            side.hexes.iter().filter(|h| h.is_cover()).count(),
            side.hexes.iter().filter(|h| h.is_lava()).count(),
        ));
        out.push_str(&picture(side));
        out.push('\n');
    }
    out.push_str("Figures (id, name, kind, hexes)\n");
    for figure in &catalog.figures {
        let hexes = figure
            .hexes
            .map_or_else(|| "?".to_owned(), |n| n.to_string());
        out.push_str(&format!(
            "  {:<24} {:<24} {:<12} {hexes}\n",
            figure.id,
            figure.name,
            figure.kind.token_kind().as_str()
        ));
    }
    out
}

fn mark(hex: &CatalogHex) -> char {
    for (terrain, mark) in [
        (Terrain::Cover, 'c'),
        (Terrain::Lava, 'L'),
        (Terrain::Water, 'w'),
        (Terrain::Park, 'p'),
    ] {
        if hex.terrain.contains(&terrain) {
            return mark;
        }
    }
    ' '
}

/// Text picture of a flat-top side: column per q, a row per half hex of height.
fn picture(side: &TileSide) -> String {
    let Some(min_q) = side.hexes.iter().map(|h| h.q).min() else {
        return String::new();
    };
    let row_of = |h: &CatalogHex| 2 * h.r + h.q;
    let min_row = side.hexes.iter().map(row_of).min().unwrap_or(0);
    let max_row = side.hexes.iter().map(row_of).max().unwrap_or(0);
    let mut out = String::new();
    for row in min_row..=max_row {
        let mut line = String::from("    ");
        let mut cells: Vec<(i32, String)> = side
            .hexes
            .iter()
            .filter(|h| row_of(h) == row)
            .map(|h| (h.q, format!("{}{}", h.elevation, mark(h))))
            .collect();
        cells.sort();
        let mut column = 0;
        for (q, cell) in cells {
            let target = usize::try_from(q - min_q).unwrap_or(0) * 4;
            while column < target {
                line.push(' ');
                column += 1;
            }
            line.push_str(&cell);
            column += cell.chars().count();
        }
        out.push_str(line.trim_end());
        out.push('\n');
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use megahex_schema::rulesets::sentinel_tactics::Side;

    #[test]
    fn a_side_is_drawn_as_nine_rows_with_the_top_hex_alone() {
        let catalog = Catalog::builtin();
        let text = picture(catalog.side(8, Side::InsulaPrimalis).unwrap());
        let rows: Vec<&str> = text.lines().collect();
        assert_eq!(rows.len(), 9);
        // Index 1 (0, -2) stands alone in the top row; the crater centre (0, 0) is lava.
        assert_eq!(rows[0].split_whitespace().count(), 1);
        assert!(rows[4].contains("3L"), "{text}");
        assert_eq!(text.matches('L').count(), 7);
    }
}
