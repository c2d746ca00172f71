//! The FAQ's misplay remedies as a procedure a scenario walks with `action: remedy`: each
//! finding of `check` whose remedy takes cards back into the hand is carried out, and the
//! board after it shown; the events read as one sentence each.

use super::{ActionSpec, AssumptionSpec, Door, Setting};
use crate::board::Board;
use crate::engine::Run;
use crate::engine::remedy::{Remedies, RemedyEvent, RemedyResult};
use crate::procedures::walkthrough::{WalkError, Walkthrough};
use crate::render::output::WalkResult;
use crate::rules::Corpus;
use crate::scenario::{GameName, ScenarioFile};
use crate::text::and_list;

/// The door.
pub struct RemedyDoor;

/// The one instance [`super::DOORS`] registers.
pub static REMEDY: RemedyDoor = RemedyDoor;

static ACTIONS: &[ActionSpec] = &[ActionSpec {
    name: "remedy",
    summary: "applies the FAQ's remedy of each misplay `check` finds, and shows the board after it",
    shell: Some(super::ShellCommand {
        noun: "remedy",
        usage: "remedy",
        what: "carry out the FAQ's remedy of each misplay `check` finds: a stack on two planets or a card that is not a Battle card in a battle plan back into the hand; hidden cards over six: the planet conceded, the opponent's cards there shuffled back if she wishes, Even Up and the next planet; `undo` takes it back",
        example: "remedy",
    }),
}];

impl crate::engine::EventKind for RemedyEvent {
    /// One sentence (or two) saying what the event did.
    fn narrate(&self) -> String {
        match self {
            RemedyEvent::NothingToRemedy => {
                "The position breaks no rule whose remedy the FAQ gives: nothing to remedy."
                    .to_string()
            }
            RemedyEvent::Finding {
                code,
                message,
                assumed,
            } => {
                let resting = if assumed.is_empty() {
                    String::new()
                } else {
                    let names: Vec<String> =
                        assumed.iter().map(|name| format!("`{name}`")).collect();
                    format!(
                        " (resting on the named assumption{} {})",
                        if names.len() == 1 { "" } else { "s" },
                        and_list(&names)
                    )
                };
                format!("Finding `{code}`: {}{resting}.", crate::text::capitalised(message))
            }
            RemedyEvent::ReturnedToHand { side, cards, kept } => format!(
                "The remedy: the {} player takes {} back into his hand{}.",
                side.label(),
                and_list(cards),
                kept.as_ref()
                    .map(|planet| format!("; the stack on {planet}, deployed first, stays"))
                    .unwrap_or_default()
            ),
            RemedyEvent::CannotTell { .. } => "The remedy keeps the stack deployed first, and the position does not tell which that is: nothing is moved. Mark the later stack's cards `deployed_this_turn`.".to_string(),
            RemedyEvent::NotWalked { code } => format!(
                "The remedy of `{code}` is quoted above; this program does not carry it out on the board."
            ),
            RemedyEvent::Conceded {
                side,
                planet,
                discarded,
            } => format!(
                "The remedy: the {} player concedes {planet}, the current planet. His deployed cards stay there{}.",
                side.label(),
                if discarded.is_empty() {
                    String::new()
                } else {
                    format!(", but for his Battle cards and starships, discarded: {}", and_list(discarded))
                }
            ),
            RemedyEvent::ShuffledBack {
                side,
                cards,
                deck_size,
            } => format!(
                "The {} player takes the cards she deployed there, {}, and shuffles them back into her draw deck ({}).",
                side.label(),
                and_list(cards),
                crate::text::count(*deck_size as u64, "card")
            ),
            RemedyEvent::KeptThere { side } => format!(
                "The {} player leaves the cards she deployed there where they are.",
                side.label()
            ),
            RemedyEvent::EvenedUp {
                side,
                drawn,
                hand_size,
                lap_cards,
                ..
            } if *lap_cards > 0 => format!(
                "The {} player evens up: he draws {}, the last {} from his Podracing pile, the last played first, since his draw deck is exhausted; his hand holds {hand_size}.",
                side.label(),
                crate::text::count(*drawn as u64, "card"),
                crate::text::count(*lap_cards as u64, "lap card")
            ),
            RemedyEvent::EvenedUp {
                side,
                drawn,
                hand_size,
                deck_left,
                ..
            } => format!(
                "The {} player evens up: he draws {}, and his hand holds {hand_size}; {deck_left} left in his draw deck.",
                side.label(),
                crate::text::count(*drawn as u64, "card")
            ),
            RemedyEvent::DeckVictory { winner } => format!(
                "The {} player has no draw deck left: deck victory for the {} player, at once.",
                winner.opponent().label(),
                winner.label()
            ),
            RemedyEvent::NextPlanet { side, planet } => format!(
                "The {} player chooses {planet} as the next planet and takes the first turn there.",
                side.label()
            ),
        }
    }
}

static ASSUMPTIONS: &[AssumptionSpec] = &[AssumptionSpec {
    assumption: crate::engine::remedy::EVEN_UP_HAND,
    values: &[("six", "Even Up draws up to 6 cards")],
}];

impl Door for RemedyDoor {
    fn game(&self) -> GameName {
        GameName::YoungJedi
    }

    fn actions(&self) -> &'static [ActionSpec] {
        ACTIONS
    }

    fn assumptions(&self) -> &'static [AssumptionSpec] {
        ASSUMPTIONS
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
            Remedies::new(board, corpus),
            decider,
            observe,
            |remedies| remedies.result().clone(),
        )
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
            |board, corpus, _choices| Remedies::new(board, corpus),
            |remedies| remedies.result().clone(),
            |expect| expect.remedy.as_ref(),
            unmet_expectations,
        )
    }
}

/// A remedy's walk: the board before and after, and what was remedied.
pub type RemedyWalk = super::BoardWalk<RemedyResult>;

impl super::BoardResult for RemedyResult {
    type Event = crate::engine::remedy::RemedyEvent;

    fn heading(&self, _before: &Board, ruleset: &crate::rules::Ruleset, seed: u64) -> String {
        format!("Remedies · rules: {ruleset} · seed {seed}")
    }

    fn default_title(&self) -> &'static str {
        "Remedies"
    }

    fn verdict_lines(&self, run: &Run<crate::engine::remedy::RemedyEvent>) -> Vec<String> {
        if run.stop.is_some() {
            return vec!["The walk stopped before the remedies were applied.".to_string()];
        }
        let mut lines = Vec::new();
        if self.remedied.is_empty() && self.not_remedied.is_empty() {
            lines.push("Nothing to remedy.".to_string());
        }
        if !self.returned.is_empty() {
            lines.push(format!(
                "Taken back into the hand: {}.",
                and_list(&self.returned)
            ));
        }
        if let Some(planet) = &self.conceded {
            lines.push(format!("Conceded: {planet}."));
        }
        if let Some(winner) = self.deck_victory {
            lines.push(format!("Deck victory: the {} player wins.", winner.label()));
        }
        if let Some(planet) = &self.next_planet {
            lines.push(format!(
                "Next planet: {planet}, where the offender takes the first turn."
            ));
        }
        if !self.not_remedied.is_empty() {
            let codes: Vec<String> = self
                .not_remedied
                .iter()
                .map(|code| format!("`{code}`"))
                .collect();
            lines.push(format!("Not carried out: {}.", and_list(&codes)));
        }
        lines
    }

    fn output(&self) -> WalkResult {
        WalkResult::Remedy(self.clone())
    }
}

fn unmet_expectations(
    expect: &crate::scenario::RemedyExpectation,
    result: &RemedyResult,
    board: &Board,
) -> Vec<String> {
    let mut unmet = Vec::new();
    if let Some(wanted) = &expect.returned {
        let normalise = |names: &[String]| -> Vec<String> {
            names
                .iter()
                .map(|name| crate::cards::matching::normalise(name))
                .collect()
        };
        if normalise(wanted) != normalise(&result.returned) {
            unmet.push(format!(
                "returned to the hand: expected [{}], got [{}]",
                wanted.join(", "),
                result.returned.join(", ")
            ));
        }
    }
    if let Some(zones) = &expect.zones {
        unmet.extend(super::duel::unmet_zone_counts(zones, board));
    }
    unmet
}
