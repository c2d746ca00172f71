//! Deploying a card as a procedure a scenario walks with `action: deploy`: the card from the
//! hand, and what its "when he deploys" text then deploys from the draw deck.

pub mod check;
pub mod narrate;
pub mod section;
pub mod shell;

use super::{ActionSpec, AssumptionSpec, Door, Setting};
use crate::board::Board;
use crate::engine::Run;
use crate::engine::deploy::{self as engine_deploy, Deploy, DeployResult, NotFetched};
use crate::procedures::walkthrough::{WalkError, Walkthrough};
use crate::render::output::WalkResult;
use crate::rules::Corpus;
use crate::scenario::{self, DeployExpectation, GameName, ScenarioFile};
use crate::walk::side_or_none;

/// The deploy's door.
pub struct DeployDoor;

/// The one instance [`super::DOORS`] registers.
pub static DEPLOY: DeployDoor = DeployDoor;

static ACTIONS: &[ActionSpec] = &[ActionSpec {
    name: "deploy",
    summary: "the player whose turn it is deploys a card from his hand; its \"when he deploys\" text may deploy a card from his draw deck",
    shell: Some(super::ShellCommand {
        noun: "deploy",
        usage: "deploy [CARD [to PLANET] [hidden] | off]",
        what: "with a card: the player whose turn it is will deploy it from his hand (to the current planet unless named, face down with `hidden`); alone: walks the deploy, asking which card its text deploys from the draw deck",
        example: "deploy captain panaka security commander",
    }),
    assumptions: &[],
}];

/// The deploy counters a turn, which every procedure that deploys cards counts.
pub(crate) const COUNTERS_PER_TURN: AssumptionSpec = AssumptionSpec {
    assumption: crate::legality::COUNTERS_PER_TURN,
    values: &[
        ("six", "each player has 6 deploy counters a turn"),
        (
            engine_deploy::UNLIMITED,
            "the counters a player has left are not counted",
        ),
    ],
};

static ASSUMPTIONS: &[AssumptionSpec] = &[
    AssumptionSpec {
        assumption: crate::legality::CURRENT_PLANET_STACK_LATER,
        values: &[(
            "current-planet-later",
            "`check` takes the stack on the current planet as the later one",
        )],
    },
    COUNTERS_PER_TURN,
    AssumptionSpec {
        assumption: engine_deploy::FETCHED_FACE_UP,
        values: &[
            ("face-up", "a card deployed from the draw deck is face up"),
            (
                engine_deploy::FETCH_HIDDEN,
                "a card deployed from the draw deck is face down",
            ),
        ],
    },
];

impl Door for DeployDoor {
    fn game(&self) -> GameName {
        GameName::YoungJedi
    }

    fn actions(&self) -> &'static [ActionSpec] {
        ACTIONS
    }

    fn assumptions(&self) -> &'static [AssumptionSpec] {
        ASSUMPTIONS
    }

    fn check_action(&self, board: &Board, corpus: &Corpus) -> Vec<crate::legality::Violation> {
        use crate::engine::{Advance, Procedure};
        let mut probe = board.clone();
        let Advance::Event(event) = Deploy::new(board, corpus).advance(&mut probe) else {
            return Vec::new();
        };
        let engine_deploy::DeployEvent::Refused { .. } = &event.kind else {
            return Vec::new();
        };
        vec![super::refusal_finding(
            &event,
            "deploy-refused",
            board.deploy.iter().map(|setup| setup.card).collect(),
            board
                .deploy
                .as_ref()
                .and_then(|setup| setup.span.0)
                .map(|span| (span, "the card deployed".to_string()))
                .into_iter()
                .collect(),
        )]
    }

    fn check(&self, board: &Board, _corpus: &Corpus) -> Vec<crate::legality::Violation> {
        check::weapons_without_user(board)
    }

    fn shell_section(
        &self,
        board: &mut Board,
        _corpus: &Corpus,
        args: &[&str],
        find: super::FindCard<'_>,
    ) -> Option<Result<String, String>> {
        Some(shell::state(board, args, find))
    }

    fn run_board(
        &self,
        board: &Board,
        corpus: &Corpus,
        decider: &mut dyn crate::engine::Decider,
        observe: &mut dyn FnMut(&dyn crate::engine::Step),
    ) -> Option<(Walkthrough, Board)> {
        super::run_to_result(
            board,
            Deploy::new(board, corpus),
            decider,
            observe,
            |deploy| deploy.result().clone(),
        )
    }

    fn expectation(&self, walk: &Walkthrough) -> Option<scenario::Expectation> {
        let result = &walk.outcome_as::<DeployWalk>()?.result;
        Some(scenario::Expectation {
            deploy: Some(DeployExpectation {
                refused: Some(result.refusal.is_some()),
                fetched: result
                    .searched()
                    .then(|| result.fetched.clone().unwrap_or_else(|| "none".to_string())),
                counters_left: result
                    .counters_left
                    .map(|left| crate::ranged::Counters::saturating(i64::from(left))),
                damage: Some(crate::ranged::DamageTotal::saturating(i64::from(
                    result.damage,
                ))),
                deck_victory: Some(side_or_none(result.deck_victory)),
                zones: None,
            }),
            ..scenario::Expectation::default()
        })
    }

    fn walk(
        &self,
        file: &ScenarioFile,
        _action: &str,
        setting: Setting<'_, '_>,
    ) -> Result<Walkthrough, WalkError> {
        super::walk_to_result(
            file,
            setting,
            |board, corpus, choices| {
                Deploy::new(board, corpus).assuming(|name| choices.value(ASSUMPTIONS, name))
            },
            |deploy| deploy.result().clone(),
            |expect| expect.deploy.as_ref(),
            unmet_deploy_expectations,
        )
    }
}

/// A deploy's walk: the board before and after, and what came of it.
pub type DeployWalk = super::BoardWalk<DeployResult>;

impl super::BoardResult for DeployResult {
    type Event = crate::engine::deploy::DeployEvent;

    fn heading(&self, _before: &Board, ruleset: &crate::rules::Ruleset, seed: u64) -> String {
        let to = self
            .planet
            .as_ref()
            .map(|planet| format!(" to {planet}"))
            .unwrap_or_default();
        format!("Deploy{to} · rules: {ruleset} · seed {seed}")
    }

    fn default_title(&self) -> &'static str {
        "Deploy"
    }

    fn verdict_lines(&self, run: &Run<crate::engine::deploy::DeployEvent>) -> Vec<String> {
        verdict_lines(self, run)
    }

    fn output(&self) -> WalkResult {
        WalkResult::Deploy(self.clone())
    }
}

fn verdict_lines(
    result: &DeployResult,
    run: &Run<crate::engine::deploy::DeployEvent>,
) -> Vec<String> {
    if result.refusal.is_some() {
        return vec!["No deploy: it is refused (see above).".to_string()];
    }
    if run.stop.is_some() {
        return vec!["The walk stopped before the deploy ended.".to_string()];
    }
    let mut lines = Vec::new();
    if let Some(card) = &result.card {
        let planet = result.planet.as_deref().unwrap_or("the planet");
        lines.push(format!(
            "Deployed: {card} to {planet}{}.",
            if result.hidden { ", hidden" } else { "" }
        ));
    }
    match (&result.fetched, result.not_fetched) {
        (Some(card), _) => lines.push(format!("From the draw deck: {card}.")),
        (None, Some(why)) => lines.push(format!(
            "From the draw deck: nothing ({}); 1 DAMAGE as the penalty.",
            match why {
                NotFetched::NoneFound => "none found",
                NotFetched::CannotPay => "none he could pay for",
                NotFetched::ChangedHisMind => "he changed his mind",
            }
        )),
        (None, None) => {}
    }
    if let Some(left) = result.counters_left {
        lines.push(format!("Deploy counters left this turn: {left}."));
    }
    if let Some(winner) = result.deck_victory {
        lines.push(format!("Deck victory: the {} player wins.", winner.label()));
    }
    lines
}

/// The differences between a deploy's result and what the scenario expects.
fn unmet_deploy_expectations(
    expect: &DeployExpectation,
    result: &DeployResult,
    board: &Board,
) -> Vec<String> {
    let mut unmet = Vec::new();
    if let Some(refused) = expect.refused
        && refused != result.refusal.is_some()
    {
        unmet.push(format!(
            "refused: expected {refused}, got {}",
            result.refusal.is_some()
        ));
    }
    if let Some(wanted) = &expect.fetched {
        let actual = result.fetched.as_deref().unwrap_or("none");
        if crate::cards::matching::normalise(wanted) != crate::cards::matching::normalise(actual) {
            unmet.push(format!("fetched: expected {wanted}, got {actual}"));
        }
    }
    if let Some(wanted) = expect.counters_left {
        let actual = result.counters_left;
        if actual.map(i64::from) != Some(wanted.get()) {
            unmet.push(format!(
                "counters left: expected {wanted}, got {}",
                actual.map_or("not counted".to_string(), |left| left.to_string())
            ));
        }
    }
    if let Some(wanted) = expect.damage
        && wanted.get() != i64::from(result.damage)
    {
        unmet.push(format!("damage: expected {wanted}, got {}", result.damage));
    }
    if let Some(victory) = expect.deck_victory {
        unmet.extend(super::unmet_deck_victory(victory, result.deck_victory));
    }
    if let Some(zones) = &expect.zones {
        unmet.extend(super::duel::unmet_zone_counts(zones, board));
    }
    unmet
}
