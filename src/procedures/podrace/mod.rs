//! The Boonta Eve Podrace as a procedure a scenario walks with `action: podrace`: one Deploy
//! step of the player whose turn it is at his Objective, and what `check` says of a Podrace
//! position.

pub mod check;
pub mod decisions;
pub mod engine;
pub mod events;
pub mod expect;
pub mod narrate;
pub mod section;
pub mod shell;

use super::contract::{Procedure, Walked};
use super::{ActionSpec, AssumptionSpec, FindCard};
use crate::board::{Board, CardId, Span};
use crate::engine::Run;
use crate::scenario::SectionFile;
use crate::legality::Violation;
use crate::rules::{Choices, Corpus, Ruleset};
use expect::PodraceExpectation;
use engine::{Podrace};
use events::{PodraceEvent, PodraceResult};

/// The Podrace Deploy step, as the registry knows it.
pub struct PodraceProcedure;

static ASSUMPTIONS: &[AssumptionSpec] = &[
    crate::engine::counters::COUNTERS_PER_TURN,
    AssumptionSpec {
        assumption: engine::OBJECTIVE_FETCH,
        values: &[
            (
                "penalty",
                "deploying nothing from the draw deck after the search costs 1 DAMAGE, as for game text",
            ),
            (
                engine::NO_PENALTY,
                "the Objective's search costs no DAMAGE when nothing is deployed",
            ),
        ],
    },
    AssumptionSpec {
        assumption: engine::MATCH_FROM_HAND,
        values: &[(
            "no-search",
            "a match deployed from the hand next is not searched for",
        )],
    },
    AssumptionSpec {
        assumption: engine::HANDLING_LIMIT_AS_PLAYED,
        values: &[("as-played", "no fourth handling card is played in a lap")],
    },
    AssumptionSpec {
        assumption: engine::REFUEL_AFTER_TOKEN,
        values: &[
            (
                "token",
                "placing the Thrust token is thrusting: he may refuel even after no lap card",
            ),
            (
                engine::NEEDS_LAP_CARD,
                "he may refuel only after playing a lap card in the step",
            ),
        ],
    },
];

static ACTIONS: &[ActionSpec] = &[ActionSpec {
    name: "podrace",
    summary: "one Deploy step of the player whose turn it is at his Boonta Eve Classic Objective: deploying his Podracer pilot and Podracer, the Thrust token, lap cards with handling, finished laps and Refuel",
    shell: Some(super::ShellCommand {
        noun: "Podrace Deploy step",
        usage: "podrace [deploy CARD [/ CARD] | thrusted | refueled | off]",
        what: "with words: the cards the player whose turn it is deploys from his hand to his Objective, or that he has already thrust or refuelled in this Deploy step; alone: walks the step, asking whether he thrusts, each lap card (and whether as a handling card) and how many cards he refuels",
        example: "podrace deploy sebulba dug podracer pilot / sebulba's podracer",
    }),
    assumptions: ASSUMPTIONS,
}];

/// A Podrace step's walk: the board before and after, its events, and what came of it.
pub type PodraceWalk = Walked<PodraceProcedure>;

impl Procedure for PodraceProcedure {
    type Table = Board;
    type Event = PodraceEvent;
    type Engine = Podrace;
    type Result = PodraceResult;
    type Expect = PodraceExpectation;

    fn actions() -> &'static [ActionSpec] {
        ACTIONS
    }

    fn decisions() -> &'static [&'static crate::engine::DecisionKind] {
        decisions::KINDS
    }

    fn sections() -> &'static [&'static dyn crate::scenario::PartFormat] {
        &[&crate::scenario::SectionFormat::<section::PodraceFile>::NEW]
    }

    fn start(board: &Board, corpus: &Corpus, _action: &str, choices: &Choices) -> Podrace {
        Podrace::new(board, corpus).assuming(|name| choices.value(ASSUMPTIONS, name))
    }

    fn result(engine: &Podrace) -> PodraceResult {
        engine.result().clone()
    }

    fn heading(walked: &PodraceWalk, ruleset: &Ruleset, seed: u64) -> String {
        let whose = walked
            .result
            .side
            .map(|side| format!(" of the {} player", side.label()))
            .unwrap_or_default();
        format!("Podrace Deploy step{whose} · rules: {ruleset} · seed {seed}")
    }

    fn default_title(_walked: &PodraceWalk) -> &'static str {
        "Podrace Deploy step"
    }

    fn verdict(walked: &PodraceWalk) -> Vec<String> {
        verdict_lines(&walked.result, &walked.run)
    }



    fn unmet(expect: &PodraceExpectation, walked: &PodraceWalk) -> Vec<String> {
        unmet_podrace_expectations(expect, &walked.result, &walked.after)
    }

    fn expectation(result: &PodraceResult) -> Option<PodraceExpectation> {
        let destinies = |numbers: &[i32]| {
            numbers
                .iter()
                .map(|number| crate::ranged::Destiny::saturating(i64::from(*number)))
                .collect()
        };
        Some(PodraceExpectation {
                refused: Some(refused(result)),
                laps: Some(crate::ranged::Laps::saturating(i64::from(result.laps))),
                thrust: Some(crate::ranged::Thrust::saturating(i64::from(result.thrust))),
                pile: Some(destinies(&result.pile)),
                lap_cards: Some(destinies(&result.lap_cards)),
                refuel_drawn: Some(crate::ranged::CardsDrawn::saturating(i64::from(
                    result.refuel_drawn.unwrap_or(0),
                ))),
                game_won: Some(crate::scenario::SideOrNone::of(result.game_won)),
                damage: Some(crate::ranged::DamageTotal::saturating(i64::from(
                    result.damage,
                ))),
                deck_victory: Some(crate::scenario::SideOrNone::of(result.deck_victory)),
                zones: None,
            })
    }

    fn check(board: &Board, corpus: &Corpus) -> Vec<Violation> {
        check::podrace_findings(board, corpus)
    }

    fn refusal(event: &PodraceEvent) -> Option<&'static str> {
        match event {
            PodraceEvent::Refused { .. } => Some("podrace-refused"),
            PodraceEvent::DeployRefused { .. } => Some("podrace-deploy-refused"),
            _ => None,
        }
    }

    fn refusal_place(board: &Board) -> (Vec<CardId>, Vec<(Span, String)>) {
        (
            Vec::new(),
            section::PodraceFile::stated(board)
                .and_then(|setup| setup.span.0)
                .map(|span| (span, "the Podrace step".to_string()))
                .into_iter()
                .collect(),
        )
    }

    fn shell(
        board: &mut Board,
        _corpus: &Corpus,
        _action: &str,
        args: &[&str],
        find: FindCard<'_>,
    ) -> Option<Result<String, super::WordsRefused>> {
        Some(shell::state(board, args, find))
    }
}

/// Whether the step, or a card deployed in it, was refused.
fn refused(result: &PodraceResult) -> bool {
    result.refusal.is_some() || !result.refused_deploys.is_empty()
}

fn verdict_lines(result: &PodraceResult, run: &Run<PodraceEvent>) -> Vec<String> {
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
        let actual = crate::scenario::SideOrNone::of(result.game_won);
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
        unmet.extend(super::outcome::unmet_deck_victory(victory, result.deck_victory));
    }
    if let Some(zones) = &expect.zones {
        unmet.extend(super::outcome::unmet_zone_counts(zones, board));
    }
    unmet
}
