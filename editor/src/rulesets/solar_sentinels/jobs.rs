//! The deck editor's work that can leave a web page for the page's worker
//! ([`crate::background::offload`]), named for the editor's registry.

use megahex::rulesets::solar_sentinels::dice::Pool;
use megahex::rulesets::solar_sentinels::engagement::{Foe, defeat_all_foes};
use megahex_schema::Ruleset;
use serde::{Deserialize, Serialize};

use crate::background::{Job, run_json};

/// The odds panel's question: the chance the best play defeats one enemy with `pool` in
/// `strategy` steps; `None` when the search refuses it.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub struct BestPlay {
    pub pool: Pool,
    pub foe: Foe,
    pub strategy: u32,
}

impl Job for BestPlay {
    type Answer = Option<f64>;
    const GAME: Ruleset = Ruleset::SolarSentinels;
    const NAME: &'static str = "best-play";

    fn run(self) -> Option<f64> {
        defeat_all_foes(&self.pool, &[self.foe], self.strategy, &|_, _| {}).ok()
    }
}

/// Runs the job named `name`, given and answered as JSON.
pub fn run(name: &str, input: serde_json::Value) -> Result<serde_json::Value, String> {
    match name {
        n if n == BestPlay::NAME => run_json::<BestPlay>(input),
        _ => Err(format!("the deck editor has no job named `{name}`")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::background::{job_answered, offload, use_job_worker};
    use std::cell::RefCell;
    use std::rc::Rc;
    use std::time::Duration;

    /// A blue and two purple against Health 4 in two steps: a search of a few milliseconds.
    fn question() -> BestPlay {
        BestPlay {
            pool: Pool([0, 0, 1, 2, 0]),
            foe: Foe::plain(4),
            strategy: 2,
        }
    }

    /// A page's job worker, played here: what the page posted, answered by the worker's entry.
    fn worker() -> Rc<RefCell<Vec<String>>> {
        let posted = Rc::new(RefCell::new(Vec::new()));
        let inbox = Rc::clone(&posted);
        use_job_worker(move |message| {
            inbox.borrow_mut().push(message);
            Ok(())
        });
        posted
    }

    #[test]
    fn the_odds_come_back_from_the_worker_as_the_search_gave_them() {
        let expected = question().run();
        assert!(expected.is_some_and(|p| p > 0.0 && p < 1.0), "{expected:?}");
        let posted = worker();
        let answer = offload(question());
        assert!(answer.try_recv().is_err(), "the page does not run it");
        let message = posted.borrow_mut().remove(0);
        job_answered(
            &crate::background::answer_posted(&message, crate::rulesets::run_job).unwrap(),
        );
        assert_eq!(answer.try_recv().ok(), Some(expected));
    }

    #[test]
    fn when_the_worker_fails_its_jobs_run_on_the_page() {
        let expected = question().run();
        let posted = worker();
        let answer = offload(question());
        assert_eq!(posted.borrow().len(), 1);
        job_answered(&crate::checks::elsewhere::failure("no WebAssembly here"));
        assert_eq!(
            answer.recv_timeout(Duration::from_secs(30)).ok(),
            Some(expected)
        );
        // The worker is not used again.
        let again = offload(question());
        assert_eq!(posted.borrow().len(), 1);
        assert_eq!(
            again.recv_timeout(Duration::from_secs(30)).ok(),
            Some(expected)
        );
    }

    #[test]
    fn a_job_the_worker_cannot_post_runs_on_the_page() {
        use_job_worker(|_| Err("closed".to_owned()));
        let answer = offload(question());
        assert_eq!(
            answer.recv_timeout(Duration::from_secs(30)).ok(),
            Some(question().run())
        );
    }
}
