//! What the document asks of the game it holds, whichever game that is: the scenario with its
//! undo history, edits addressed to it, and the scene its map is drawn from. Each game's
//! scenario type implements [`GameScenario`] in its own folder; the document holds one as a
//! `Box<dyn HeldScenario>` and never names a game.

use std::any::Any;
use std::sync::Arc;

use megahex::report::decor::Decorations;
use megahex::scene::Scene;
use megahex_schema::{AnyScenario, Catalog, Ruleset};

use crate::history::{Change, History, Undo, Versioned};

/// A game's edit, as the one edit path carries it ([`crate::workbench::Workbench::edit`]).
pub trait GameEdit: Any + Send + std::fmt::Debug {
    /// The game whose scenario it edits.
    const RULESET: Ruleset;
}

/// One edit of some game, on its way to the scenario that game holds.
#[derive(Debug)]
pub struct AnyEdit {
    /// The game it edits, to say so when another game's scenario is open.
    pub ruleset: Ruleset,
    edit: Box<dyn AnyDebug>,
}

/// An edit the document can carry without knowing its type, and still print for a test.
trait AnyDebug: Any + Send + std::fmt::Debug {
    fn into_any(self: Box<Self>) -> Box<dyn Any>;
    fn as_any(&self) -> &dyn Any;
}

impl<T: Any + Send + std::fmt::Debug> AnyDebug for T {
    fn into_any(self: Box<Self>) -> Box<dyn Any> {
        self
    }
    fn as_any(&self) -> &dyn Any {
        self
    }
}

impl<E: GameEdit> From<E> for AnyEdit {
    fn from(edit: E) -> AnyEdit {
        AnyEdit {
            ruleset: E::RULESET,
            edit: Box::new(edit),
        }
    }
}

impl AnyEdit {
    /// The edit, if it is of type `E`.
    pub fn get<E: Any>(&self) -> Option<&E> {
        // Through the box to the edit: the box itself is `Any` too.
        AnyDebug::as_any(&*self.edit).downcast_ref()
    }

    /// The edit itself, or the edit back when it is another type.
    pub fn take<E: Any>(self) -> Result<E, AnyEdit> {
        if self.get::<E>().is_none() {
            return Err(self);
        }
        match AnyDebug::into_any(self.edit).downcast::<E>() {
            Ok(edit) => Ok(*edit),
            Err(_) => unreachable!("checked above"),
        }
    }
}

/// What a game works out once per change and its panels ask of often (its rules set up for the
/// scenario, the verdict of the last check), kept without the document knowing its type.
#[derive(Clone, Default)]
pub struct GameData(Option<Arc<dyn Any + Send + Sync>>);

impl std::fmt::Debug for GameData {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(if self.0.is_some() {
            "GameData(..)"
        } else {
            "GameData(None)"
        })
    }
}

impl GameData {
    /// Data of a game.
    pub fn new<T: Any + Send + Sync>(value: T) -> GameData {
        GameData(Some(Arc::new(value)))
    }

    /// The data, if there is some of type `T`.
    pub fn get<T: Any>(&self) -> Option<&T> {
        self.0.as_deref().and_then(|data| data.downcast_ref())
    }
}

/// A scenario laid out for the map: the board and pieces the rules see, its marks, and what
/// the game's panels want kept with them.
pub struct Layout {
    /// The board, tokens and sight rules.
    pub scene: Scene,
    /// Team colours, objective hexes, zones.
    pub decor: Decorations,
    /// The game's own (its rules set up for this scenario, say).
    pub rules: GameData,
}

/// A game's scenario type, as the editor holds it: implemented once per game, in its folder.
pub trait GameScenario:
    Versioned<Patch: Send + Sync>
    + serde::Serialize
    + serde::de::DeserializeOwned
    + std::fmt::Debug
    + Send
    + Sync
    + 'static
{
    /// The game's edits.
    type Edit: Change<Self> + GameEdit + Clone;
    /// The scenario's title, if it has one.
    fn title(&self) -> Option<&str>;
    /// The edit that gives it a new title (or none).
    fn retitle(title: Option<String>) -> Self::Edit;
    /// The edit that takes the version another program saved.
    fn reload(theirs: Self) -> Self::Edit;
    /// As the library's scenario of any game.
    fn into_any(self) -> AnyScenario;
    /// The scenario, when `any` is this game's.
    fn from_any(any: AnyScenario) -> Option<Self>;
    /// The map to draw, or `None` for a game without one.
    fn layout(&self, catalog: &Catalog) -> Option<Layout>;
}

/// The scenario the document holds, with its history, whichever game it is.
pub trait HeldScenario: std::fmt::Debug + Send + Sync {
    /// The game it is.
    fn ruleset(&self) -> Ruleset;
    /// The scenario's title, if it has one.
    fn title(&self) -> Option<&str>;
    /// The edit that gives the scenario a new title (or none).
    fn retitle(&self, title: Option<String>) -> AnyEdit;
    /// The undo label `edit` gets on this scenario ("edit" for another game's edit).
    fn label(&self, edit: &AnyEdit) -> String;
    /// Applies `edit` through the history: `Ok(true)` when the scenario changed, `Ok(false)`
    /// when the edit changed nothing, `Err` with the reason when it was refused (or is another
    /// game's edit).
    fn apply(&mut self, edit: AnyEdit) -> Result<bool, String>;
    /// Takes the version another program saved as one undoable edit; `None` when it is another
    /// game's scenario.
    fn take_theirs(&mut self, theirs: AnyScenario) -> Option<Result<bool, String>>;
    /// The current scenario, for checks, recovery copies and saving.
    fn current(&self) -> AnyScenario;
    /// Its undo history.
    fn history(&self) -> &dyn Undo;
    /// Its undo history, to step.
    fn history_mut(&mut self) -> &mut dyn Undo;
    /// The current scenario as the YAML the editor writes for it.
    fn to_yaml(&self, modeline: Option<&str>) -> Result<String, String>;
    /// The text to save: the designer's own text (`original`) with the changes written in where
    /// it can be ([`megahex::yaml::patch::saved_text`]).
    fn saved_text(&self, original: Option<&str>, modeline: Option<&str>) -> Result<String, String>;
    /// The current scenario laid out for the map, or `None` for a game without one.
    fn layout(&self, catalog: &Catalog) -> Option<Layout>;
    /// The history itself, for the game's own panels to read.
    fn as_any(&self) -> &dyn Any;
    /// A copy.
    fn clone_box(&self) -> Box<dyn HeldScenario>;
}

impl Clone for Box<dyn HeldScenario> {
    fn clone(&self) -> Self {
        self.clone_box()
    }
}

impl<S: GameScenario> HeldScenario for History<S, S::Edit> {
    fn ruleset(&self) -> Ruleset {
        <S::Edit as GameEdit>::RULESET
    }

    fn title(&self) -> Option<&str> {
        self.scenario().title()
    }

    fn retitle(&self, title: Option<String>) -> AnyEdit {
        S::retitle(title).into()
    }

    fn label(&self, edit: &AnyEdit) -> String {
        edit.get::<S::Edit>()
            .map_or_else(|| "edit".to_owned(), |e| e.label(self.scenario()))
    }

    fn apply(&mut self, edit: AnyEdit) -> Result<bool, String> {
        let edit = edit.take::<S::Edit>().map_err(|other| {
            format!(
                "this is not a {} file that loaded, so it cannot be edited as one",
                other.ruleset.as_str()
            )
        })?;
        let before = self.revision();
        History::apply(self, edit)?;
        Ok(self.revision() != before)
    }

    fn take_theirs(&mut self, theirs: AnyScenario) -> Option<Result<bool, String>> {
        let theirs = S::from_any(theirs)?;
        Some(HeldScenario::apply(self, S::reload(theirs).into()))
    }

    fn current(&self) -> AnyScenario {
        self.scenario().clone().into_any()
    }

    fn history(&self) -> &dyn Undo {
        self
    }

    fn history_mut(&mut self) -> &mut dyn Undo {
        self
    }

    fn to_yaml(&self, modeline: Option<&str>) -> Result<String, String> {
        crate::storage::to_yaml(self.scenario(), modeline)
    }

    fn saved_text(&self, original: Option<&str>, modeline: Option<&str>) -> Result<String, String> {
        megahex::yaml::patch::saved_text(original, self.scenario(), modeline)
    }

    fn layout(&self, catalog: &Catalog) -> Option<Layout> {
        self.scenario().layout(catalog)
    }

    fn as_any(&self) -> &dyn Any {
        self
    }

    fn clone_box(&self) -> Box<dyn HeldScenario> {
        Box::new(self.clone())
    }
}

/// A file's scenario, as loaded: nothing to undo, and saved.
pub fn held<S: GameScenario>(scenario: S) -> Box<dyn HeldScenario> {
    Box::new(History::<S, S::Edit>::new(scenario))
}

/// A recovery copy's scenario as the current, unsaved state; the file's own scenario
/// (`on_disk`, when it is of the same game) stays what "saved" means.
pub fn recovered<S: GameScenario>(
    on_disk: Option<AnyScenario>,
    recovered: S,
) -> Box<dyn HeldScenario> {
    let on_disk = on_disk.and_then(S::from_any);
    Box::new(History::<S, S::Edit>::recovered(on_disk, recovered))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[derive(Debug, Clone, PartialEq)]
    struct Rename(&'static str);

    impl GameEdit for Rename {
        const RULESET: Ruleset = Ruleset::HexSkirmish;
    }

    #[test]
    fn an_edit_comes_out_as_the_type_it_went_in_and_no_other() {
        let edit = AnyEdit::from(Rename("arena"));
        assert_eq!(edit.ruleset, Ruleset::HexSkirmish);
        assert_eq!(edit.get::<Rename>(), Some(&Rename("arena")));
        assert!(edit.get::<String>().is_none());
        let edit = edit.take::<String>().unwrap_err();
        assert_eq!(edit.take::<Rename>().unwrap(), Rename("arena"));
    }

    #[test]
    fn game_data_is_found_only_as_its_own_type() {
        let data = GameData::new(7_u32);
        assert_eq!(data.get::<u32>(), Some(&7));
        assert!(data.get::<i32>().is_none());
        assert!(GameData::default().get::<u32>().is_none());
        assert_eq!(format!("{:?}", GameData::default()), "GameData(None)");
    }
}
