//! Tokens that stand off the map: a token whose tile was removed, or whose hexes never named a
//! hex of the board, is not drawn, so it cannot be clicked or dragged. The token palette lists
//! them; picking one and clicking the map puts it back, and removing a tile says which tokens
//! it left off the map.

use egui::RichText;

use super::bench::{MapBench, Tool};
use super::edit::Edit;
use super::held::MapDocument;
use crate::workbench::StatusKind;

/// The ids of the scenario's tokens that are not on the board, by position in `tokens`.
pub fn stranded(wb: &MapBench<'_>) -> Vec<(usize, String)> {
    let Some(scenario) = wb.doc.scenario() else {
        return Vec::new();
    };
    let placed: Vec<usize> = wb.doc.tokens().iter().map(|t| t.index).collect();
    scenario
        .tokens
        .iter()
        .enumerate()
        .filter(|(index, _)| !placed.contains(index))
        .map(|(index, token)| (index, token.id.clone()))
        .collect()
}

/// After an edit that may have taken hexes away (a tile removed): names the tokens it left off
/// the map, which were on it before (`before`, from [`stranded`]).
pub fn say_newly_stranded(wb: &mut MapBench<'_>, done: &str, before: &[(usize, String)]) {
    let now: Vec<String> = stranded(wb)
        .into_iter()
        .filter(|(_, id)| !before.iter().any(|(_, was)| was == id))
        .map(|(_, id)| id)
        .collect();
    if now.is_empty() {
        return;
    }
    let names = now
        .iter()
        .map(|id| format!("`{id}`"))
        .collect::<Vec<_>>()
        .join(", ");
    wb.say(
        StatusKind::Done,
        format!(
            "{done}; {names} stood on it and {} now off the map: put {} back from the Off the map list in the Tokens tab, or undo (Ctrl+Z)",
            if now.len() == 1 { "is" } else { "are" },
            if now.len() == 1 { "it" } else { "them" },
        ),
    );
}

/// The "Off the map" list at the top of the token palette: each stranded token, picked to be
/// put back with a click on the map.
pub fn off_map_list(ui: &mut egui::Ui, wb: &mut MapBench<'_>) {
    let stranded = stranded(wb);
    if stranded.is_empty() {
        return;
    }
    ui.label(RichText::new("Off the map").strong());
    ui.label(
        RichText::new("Not drawn, so not clickable: pick one, then click the map to put it back.")
            .weak(),
    );
    for (index, id) in stranded {
        let holding = wb.map.tool == Tool::PutBack(index);
        let response = ui
            .selectable_label(holding, format!("{id}  (put back)"))
            .on_hover_text(format!("Click, then click the hex where `{id}` goes"));
        if response.clicked() {
            wb.map.tool = Tool::PutBack(index);
            wb.say(
                StatusKind::Done,
                format!("Click the map where `{id}` goes; Esc cancels"),
            );
        }
    }
    ui.separator();
}

/// A click on the map while putting token `index` back: it goes there, as one undoable move.
pub fn put_back(wb: &mut MapBench<'_>, index: usize, at: megahex::board::Axial) {
    let (Some(token), Some(board)) = (
        wb.doc.scenario().and_then(|s| s.tokens.get(index)).cloned(),
        wb.doc.board(),
    ) else {
        wb.map.tool = Tool::Select;
        return;
    };
    match super::token_rules::footprint_back_at(&token, at, board) {
        Ok(footprint) => {
            if wb.edit(Edit::MoveToken {
                index,
                at: footprint,
            }) {
                wb.map.tool = Tool::Select;
                super::group::select_only(wb, Some(super::bench::Selection::Token(index)));
                wb.say(
                    StatusKind::Done,
                    format!("`{}` is back on the map", token.id),
                );
            }
        }
        Err(why) => wb.refuse(&why),
    }
}
