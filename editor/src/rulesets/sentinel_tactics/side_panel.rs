//! Sentinel Tactics' side panel below the inspector: the problems (a click selects the token or
//! tile a finding is about), the quick fixes for tiles placed twice, the claims, the changes
//! since the last save and the fairness report.

use super::bench::{MapBench, Selection, Tool};
use crate::rulesets::sentinel_tactics::held::MapDocument;
use megahex::board::Axial;

use crate::document::{Document, Problem};
use crate::problems::{ON_MAP, has_hexes, problems_panel};

/// A finding can be shown when it has hexes or points at a token or a placed tile.
fn clickable(problem: &Problem) -> Option<&'static str> {
    has_hexes(problem).or_else(|| {
        problem
            .pointer
            .as_deref()
            .is_some_and(|p| p.starts_with("/tokens/") || p.starts_with("/map/tiles/"))
            .then_some(ON_MAP)
    })
}

/// Selects what a finding is about and centres the view on it.
pub fn focus_problem(wb: &mut MapBench<'_>, index: usize) {
    let Some(problem) = wb.doc.problems.get(index) else {
        return;
    };
    let (selection, hexes) = problem_target(problem, &wb.doc);
    if let Some(selection) = selection {
        super::group::select_only(wb, Some(selection));
        wb.map.tool = Tool::Select;
    }
    if let Some(&first) = hexes.first() {
        wb.map.picked = Some(first);
    }
    wb.centre_on(&hexes);
}

/// Where a finding is on the map: what to select, and the hexes to centre the view on. A
/// pointer into `tokens` selects that token, one into `map/tiles` that tile; the finding's own
/// hexes are shown first, else those of what it points at.
pub fn problem_target(problem: &Problem, doc: &Document) -> (Option<Selection>, Vec<Axial>) {
    let scenario = doc.scenario();
    let index_after = |prefix: &str| -> Option<usize> {
        let rest = problem.pointer.as_deref()?.strip_prefix(prefix)?;
        rest.split('/').next()?.parse().ok()
    };
    let selection = if let Some(i) = index_after("/tokens/") {
        scenario
            .is_some_and(|s| i < s.tokens.len())
            .then_some(Selection::Token(i))
    } else if let Some(i) = index_after("/map/tiles/") {
        scenario
            .is_some_and(|s| i < s.map.tiles.len())
            .then_some(Selection::Tile(i))
    } else {
        None
    };
    let mut hexes: Vec<Axial> = problem.hexes.clone();
    if hexes.is_empty() {
        hexes = match selection {
            Some(Selection::Token(i)) => doc
                .tokens()
                .iter()
                .find(|t| t.index == i)
                .map(|t| t.hexes.clone())
                .unwrap_or_default(),
            Some(Selection::Tile(i)) => doc.board().map_or_else(Vec::new, |b| {
                b.hexes()
                    .iter()
                    .filter(|h| h.placement == i)
                    .map(|h| h.at)
                    .collect()
            }),
            None => Vec::new(),
        };
    }
    // A finding about hexes of one tile, without a pointer, selects that tile.
    let selection = selection.or_else(|| {
        let board = doc.board()?;
        let first = board
            .get(*hexes.first()?)
            .filter(|h| h.tile != 0)?
            .placement;
        hexes
            .iter()
            .all(|&h| board.get(h).is_some_and(|bh| bh.placement == first))
            .then_some(Selection::Tile(first))
    });
    (selection, hexes)
}

/// The problems list, the designer's claims as a checklist, then the fairness report: a click
/// on a finding shows it on the map.
pub fn problems_and_fairness(ui: &mut egui::Ui, wb: &mut MapBench<'_>, checking: bool) {
    let clicked = problems_panel(
        ui,
        &wb.doc.problems,
        checking,
        wb.doc.is_dirty(),
        &clickable,
    );
    if let Some(index) = clicked {
        focus_problem(wb, index);
    }
    let none = super::findings::Findings::default();
    let picked = super::inventory_fix::quick_fixes(
        ui,
        wb.doc.scenario().map_or(&[], |s| &s.map.tiles),
        &map_findings(&wb.doc, &none).replacements,
    );
    if let Some((index, placement)) = picked
        && wb.edit(super::edit::Edit::ReplaceTile { index, placement })
        && let Some(kept) = wb.doc.map_findings()
    {
        // The offer is spent; the next check makes a new one if the map still needs it.
        let mut kept = kept.clone();
        kept.replacements.clear();
        wb.doc.findings = crate::held::GameData::new(kept);
    }
    super::claims_view::claims_section(ui, wb.doc.scenario(), &wb.doc.problems, checking);
    let shared = &mut *wb.wb;
    crate::changes_view::changes_section(
        ui,
        shared.doc.changes.as_ref(),
        shared.doc.is_dirty(),
        Some(&mut shared.layers.changes),
    );
    let findings = map_findings(&wb.doc, &none);
    super::fairness_view::fairness_section(
        ui,
        findings.verdict.as_ref(),
        findings.selfplay.as_ref(),
        &wb.doc.fairness,
    );
}

/// The map's findings from the last background check, or `none` before there are any.
fn map_findings<'a>(
    doc: &'a Document,
    none: &'a super::findings::Findings,
) -> &'a super::findings::Findings {
    doc.map_findings().unwrap_or(none)
}
