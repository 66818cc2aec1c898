//! The problems panel: the findings of the live checks, each clickable to show what it is
//! about on the map.

use egui::{Color32, RichText};
use megahex::Severity;
use megahex::board::Axial;

use crate::document::{Document, Problem};
use crate::workbench::{Selection, Tool, Workbench};

/// Selects what a finding is about and centres the view on it.
pub fn focus_problem(wb: &mut Workbench, index: usize) {
    let Some(problem) = wb.doc.problems.get(index) else {
        return;
    };
    let (selection, hexes) = problem_target(problem, &wb.doc);
    if let Some(selection) = selection {
        crate::sentinel_tactics::group::select_only(wb, Some(selection));
        wb.tool = Tool::Select;
    }
    if let Some(&first) = hexes.first() {
        wb.picked = Some(first);
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

/// The parts of a Solar Sentinels deck that its inspector opens, so a finding about one of
/// them can be clicked.
const DECK_PARTS: [&str; 4] = ["/conflict/", "/heroes/", "/bosses/", "/missions"];

/// Returns the finding that was clicked, if any.
pub fn problems_panel(
    ui: &mut egui::Ui,
    problems: &[Problem],
    checking: bool,
    unsaved: bool,
) -> Option<usize> {
    ui.horizontal(|ui| {
        ui.heading("Problems");
        if checking {
            ui.spinner();
            ui.label(RichText::new("checking…").weak());
        }
    });
    if unsaved && !problems.is_empty() {
        ui.label(RichText::new("Line numbers are those of the file as it will be saved.").weak());
    }
    if problems.is_empty() {
        ui.label(RichText::new("No problems found.").color(Color32::LIGHT_GREEN));
        return None;
    }
    let mut clicked = None;
    egui::ScrollArea::vertical().show(ui, |ui| {
        for (index, problem) in problems.iter().enumerate() {
            ui.separator();
            let pointer = problem.pointer.as_deref();
            let on_map = !problem.hexes.is_empty()
                || pointer
                    .is_some_and(|p| p.starts_with("/tokens/") || p.starts_with("/map/tiles/"));
            let in_deck = pointer.is_some_and(|p| DECK_PARTS.iter().any(|d| p.starts_with(d)));
            let body = ui.vertical(|ui| {
                problem_body(ui, problem);
            });
            if on_map || in_deck {
                let hover = match on_map {
                    true => "Click to show it on the map",
                    false => "Click to open it in the inspector",
                };
                let response = ui
                    .interact(
                        body.response.rect,
                        ui.scope_id().with(("problem", index)),
                        egui::Sense::click(),
                    )
                    .on_hover_text(hover)
                    .on_hover_cursor(egui::CursorIcon::PointingHand);
                if response.hovered() {
                    ui.painter().rect_stroke(
                        body.response.rect.expand(2.0),
                        3.0,
                        egui::Stroke::new(1.0, Color32::GRAY),
                        egui::StrokeKind::Outside,
                    );
                }
                if response.clicked() {
                    clicked = Some(index);
                }
            }
        }
    });
    clicked
}

fn problem_body(ui: &mut egui::Ui, problem: &Problem) {
    ui.horizontal_wrapped(|ui| {
        let (word, color) = match problem.severity {
            Severity::Error => ("error", Color32::LIGHT_RED),
            Severity::Warning => ("warning", Color32::YELLOW),
            Severity::Info => ("info", Color32::LIGHT_BLUE),
        };
        ui.label(RichText::new(word).color(color).strong());
        ui.label(RichText::new(&problem.code).monospace());
        if let Some((line, column)) = problem.line_column {
            ui.label(RichText::new(format!("{line}:{column}")).monospace());
        }
    });
    ui.label(&problem.message);
    if let Some(help) = &problem.help {
        ui.label(RichText::new(help).weak().italics());
    }
}

/// The problems list, the designer's claims as a checklist, then the fairness report: a click
/// on a finding shows it on the map.
pub fn problems_and_fairness(ui: &mut egui::Ui, wb: &mut Workbench, checking: bool) {
    let clicked = problems_panel(ui, &wb.doc.problems, checking, wb.doc.is_dirty());
    if let Some(index) = clicked {
        focus_problem(wb, index);
    }
    if let Some((index, placement)) =
        crate::sentinel_tactics::inventory_fix::quick_fixes(ui, &wb.doc.replacements)
        && wb.edit(crate::sentinel_tactics::edit::Edit::ReplaceTile { index, placement })
    {
        wb.doc.replacements.clear();
    }
    crate::sentinel_tactics::claims_view::claims_section(
        ui,
        wb.doc.scenario(),
        &wb.doc.problems,
        checking,
    );
    crate::sentinel_tactics::changes_view::changes_section(
        ui,
        wb.doc.changes.as_ref(),
        wb.doc.is_dirty(),
        &mut wb.layers.changes,
    );
    crate::sentinel_tactics::fairness_view::fairness_section(
        ui,
        wb.doc.verdict.as_ref(),
        wb.doc.selfplay.as_ref(),
        &wb.doc.fairness,
    );
}
