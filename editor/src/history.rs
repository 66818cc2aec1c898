//! Undo and redo for any ruleset's scenario: the scenario, the version on disk, and a history
//! whose steps keep only the top-level parts their edit changed ([`Versioned::Patch`]). Each
//! ruleset names its edits ([`Change`]); this module is the one place they are applied.

use std::marker::PhantomData;

/// A scenario whose changes a history can keep as patches of its top-level keys.
pub trait Versioned: Clone + PartialEq {
    /// The parts of the scenario an edit changed, each with its value on the other side.
    type Patch: Clone + std::fmt::Debug;
    /// What `after` changed in `before`, holding `before`'s values.
    fn patch_between(before: &Self, after: &Self) -> Self::Patch;
    /// Takes from a later patch the parts `patch` does not hold, so the two undo as one.
    fn absorb(patch: &mut Self::Patch, later: Self::Patch);
    /// Swaps the patched parts into `scenario`: undoes (or redoes) the edit and leaves the
    /// patch holding what it replaced.
    fn swap(patch: &mut Self::Patch, scenario: &mut Self);
}

/// One named change a designer makes to a scenario of type `S`.
pub trait Change<S> {
    /// Applies the change, or says why it cannot be made (the scenario is then untouched).
    fn apply_to(&self, scenario: &mut S) -> Result<(), String>;
    /// A short name for the undo menu, for the change made to `before`.
    fn label(&self, before: &S) -> String;
    /// True for a change a widget makes on every frame of one gesture (dragging a number):
    /// repeated under the same name, it stays one undo step.
    fn continues_a_gesture(&self) -> bool {
        false
    }
}

/// What the document asks of its history, whichever ruleset's scenario and edits it holds.
pub trait Undo {
    /// Undoes the last edit; returns what was undone.
    fn undo(&mut self) -> Option<String>;
    /// Redoes the last undone edit; returns what was redone.
    fn redo(&mut self) -> Option<String>;
    /// What Ctrl+Z would undo.
    fn undo_label(&self) -> Option<&str>;
    /// What Ctrl+Shift+Z would redo.
    fn redo_label(&self) -> Option<&str>;
    /// Every step that can be undone, oldest first, then every step that can be redone, next
    /// first: the undo history list.
    fn steps(&self) -> (Vec<&str>, Vec<&str>);
    /// True when there are changes not yet saved.
    fn is_dirty(&self) -> bool;
    /// Records that the current scenario is what is on disk now.
    fn mark_saved(&mut self);
    /// Goes up by one with every change to the scenario.
    fn revision(&self) -> u64;
}

impl<S: Versioned, E: Change<S>> Undo for History<S, E> {
    fn revision(&self) -> u64 {
        History::revision(self)
    }

    fn undo(&mut self) -> Option<String> {
        History::undo(self)
    }

    fn redo(&mut self) -> Option<String> {
        History::redo(self)
    }

    fn undo_label(&self) -> Option<&str> {
        History::undo_label(self)
    }

    fn redo_label(&self) -> Option<&str> {
        History::redo_label(self)
    }

    fn steps(&self) -> (Vec<&str>, Vec<&str>) {
        let undo = self.undo.iter().map(|(_, label)| label.as_str()).collect();
        let redo = self
            .redo
            .iter()
            .rev()
            .map(|(_, label)| label.as_str())
            .collect();
        (undo, redo)
    }

    fn is_dirty(&self) -> bool {
        History::is_dirty(self)
    }

    fn mark_saved(&mut self) {
        History::mark_saved(self);
    }
}

/// Declares a scenario type's patch over its top-level keys. Taking the scenario apart by name
/// makes a new key a compile error until it is listed.
#[macro_export]
macro_rules! versioned {
    ($scenario:ty, $patch:ident { $($field:ident: $ty:ty,)* }) => {
        /// The top-level parts of a scenario that an edit changed, each with its value on the
        /// other side of the edit; the same patch goes back and forth between the undo and redo
        /// lists.
        #[derive(Debug, Clone, Default, PartialEq)]
        pub struct $patch {
            $($field: Option<$ty>,)*
        }

        impl $crate::history::Versioned for $scenario {
            type Patch = $patch;

            fn patch_between(before: &Self, after: &Self) -> $patch {
                let Self { $($field,)* } = after;
                $patch {
                    $($field: (before.$field != *$field).then(|| before.$field.clone()),)*
                }
            }

            fn absorb(patch: &mut $patch, later: $patch) {
                $(if patch.$field.is_none() {
                    patch.$field = later.$field;
                })*
            }

            fn swap(patch: &mut $patch, scenario: &mut Self) {
                $(if let Some(value) = &mut patch.$field {
                    std::mem::swap(value, &mut scenario.$field);
                })*
            }
        }
    };
}

/// How many steps of undo are kept.
pub const UNDO_LIMIT: usize = 500;

/// The document being edited, with its undo and redo history.
#[derive(Debug, Clone)]
pub struct History<S: Versioned, E> {
    scenario: S,
    /// The scenario as last loaded or saved; "unsaved" is a comparison, not a flag to forget.
    /// `None` when what is on disk is not a scenario at all (so anything here is unsaved).
    saved: Option<S>,
    pub(crate) undo: Vec<(S::Patch, String)>,
    redo: Vec<(S::Patch, String)>,
    /// Counts changes (edits, undos, redos), so callers can tell whether anything happened.
    revision: u64,
    edits: PhantomData<fn(E)>,
}

impl<S: Versioned, E: Change<S>> History<S, E> {
    /// Starts editing a scenario as loaded from disk.
    pub fn new(scenario: S) -> Self {
        History {
            saved: Some(scenario.clone()),
            scenario,
            undo: Vec::new(),
            redo: Vec::new(),
            revision: 0,
            edits: PhantomData,
        }
    }

    /// Starts from a recovery copy: `recovered` is the current, unsaved state, and `on_disk` the
    /// file's own scenario (if it has one), so the work stays dirty until it is saved and undo
    /// goes back to what is on disk.
    pub fn recovered(on_disk: Option<S>, recovered: S) -> Self {
        match on_disk {
            Some(on_disk) => {
                let mut history = History::new(on_disk);
                history.push(recovered, "restore unsaved changes".to_owned());
                history
            }
            None => History {
                saved: None,
                ..History::new(recovered)
            },
        }
    }

    /// The current scenario.
    pub fn scenario(&self) -> &S {
        &self.scenario
    }

    /// True when there are changes not yet saved.
    pub fn is_dirty(&self) -> bool {
        self.saved.as_ref() != Some(&self.scenario)
    }

    /// Goes up by one with every change to the scenario (edit, undo or redo).
    pub fn revision(&self) -> u64 {
        self.revision
    }

    /// Applies one edit; on error nothing changes and the reason is returned for the status bar.
    pub fn apply(&mut self, edit: E) -> Result<(), String> {
        let mut next = self.scenario.clone();
        edit.apply_to(&mut next)?;
        if next != self.scenario {
            let label = edit.label(&self.scenario);
            let continues = edit.continues_a_gesture()
                && self.redo.is_empty()
                && self.undo_label() == Some(label.as_str());
            if continues {
                self.extend_last(next);
            } else {
                self.push(next, label);
            }
        }
        Ok(())
    }

    /// Folds a change into the last history step, so undo goes back to before the first of
    /// them: the step keeps what it held, plus the other values of parts only this change made.
    fn extend_last(&mut self, next: S) {
        let patch = S::patch_between(&self.scenario, &next);
        self.scenario = next;
        if let Some((last, _)) = self.undo.last_mut() {
            S::absorb(last, patch);
        }
        self.revision += 1;
    }

    fn push(&mut self, next: S, label: String) {
        let patch = S::patch_between(&self.scenario, &next);
        self.scenario = next;
        self.undo.push((patch, label));
        if self.undo.len() > UNDO_LIMIT {
            self.undo.remove(0);
        }
        self.redo.clear();
        self.revision += 1;
    }

    /// Undoes the last edit; returns what was undone.
    pub fn undo(&mut self) -> Option<String> {
        self.step(true)
    }

    /// Redoes the last undone edit; returns what was redone.
    pub fn redo(&mut self) -> Option<String> {
        self.step(false)
    }

    /// Swaps the last step of one list into the scenario and moves it to the other list.
    fn step(&mut self, back: bool) -> Option<String> {
        let (from, to) = match back {
            true => (&mut self.undo, &mut self.redo),
            false => (&mut self.redo, &mut self.undo),
        };
        let (mut patch, label) = from.pop()?;
        S::swap(&mut patch, &mut self.scenario);
        to.push((patch, label.clone()));
        self.revision += 1;
        Some(label)
    }

    /// What Ctrl+Z would undo.
    pub fn undo_label(&self) -> Option<&str> {
        self.undo.last().map(|(_, l)| l.as_str())
    }

    /// What Ctrl+Shift+Z would redo.
    pub fn redo_label(&self) -> Option<&str> {
        self.redo.last().map(|(_, l)| l.as_str())
    }

    /// Records that the current scenario is what is on disk now.
    pub fn mark_saved(&mut self) {
        self.saved = Some(self.scenario.clone());
    }
}
