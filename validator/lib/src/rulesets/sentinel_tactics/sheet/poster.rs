//! The map at tile scale, split over sheets of ordinary paper: which part of the map each page
//! holds, so pages printed at 100 % and laid over each other rebuild the map at the size of the
//! tiles. Pure geometry in millimetres; [`super::pdf`] draws it.

use super::Paper;

/// White border kept on each page: room for the page's label, its cut marks and the
/// instructions, and wider than what most printers cannot print.
pub const POSTER_MARGIN_MM: f64 = 12.0;
/// How far neighbouring pages show the same strip of map, so they can be laid over each other
/// and taped without a gap.
pub const OVERLAP_MM: f64 = 15.0;

/// One page of the map.
#[derive(Debug, Clone, PartialEq)]
pub struct PosterPage {
    /// The page's name: its row as a letter and its column as a number (`A1`, `B3`).
    pub label: String,
    /// Its row, from the top, counted from 0.
    pub row: usize,
    /// Its column, from the left, counted from 0.
    pub column: usize,
    /// The part of the map it shows: left, top, width and height in millimetres from the
    /// map's top left corner.
    pub window_mm: [f64; 4],
}

/// How the map is split over pages.
#[derive(Debug, Clone, PartialEq)]
pub struct Poster {
    /// The pages' width and height in millimetres, turned the way that needs fewer pages.
    pub paper_mm: [f64; 2],
    /// The map's width and height at tile scale, in millimetres.
    pub map_mm: [f64; 2],
    /// Rows and columns of pages.
    pub rows: usize,
    /// Columns of pages.
    pub columns: usize,
    /// The pages, row by row from the top left.
    pub pages: Vec<PosterPage>,
}

impl Poster {
    /// Where a page's map picture goes on the page: left, top, width, height in millimetres.
    pub fn picture_on_page(&self, page: &PosterPage) -> [f64; 4] {
        let [_, _, w, h] = page.window_mm;
        [POSTER_MARGIN_MM, POSTER_MARGIN_MM, w, h]
    }
}

/// Splits a map of `map_mm` (width, height) over pages of `paper`, portrait or landscape,
/// whichever needs fewer pages (portrait on a tie).
pub fn plan(map_mm: [f64; 2], paper: Paper) -> Poster {
    let [short, long] = paper.mm();
    let portrait = split(map_mm, [short, long]);
    let landscape = split(map_mm, [long, short]);
    if landscape.pages.len() < portrait.pages.len() {
        landscape
    } else {
        portrait
    }
}

/// The split on pages of `page_mm` as given.
fn split(map_mm: [f64; 2], page_mm: [f64; 2]) -> Poster {
    let room = page_mm.map(|side| side - 2.0 * POSTER_MARGIN_MM);
    let count = |map: f64, room: f64| -> usize {
        if map <= room {
            1
        } else {
            ((map - room) / (room - OVERLAP_MM)).ceil() as usize + 1
        }
    };
    let columns = count(map_mm[0], room[0]);
    let rows = count(map_mm[1], room[1]);
    let mut pages = Vec::with_capacity(rows * columns);
    for row in 0..rows {
        for column in 0..columns {
            let left = column as f64 * (room[0] - OVERLAP_MM);
            let top = row as f64 * (room[1] - OVERLAP_MM);
            let width = room[0].min(map_mm[0] - left);
            let height = room[1].min(map_mm[1] - top);
            pages.push(PosterPage {
                label: label(row, column),
                row,
                column,
                window_mm: [left, top, width, height],
            });
        }
    }
    Poster {
        paper_mm: page_mm,
        map_mm,
        rows,
        columns,
        pages,
    }
}

/// `A1` for the first row and column; rows past `Z` go on as `AA`, `AB`.
fn label(row: usize, column: usize) -> String {
    let mut letters = Vec::new();
    let mut n = row;
    loop {
        letters.push(char::from(b'A' + (n % 26) as u8));
        if n < 26 {
            break;
        }
        n = n / 26 - 1;
    }
    letters.reverse();
    format!("{}{}", letters.into_iter().collect::<String>(), column + 1)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_map_that_fits_in_one_page_is_one_page() {
        let poster = plan([100.0, 150.0], Paper::A4);
        assert_eq!(poster.pages.len(), 1);
        assert_eq!(poster.pages[0].label, "A1");
        assert_eq!(poster.pages[0].window_mm, [0.0, 0.0, 100.0, 150.0]);
    }

    #[test]
    fn neighbours_overlap_by_the_overlap_and_the_pages_cover_the_map() {
        // A4 portrait leaves 186 × 273 mm; landscape 273 × 186. A 500 × 300 map needs
        // 1 + ceil((500 - 186) / 171) = 3 columns and 1 + ceil((300 - 273) / 258) = 2 rows
        // upright (6 pages), and 1 + ceil((500 - 273) / 258) = 2 columns by
        // 1 + ceil((300 - 186) / 171) = 2 rows on its side (4 pages): landscape wins.
        let poster = plan([500.0, 300.0], Paper::A4);
        assert_eq!(poster.paper_mm, [297.0, 210.0]);
        assert_eq!((poster.rows, poster.columns), (2, 2));
        let labels: Vec<&str> = poster.pages.iter().map(|p| p.label.as_str()).collect();
        assert_eq!(labels, ["A1", "A2", "B1", "B2"]);
        let [a1, a2, b1, _] = [0, 1, 2, 3].map(|i| poster.pages[i].window_mm);
        assert_eq!(a1[0] + a1[2] - a2[0], OVERLAP_MM);
        assert_eq!(a1[1] + a1[3] - b1[1], OVERLAP_MM);
        for page in &poster.pages {
            let [x, y, w, h] = page.window_mm;
            assert!(x >= 0.0 && y >= 0.0 && w > OVERLAP_MM && h > OVERLAP_MM);
            assert!(x + w <= 500.0 && y + h <= 300.0);
        }
        let last = poster.pages[3].window_mm;
        assert_eq!((last[0] + last[2], last[1] + last[3]), (500.0, 300.0));
    }

    #[test]
    fn rows_past_z_take_two_letters() {
        assert_eq!(label(0, 0), "A1");
        assert_eq!(label(25, 2), "Z3");
        assert_eq!(label(26, 0), "AA1");
        assert_eq!(label(27, 9), "AB10");
    }
}
