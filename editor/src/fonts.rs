//! The editor's fonts: egui's own default set (Ubuntu Light for text, Hack for code, egui's
//! icons as the last resort), installed by the editor itself rather than by egui's
//! `default_fonts` feature. Ubuntu Light comes from the picture export's
//! [`megahex::report::png::PICTURE_FONT`], so the screen and the exported pictures share one
//! copy of it: egui's feature would bundle a second, which the web page would download.

use egui::{FontData, FontDefinitions, FontFamily, FontTweak};
use std::sync::Arc;

/// egui's default fonts and families, with the text font shared with the picture export.
pub fn definitions() -> FontDefinitions {
    let mut fonts = FontDefinitions::empty();
    let mut add = |name: &str, data: FontData| {
        fonts.font_data.insert(name.to_owned(), Arc::new(data));
    };
    add(
        "Ubuntu-Light",
        FontData::from_static(megahex::report::png::PICTURE_FONT),
    );
    add(
        "Hack",
        FontData::from_static(epaint_default_fonts::HACK_REGULAR),
    );
    // The handful of icons egui draws itself (`epaint_default_fonts::special_emojis`), a
    // little smaller, as egui sizes them.
    add(
        "egui-icons",
        FontData::from_static(epaint_default_fonts::EGUI_ICONS).tweak(FontTweak {
            scale: 0.90,
            ..Default::default()
        }),
    );
    let family = |names: &[&str]| names.iter().map(|name| (*name).to_owned()).collect();
    fonts.families.insert(
        FontFamily::Proportional,
        family(&["Ubuntu-Light", "egui-icons"]),
    );
    // Ubuntu Light after Hack, for the signs Hack lacks (√ and the like).
    fonts.families.insert(
        FontFamily::Monospace,
        family(&["Hack", "Ubuntu-Light", "egui-icons"]),
    );
    fonts
}

/// Gives `ctx` the editor's fonts, from its next pass on: call it before the first frame.
pub fn install(ctx: &egui::Context) {
    ctx.set_fonts(definitions());
}

/// A new context with the editor's fonts, for drawing the editor away from a window (tests,
/// pictures of the editor).
pub fn context() -> egui::Context {
    let ctx = egui::Context::default();
    install(&ctx);
    ctx
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A context with the editor's fonts, after the one pass that loads them (its font
    /// texture is not wanted here).
    fn loaded() -> egui::Context {
        let ctx = context();
        ctx.run_ui(egui::RawInput::default(), |_| {})
            .textures_delta
            .clear();
        ctx
    }

    #[test]
    fn text_code_and_icons_each_have_a_font() {
        let ctx = loaded();
        ctx.fonts_mut(|fonts| {
            // 'Ə' is in Ubuntu Light and not in Hack: code falls back on the text font.
            for family in [FontFamily::Proportional, FontFamily::Monospace] {
                let font = egui::FontId::new(14.0, family.clone());
                for c in ['a', 'Ə', epaint_default_fonts::special_emojis::GITHUB] {
                    assert!(fonts.has_glyph(&font, c), "{c} in {family:?}");
                }
            }
        });
    }

    #[test]
    fn code_is_monospaced_and_text_is_not() {
        let ctx = loaded();
        let width = |family: FontFamily, c: char| {
            ctx.fonts_mut(|fonts| fonts.glyph_width(&egui::FontId::new(14.0, family), c))
        };
        assert_eq!(
            width(FontFamily::Monospace, 'i'),
            width(FontFamily::Monospace, 'm')
        );
        assert!(width(FontFamily::Proportional, 'i') < width(FontFamily::Proportional, 'm'));
    }
}
