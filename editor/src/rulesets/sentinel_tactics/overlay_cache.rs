//! Overlay answers kept until their inputs change (the source, the scenario layout, the
//! settings), asked of a worker thread so the UI thread never computes line of sight.

use megahex::board::Axial;
use megahex::board::area::Template;
use megahex::board::los::{LosRules, Sight};
use megahex::board::movement::{Destination, MoveAction};

use crate::rulesets::sentinel_tactics::overlay::{Seen, Settings, Source};
use crate::rulesets::sentinel_tactics::overlay_worker::{Answer, Question, Worker};

/// Each hex of the board with how it looks from the source.
type Verdicts = Vec<(Axial, Seen)>;

/// Answers kept until their inputs change, so nothing is asked twice. The questions are
/// answered by a worker thread ([`Worker`]): a question not answered yet shows nothing for a
/// frame or two, and the UI thread never computes line of sight.
#[derive(Default)]
pub struct Cache {
    /// The document layout the answers are about ([`crate::document::Document::layout`]).
    layout: Option<u64>,
    /// The line-of-sight options of that layout's scenario, for the legend.
    rules: Option<LosRules>,
    worker: Worker,
    /// Woken by the worker when an answer is ready.
    repaint: Option<egui::Context>,
    /// Questions asked and not answered yet.
    pending: Vec<Question>,
    verdicts: Option<(Source, Verdicts)>,
    sight: Option<(Source, Axial, Option<Sight>)>,
    ranges: Option<(Source, Vec<(Axial, u32)>)>,
    reach: Option<(Source, MoveAction, Vec<Destination>)>,
    template: Option<(Source, Axial, usize, Settings, Template)>,
    /// How many questions were asked, for tests of the cache.
    pub computed: u64,
}

impl Cache {
    /// The context the worker wakes when an answer arrives.
    pub fn set_repaint(&mut self, ctx: &egui::Context) {
        if self.repaint.is_none() {
            self.repaint = Some(ctx.clone());
        }
    }

    /// Makes the scenario at `layout` the one the overlays are about; a new layout drops every
    /// answer and starts a new scene in the worker.
    pub fn scene(&mut self, layout: u64, scene: &std::sync::Arc<megahex::scene::Scene>) {
        if self.layout != Some(layout) {
            self.layout = Some(layout);
            self.rules = Some(scene.rules);
            self.pending.clear();
            self.verdicts = None;
            self.sight = None;
            self.ranges = None;
            self.reach = None;
            self.template = None;
            self.worker.scene(layout, scene);
        }
        self.poll();
    }

    /// Takes in the answers that have arrived.
    fn poll(&mut self) {
        for (layout, question, answer) in self.worker.answers() {
            self.take(layout, question, answer);
        }
    }

    fn take(&mut self, layout: u64, question: Question, answer: Answer) {
        if Some(layout) != self.layout {
            return;
        }
        self.pending.retain(|q| *q != question);
        match (question, answer) {
            (Question::Verdicts(source), Answer::Verdicts(v)) => self.verdicts = Some((source, v)),
            (Question::Sight(source, to), Answer::Sight(s)) => self.sight = Some((source, to, s)),
            (Question::Ranges(source), Answer::Ranges(r)) => self.ranges = Some((source, r)),
            (Question::Reach(source, action), Answer::Reach(r)) => {
                self.reach = Some((source, action, r));
            }
            (Question::Template(source, origin, corner, settings), Answer::Template(t)) => {
                self.template = Some((source, origin, corner, settings, t));
            }
            _ => {}
        }
    }

    /// Sends a question to the worker unless it is already on its way.
    fn ask(&mut self, question: Question) {
        let Some(layout) = self.layout else {
            return;
        };
        if !self.pending.contains(&question) {
            self.computed += 1;
            self.pending.push(question.clone());
            self.worker.ask(layout, question, self.repaint.clone());
        }
    }

    /// Waits until every question asked has its answer (headless use: scripts and tests).
    pub fn wait(&mut self) {
        while !self.pending.is_empty() {
            match self.worker.wait(std::time::Duration::from_secs(10)) {
                Some((layout, question, answer)) => self.take(layout, question, answer),
                None => break,
            }
        }
    }

    /// Line-of-sight verdicts from `source` for every hex, once they are answered.
    pub fn verdicts(&mut self, source: &Source) -> &[(Axial, Seen)] {
        if !matches!(&self.verdicts, Some((s, _)) if s == source) {
            self.ask(Question::Verdicts(source.clone()));
            return &[];
        }
        self.verdicts.as_ref().map_or(&[], |(_, v)| v.as_slice())
    }

    /// The full answer from `source` to one hex (the hovered one), once it is answered.
    pub fn sight_to(&mut self, source: &Source, to: Axial) -> Option<&Sight> {
        if !matches!(&self.sight, Some((s, t, _)) if s == source && *t == to) {
            self.ask(Question::Sight(source.clone(), to));
            return None;
        }
        self.sight.as_ref().and_then(|(_, _, s)| s.as_ref())
    }

    /// Range numbers from `source`, once they are answered.
    pub fn ranges(&mut self, source: &Source) -> &[(Axial, u32)] {
        if !matches!(&self.ranges, Some((s, _)) if s == source) {
            self.ask(Question::Ranges(source.clone()));
            return &[];
        }
        self.ranges.as_ref().map_or(&[], |(_, v)| v.as_slice())
    }

    /// Movement reach of `source`, once it is answered.
    pub fn reach(&mut self, source: &Source, action: MoveAction) -> &[Destination] {
        if !matches!(&self.reach, Some((s, a, _)) if s == source && *a == action) {
            self.ask(Question::Reach(source.clone(), action));
            return &[];
        }
        self.reach.as_ref().map_or(&[], |(_, _, v)| v.as_slice())
    }

    /// The area template from `source` at `origin`, once it is answered.
    pub fn template(
        &mut self,
        source: &Source,
        origin: Axial,
        corner: usize,
        settings: &Settings,
    ) -> Option<&Template> {
        let corner = if settings.vertex { corner } else { 0 };
        let fresh = matches!(&self.template, Some((s, o, c, st, _))
            if s == source && *o == origin && *c == corner
                && st.vertex == settings.vertex && st.radius == settings.radius
                && st.max_origin == settings.max_origin);
        if !fresh {
            self.ask(Question::Template(
                source.clone(),
                origin,
                corner,
                *settings,
            ));
            return None;
        }
        self.template.as_ref().map(|(_, _, _, _, t)| t)
    }

    /// The rules of the scenario the overlays are about, for the legend.
    pub fn rules(&self) -> Option<LosRules> {
        self.rules
    }
}
