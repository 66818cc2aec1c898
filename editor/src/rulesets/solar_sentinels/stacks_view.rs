//! The three stacks as columns of cards, top card first: a card's level, Health, Damage,
//! additional enemies and effects at a glance, mandatory cards in orange. A card dragged onto
//! another goes just above or below it, and onto a column's **+ Add card**, to its bottom.

use crate::rulesets::solar_sentinels::held::DeckDocument;
use egui::{Color32, RichText, Stroke};
use megahex_schema::rulesets::solar_sentinels::{ConflictCard, Scenario};

use super::edits::{DeckEdit, columns, fresh_card_id};
use super::{DeckUi, Selected};
use crate::workbench::Workbench;

/// Orange, as the game marks its mandatory enemies.
const MANDATORY: Color32 = Color32::from_rgb(230, 140, 40);
const CARD: Color32 = Color32::from_rgb(38, 42, 52);
const SELECTED: Color32 = Color32::from_rgb(60, 80, 120);

/// Draws the columns; a click on a card selects it.
pub fn stacks(ui: &mut egui::Ui, wb: &mut Workbench, deck_ui: &mut DeckUi) {
    let Some(deck) = wb.doc.deck().cloned() else {
        ui.centered_and_justified(|ui| {
            ui.label("This deck did not load: its problems are listed on the right.");
        });
        return;
    };
    let size = deck.components.stack_size as usize;
    let columns = columns(&deck);
    let mut add_to = None;
    // A card dropped this frame: from (stack, place) to (stack, place before it).
    let mut dropped: Option<(Place, Place)> = None;
    egui::ScrollArea::vertical().show(ui, |ui| {
        ui.columns(3, |cols| {
            for (s, (col, ids)) in cols.iter_mut().zip(&columns).enumerate() {
                let count =
                    RichText::new(format!("Stack {}: {} of {size} cards", s + 1, ids.len()));
                col.label(match ids.len() == size {
                    true => count.strong(),
                    false => count.strong().color(Color32::from_rgb(230, 90, 80)),
                });
                for (place, id) in ids.iter().enumerate() {
                    let Some(index) = deck.conflict.iter().position(|c| &c.id == id) else {
                        col.label(RichText::new(format!("`{id}`: no such card")).weak());
                        continue;
                    };
                    let card = &deck.conflict[index];
                    let selected = deck_ui.selected == Some(Selected::Card(index));
                    let (clicked, tile) = card_tile(col, card, selected);
                    if clicked {
                        deck_ui.selected = Some(Selected::Card(index));
                    }
                    tile.dnd_set_drag_payload::<Place>((s, place));
                    if tile.dragged() {
                        follow_pointer(col.ctx(), card.name.as_deref().unwrap_or(&card.id));
                    }
                    if let Some(moved) = drop_on_card(col, &tile, (s, place)) {
                        dropped = Some(moved);
                    }
                }
                let add = col
                    .button("+ Add card")
                    .on_hover_text("A new level 1 enemy at the bottom of this stack");
                if add.clicked() {
                    add_to = Some(s);
                }
                if let Some(from) = add.dnd_release_payload::<Place>() {
                    dropped = Some((*from, (s, ids.len())));
                }
            }
        });
    });
    if let Some(stack) = add_to {
        add_card(wb, deck_ui, &deck, stack);
    }
    if let Some((from, to)) = dropped
        && from != to
    {
        wb.edit(DeckEdit::MoveCard { from, to });
    }
}

/// A card's place in the stacks: stack (0 to 2), then place, top first.
type Place = (usize, usize);

/// The dragged card's name beside the pointer, so the drag shows what it carries.
fn follow_pointer(ctx: &egui::Context, name: &str) {
    let Some(pointer) = ctx.pointer_interact_pos() else {
        return;
    };
    ctx.set_cursor_icon(egui::CursorIcon::Grabbing);
    egui::Area::new(egui::Id::unique("dragged stack card"))
        .order(egui::Order::Tooltip)
        .fixed_pos(pointer + egui::vec2(12.0, 8.0))
        .show(ctx, |ui| {
            egui::Frame::popup(ui.style()).show(ui, |ui| {
                ui.label(RichText::new(format!("Moving {name}")).strong());
            });
        });
}

/// While a card is dragged over the tile at `here`, a line shows where it would go (above the
/// tile or below it, by which half the pointer is in); on release, the move.
fn drop_on_card(ui: &egui::Ui, tile: &egui::Response, here: Place) -> Option<(Place, Place)> {
    tile.dnd_hover_payload::<Place>()?;
    let pointer = ui.ctx().pointer_interact_pos()?;
    let below = pointer.y > tile.rect.center().y;
    let to = (here.0, here.1 + usize::from(below));
    let y = match below {
        true => tile.rect.bottom() + 1.0,
        false => tile.rect.top() - 1.0,
    };
    ui.painter().hline(
        tile.rect.x_range(),
        y,
        Stroke::new(3.0, ui.visuals().selection.stroke.color),
    );
    let from = tile.dnd_release_payload::<Place>()?;
    Some((*from, to))
}

fn add_card(wb: &mut Workbench, deck_ui: &mut DeckUi, deck: &Scenario, stack: usize) {
    let card = ConflictCard {
        id: fresh_card_id(deck),
        name: None,
        level: 1,
        health: 3,
        damage: 1,
        additional_enemies: 0,
        mandatory: false,
        effects: Vec::new(),
        reward: None,
    };
    if wb.edit(DeckEdit::AddCard {
        card: Box::new(card),
        stack,
    }) {
        deck_ui.selected = wb
            .doc
            .deck()
            .map(|d| Selected::Card(d.conflict.len().saturating_sub(1)));
    }
}

/// One card: name, then `L1 · Health 4 · Damage 2 · +1`, then how many effects and the
/// reward; whether it was clicked, and its response, which may be dragged.
fn card_tile(ui: &mut egui::Ui, card: &ConflictCard, selected: bool) -> (bool, egui::Response) {
    let border = match card.mandatory {
        true => Stroke::new(2.0, MANDATORY),
        false => plain_border(),
    };
    let name = card.name.as_deref().unwrap_or(&card.id);
    let title = RichText::new(name).strong();
    let title = match card.mandatory {
        true => title.color(MANDATORY),
        false => title,
    };
    let mut line = format!(
        "L{} · Health {} · Damage {}",
        card.level, card.health, card.damage
    );
    if card.additional_enemies > 0 {
        line.push_str(&format!(" · +{}", card.additional_enemies));
    }
    let mut lines = vec![RichText::new(line).small()];
    let effects = count_effects(card.effects.len());
    let reward = if card.reward.is_some() { "reward" } else { "" };
    let joined = [effects.as_str(), reward]
        .into_iter()
        .filter(|s| !s.is_empty())
        .collect::<Vec<_>>()
        .join(" · ");
    if !joined.is_empty() {
        lines.push(RichText::new(joined).small().weak());
    }
    tile_sensing(
        ui,
        selected,
        border,
        (title, &lines),
        egui::Sense::click_and_drag(),
    )
}

/// "1 effect", "3 effects", or nothing for none.
pub fn count_effects(n: usize) -> String {
    match n {
        0 => String::new(),
        1 => "1 effect".to_owned(),
        n => format!("{n} effects"),
    }
}

/// A clickable tile the width of its column: a title, then small lines under it. The stacks'
/// cards and the setup panel's heroes and bosses use it, so a selection looks the same
/// everywhere; true when it was clicked.
pub fn tile(
    ui: &mut egui::Ui,
    selected: bool,
    border: Stroke,
    title: RichText,
    lines: &[RichText],
) -> bool {
    tile_sensing(ui, selected, border, (title, lines), egui::Sense::click()).0
}

/// [`tile`], sensing `sense` over the whole tile: whether it was clicked, and its response.
fn tile_sensing(
    ui: &mut egui::Ui,
    selected: bool,
    border: Stroke,
    (title, lines): (RichText, &[RichText]),
    sense: egui::Sense,
) -> (bool, egui::Response) {
    let frame = egui::Frame::new()
        .fill(if selected { SELECTED } else { CARD })
        .stroke(border)
        .corner_radius(4.0)
        .inner_margin(egui::Margin::symmetric(6, 3));
    let mut title_clicked = false;
    let response = frame
        .show(ui, |ui| {
            ui.set_width(ui.available_width());
            title_clicked = ui
                .add(egui::Label::new(title).sense(egui::Sense::click()))
                .clicked();
            for line in lines {
                ui.label(line.clone());
            }
        })
        .response;
    ui.add_space(2.0);
    let response = response.interact(sense);
    (title_clicked || response.clicked(), response)
}

/// The thin grey border of a tile that is not a mandatory enemy.
pub fn plain_border() -> Stroke {
    Stroke::new(1.0, Color32::from_gray(80))
}
