//! The Boonta Eve Podrace as a procedure a scenario walks with `action: podrace`: one Deploy
//! step of the player whose turn it is at his Objective, and what `check` says of a Podrace
//! position.

pub mod check;
pub mod narrate;
pub mod section;
pub mod shell;

use super::{ActionSpec, AssumptionSpec, Door, Setting};
use crate::board::Board;
use crate::engine::Run;
use crate::engine::podrace::{self as engine_podrace, Podrace, PodraceResult};
use crate::procedures::walkthrough::{WalkError, Walkthrough};
use crate::render::output::WalkResult;
use crate::rules::Corpus;
use crate::scenario::{self, GameName, PodraceExpectation, ScenarioFile};
use crate::walk::side_or_none;

/// The Podrace's door.
pub struct PodraceDoor;

/// The one instance [`super::DOORS`] registers.
pub static PODRACE: PodraceDoor = PodraceDoor;

static ACTIONS: &[ActionSpec] = &[ActionSpec {
    name: "podrace",
    summary: "one Deploy step of the player whose turn it is at his Boonta Eve Classic Objective: deploying his Podracer pilot and Podracer, the Thrust token, lap cards with handling, finished laps and Refuel",
    shell: Some(super::ShellCommand {
        noun: "Podrace Deploy step",
        usage: "podrace [deploy CARD [/ CARD] | thrusted | refueled | off]",
        what: "with words: the cards the player whose turn it is deploys from his hand to his Objective, or that he has already thrust or refuelled in this Deploy step; alone: walks the step, asking whether he thrusts, each lap card (and whether as a handling card) and how many cards he refuels",
        example: "podrace deploy sebulba dug podracer pilot / sebulba's podracer",
    }),
    assumptions: &[],
}];

static ASSUMPTIONS: &[AssumptionSpec] = &[
    crate::engine::counters::COUNTERS_PER_TURN,
    AssumptionSpec {
        assumption: engine_podrace::OBJECTIVE_FETCH,
        values: &[
            (
                "penalty",
                "deploying nothing from the draw deck after the search costs 1 DAMAGE, as for game text",
            ),
            (
                engine_podrace::NO_PENALTY,
                "the Objective's search costs no DAMAGE when nothing is deployed",
            ),
        ],
    },
    AssumptionSpec {
        assumption: engine_podrace::MATCH_FROM_HAND,
        values: &[(
            "no-search",
            "a match deployed from the hand next is not searched for",
        )],
    },
    AssumptionSpec {
        assumption: engine_podrace::HANDLING_LIMIT_AS_PLAYED,
        values: &[("as-played", "no fourth handling card is played in a lap")],
    },
    AssumptionSpec {
        assumption: engine_podrace::REFUEL_AFTER_TOKEN,
        values: &[
            (
                "token",
                "placing the Thrust token is thrusting: he may refuel even after no lap card",
            ),
            (
                engine_podrace::NEEDS_LAP_CARD,
                "he may refuel only after playing a lap card in the step",
            ),
        ],
    },
];

impl Door for PodraceDoor {
    fn game(&self) -> GameName {
        GameName::YoungJedi
    }

    fn actions(&self) -> &'static [ActionSpec] {
        ACTIONS
    }

    fn assumptions(&self) -> &'static [AssumptionSpec] {
        ASSUMPTIONS
    }

    fn check(&self, board: &Board, corpus: &Corpus) -> Vec<crate::legality::Violation> {
        check::podrace_findings(board, corpus)
    }

    fn check_action(&self, board: &Board, corpus: &Corpus) -> Vec<crate::legality::Violation> {
        use crate::engine::{Advance, Procedure};
        use engine_podrace::PodraceEvent;
        let mut probe = board.clone();
        let mut procedure = Podrace::new(board, corpus);
        let mut found = Vec::new();
        // The refusals the step reaches before its first decision: the step's own, or a
        // card's at the Objective.
        while let Advance::Event(event) = procedure.advance(&mut probe) {
            let code = match &event.kind {
                PodraceEvent::Refused { .. } => "podrace-refused",
                PodraceEvent::DeployRefused { .. } => "podrace-deploy-refused",
                _ => continue,
            };
            found.push(super::refusal_finding(
                &event,
                code,
                Vec::new(),
                board
                    .podrace
                    .as_ref()
                    .and_then(|setup| setup.span.0)
                    .map(|span| (span, "the Podrace step".to_string()))
                    .into_iter()
                    .collect(),
            ));
        }
        found
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
            Podrace::new(board, corpus),
            decider,
            observe,
            |podrace| podrace.result().clone(),
        )
    }

    fn expectation(&self, walk: &Walkthrough) -> Option<scenario::Expectation> {
        let result = &walk.outcome_as::<PodraceWalk>()?.result;
        let destinies = |numbers: &[i32]| {
            numbers
                .iter()
                .map(|number| crate::ranged::Destiny::saturating(i64::from(*number)))
                .collect()
        };
        Some(scenario::Expectation {
            podrace: Some(PodraceExpectation {
                refused: Some(refused(result)),
                laps: Some(crate::ranged::Laps::saturating(i64::from(result.laps))),
                thrust: Some(crate::ranged::Thrust::saturating(i64::from(result.thrust))),
                pile: Some(destinies(&result.pile)),
                lap_cards: Some(destinies(&result.lap_cards)),
                refuel_drawn: Some(crate::ranged::CardsDrawn::saturating(i64::from(
                    result.refuel_drawn.unwrap_or(0),
                ))),
                game_won: Some(side_or_none(result.game_won)),
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
                Podrace::new(board, corpus).assuming(|name| choices.value(ASSUMPTIONS, name))
            },
            |podrace| podrace.result().clone(),
            |expect| expect.podrace.as_ref(),
            unmet_podrace_expectations,
        )
    }
}

/// Whether the step, or a card deployed in it, was refused.
fn refused(result: &PodraceResult) -> bool {
    result.refusal.is_some() || !result.refused_deploys.is_empty()
}

/// A Podrace step's walk: the board before and after, and what came of it.
pub type PodraceWalk = super::BoardWalk<PodraceResult>;

impl super::BoardResult for PodraceResult {
    type Event = crate::engine::podrace::PodraceEvent;

    fn heading(&self, _before: &Board, ruleset: &crate::rules::Ruleset, seed: u64) -> String {
        let whose = self
            .side
            .map(|side| format!(" of the {} player", side.label()))
            .unwrap_or_default();
        format!("Podrace Deploy step{whose} · rules: {ruleset} · seed {seed}")
    }

    fn default_title(&self) -> &'static str {
        "Podrace Deploy step"
    }

    fn verdict_lines(&self, run: &Run<crate::engine::podrace::PodraceEvent>) -> Vec<String> {
        verdict_lines(self, run)
    }

    fn output(&self) -> WalkResult {
        WalkResult::Podrace(self.clone())
    }
}

fn verdict_lines(
    result: &PodraceResult,
    run: &Run<crate::engine::podrace::PodraceEvent>,
) -> Vec<String> {
    use crate::text::{and_list, count};
    if result.refusal.is_some() {
        return vec!["No Podrace step: it is refused (see above).".to_string()];
    }
    if run.stop.is_some() {
        return vec!["The walk stopped before the Deploy step ended.".to_string()];
    }
    let mut lines = Vec::new();
    if !result.deployed.is_empty() {
        lines.push(format!(
            "Deployed to the Objective: {}.",
            and_list(&result.deployed)
        ));
    }
    for (card, _) in &result.refused_deploys {
        lines.push(format!("Refused at the Objective: {card}."));
    }
    if let Some(winner) = result.deck_victory {
        lines.push(format!("Deck victory: the {} player wins.", winner.label()));
        return lines;
    }
    if let Some(pilot) = &result.pilot {
        lines.push(format!(
            "{pilot}: {}, {}.",
            count(result.thrust, "Thrust token"),
            count(result.laps, "lap token")
        ));
    }
    if !result.lap_cards.is_empty() {
        let played: Vec<String> = result.lap_cards.iter().map(i32::to_string).collect();
        lines.push(format!("Lap cards played: {}.", played.join(", ")));
    }
    if result.pilot.is_some() && result.game_won.is_none() {
        let pile: Vec<String> = result.pile.iter().map(i32::to_string).collect();
        lines.push(if pile.is_empty() {
            "Podracing pile: empty.".to_string()
        } else {
            format!("Podracing pile: {}.", pile.join(", "))
        });
    }
    if let Some(drawn) = result.refuel_drawn {
        lines.push(format!("Refuel: {} drawn.", count(drawn, "card")));
    }
    if let Some(winner) = result.game_won {
        lines.push(format!(
            "The {} player finished his third lap: he wins the Podrace and the game.",
            winner.label()
        ));
    }
    lines
}

/// The differences between a Podrace step's result and what the scenario expects.
fn unmet_podrace_expectations(
    expect: &PodraceExpectation,
    result: &PodraceResult,
    board: &Board,
) -> Vec<String> {
    let mut unmet = Vec::new();
    if let Some(wanted) = expect.refused
        && wanted != refused(result)
    {
        unmet.push(format!(
            "refused: expected {wanted}, got {}",
            refused(result)
        ));
    }
    if let Some(wanted) = expect.laps
        && wanted.get() != i64::from(result.laps)
    {
        unmet.push(format!("laps: expected {wanted}, got {}", result.laps));
    }
    if let Some(wanted) = expect.thrust
        && wanted.get() != i64::from(result.thrust)
    {
        unmet.push(format!(
            "Thrust tokens: expected {wanted}, got {}",
            result.thrust
        ));
    }
    let numbers = |wanted: &[crate::ranged::Destiny]| -> Vec<String> {
        wanted
            .iter()
            .map(|number| number.get().to_string())
            .collect()
    };
    let actual = |numbers: &[i32]| -> Vec<String> { numbers.iter().map(i32::to_string).collect() };
    if let Some(wanted) = &expect.pile
        && numbers(wanted) != actual(&result.pile)
    {
        unmet.push(format!(
            "pile: expected [{}], got [{}]",
            numbers(wanted).join(", "),
            actual(&result.pile).join(", ")
        ));
    }
    if let Some(wanted) = &expect.lap_cards
        && numbers(wanted) != actual(&result.lap_cards)
    {
        unmet.push(format!(
            "lap cards: expected [{}], got [{}]",
            numbers(wanted).join(", "),
            actual(&result.lap_cards).join(", ")
        ));
    }
    if let Some(wanted) = expect.refuel_drawn {
        let drawn = result.refuel_drawn.unwrap_or(0);
        if wanted.get() != i64::from(drawn) {
            unmet.push(format!("refuel drawn: expected {wanted}, got {drawn}"));
        }
    }
    if let Some(wanted) = expect.game_won {
        let actual = side_or_none(result.game_won);
        if wanted != actual {
            unmet.push(format!(
                "game won: expected {}, got {}",
                wanted.key(),
                actual.key()
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
