//! Disputes at the table (`scenarios/disputes/`): what the players say happened, stated as
//! the scenario's decisions and plans, and the judge's answer as its `expect:`. Every bundled
//! dispute meets its expectation and renders as reviewed; an answer that agrees with the rules
//! is heard, one that contradicts them is refused with the rule (exit 1), and an attempt the
//! rules refuse is walked to its refusal.

use jedi_judge::engine::Stop;

mod common;

/// One dispute walked and held to what a judge's answer must be ([`common::judged`]), and
/// stating the verdict it expects (`legal`).
fn judged(path: &std::path::Path) -> String {
    let text = std::fs::read_to_string(path).expect("readable");
    assert!(
        text.contains("\n  legal: "),
        "{}: a dispute states the verdict it expects",
        path.display()
    );
    common::judged(path)
}

#[test]
fn every_bundled_dispute_gets_the_judges_answer_and_renders_as_reviewed() {
    let mut count = 0;
    insta::glob!("../scenarios/disputes", "*.yaml", |path| {
        count += 1;
        insta::assert_snapshot!(judged(path));
    });
    assert!(count >= 16, "only {count} bundled disputes");
}

/// The disputes cover what the judge is called for: answers heard, answers refused with their
/// rule, attempts walked to their refusal, and a refused plan.
#[test]
fn the_disputes_cover_heard_answers_refused_answers_and_refused_attempts() {
    let (mut heard, mut refused_answers, mut refused_attempts, mut refused_plans) = (0, 0, 0, 0);
    for (_, text) in common::bundled_texts(&["disputes"]) {
        let walked = common::walk_seeded(&text, None, None);
        if !walked.heard.is_empty() {
            heard += 1;
        }
        match walked.stop() {
            Some(Stop::Undecided { .. }) => refused_answers += 1,
            Some(Stop::Missing { .. }) => refused_plans += 1,
            None if walked
                .illegal_findings()
                .iter()
                .any(|code| code.ends_with("-refused")) =>
            {
                refused_attempts += 1
            }
            None => {}
        }
    }
    assert!(heard >= 4, "{heard} disputes with answers heard");
    assert!(
        refused_answers >= 4,
        "{refused_answers} with answers refused"
    );
    assert!(
        refused_attempts >= 5,
        "{refused_attempts} with attempts refused"
    );
    assert!(refused_plans >= 1, "{refused_plans} with plans refused");
}
