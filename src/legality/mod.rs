//! Static legality checks of a position, each finding with the rule that makes it illegal and the FAQ remedy where there is one.

use std::collections::BTreeMap;

use crate::board::{Board, CardId, Planet, Span, Zone};
use crate::cards::traits::{podracer_pilot, podracer_weapon};
use crate::cards::{CardType, Side, TraitKind, TraitValue};
use crate::rules::{Citation, Corpus, cite};

/// How serious a finding is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Verdict {
    /// The position breaks a rule.
    Illegal,
    /// Unusual, or not checkable with what the scenario gives.
    Warning,
}

/// What a finding rests on.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Basis {
    /// An item of the corpus, quoted when shown.
    Rule(Citation),
    /// A named assumption where the sources in force are silent.
    Assumption(String),
}

impl Basis {
    /// The basis of what a procedure did: the rules it cited, then its named assumptions.
    pub fn of(cites: &[Citation], assumptions: &[crate::rules::Assumption]) -> Vec<Basis> {
        cites
            .iter()
            .copied()
            .map(Basis::Rule)
            .chain(
                assumptions
                    .iter()
                    .map(|assumption| Basis::Assumption(assumption.name.to_string())),
            )
            .collect()
    }
}

/// A finding's FAQ remedy: the ruling, and what it does to the board.
#[derive(Clone, Debug, PartialEq)]
pub struct Remedy {
    pub ruling: Citation,
    pub action: RemedyAction,
}

/// What a remedy does to the board, as `action: remedy` carries it out.
#[derive(Clone, Debug, PartialEq)]
pub enum RemedyAction {
    /// These cards go back into their owners' hands.
    BackToHand(Vec<CardId>),
    /// The stacks deployed after the first go back into the hand, and the position does not
    /// tell which stack came first.
    FirstStackUnknown,
    /// The offender concedes the current planet, evens up and chooses the next planet.
    ConcedePlanet,
}

/// One finding about a position.
#[derive(Clone, Debug, PartialEq)]
pub struct Violation {
    pub verdict: Verdict,
    /// A short stable code such as `unique-starship-twice`.
    pub code: &'static str,
    pub message: String,
    pub basis: Vec<Basis>,
    /// The FAQ ruling that says what to do about it, and what that does to the board.
    pub remedy: Option<Remedy>,
    pub cards: Vec<CardId>,
    /// What to underline, each with its label.
    pub labels: Vec<(Span, String)>,
}

const STACK_ON_TWO_PLANETS: Citation = cite("faq.misplays.stackable-on-two-planets");
const HIDDEN_OVER_SIX: Citation = cite("faq.misplays.hidden-over-six");
const UNIQUE_STARSHIPS: Citation = cite("faq.deploy.unique-starships");
const NEVER_FACE_DOWN: Citation = cite("starship.hyperspace");
const ONLY_BATTLE_CARDS: Citation = cite("faq.battle.only-battle-cards");
const NON_BATTLE_CARD_REMEDY: Citation = cite("faq.misplays.non-battle-card-in-plan");
const ONE_OBJECTIVE: Citation = cite("boonta.objective.card-type");
const AT_THE_OBJECTIVE: Citation = cite("boonta.boonta-eve-classic.deploy");
const ONE_EFFECT_PER_PLANET: Citation = cite("boonta.objective.boonta-eve-classic");
const SIXTY_CARDS: Citation = cite("boonta.objective.card-type");
/// The Players Committee's deck limits, paraphrased: in force under `players-committee` only.
const TITLE_LIMIT: Citation = cite("pc.deck.title-limit");
const TITLE_NOT_SUBTITLE: Citation = cite("pc.deck.subtitles");

/// The most cards of one deck-construction dot colour in a deck.
pub const CARDS_PER_DOT: u32 = 10;
/// The cards of a game deck.
pub const DECK_CARDS: u32 = 60;
/// The slots an Objective, a Wild Card with white dots in these positions, may fill.
const OBJECTIVE_SLOTS: [crate::board::DotColour; 3] = [
    crate::board::DotColour::Yellow,
    crate::board::DotColour::Purple,
    crate::board::DotColour::Orange,
];
/// Under the Players Committee's rules, the most cards of one title in one dot colour.
pub const TITLE_PER_DOT: u32 = 5;

/// The deploy counters a player has each turn, under `deploy-counters-per-turn`.
pub const COUNTERS_A_TURN: u32 = 6;

/// The deploy counters a player has this turn: six, or more where an Effect of his in play
/// says (the most any says), with that Effect's name.
pub fn counters_allowance(board: &Board, side: Side) -> (u32, Option<String>) {
    let (counters, by) = effect_counters(board, side, |text| text.counters_allowance);
    (counters, by.map(|(name, _)| name))
}

/// The most deploy counters a face-up Effect of the player's in play gives by `text` (six where
/// none gives more), with its name and whether it was deployed this turn.
fn effect_counters(
    board: &Board,
    side: Side,
    text: impl Fn(&crate::cards::GameText) -> Option<u8>,
) -> (u32, Option<(String, bool)>) {
    let mut allowance = (COUNTERS_A_TURN, None);
    for planet in &board.planets {
        for &id in board.zone(Zone::InPlay(*planet, side)) {
            let (Some(instance), Some(card)) = (board.instance(id), board.card(id)) else {
                continue;
            };
            if let Some(counters) = text(&card.text)
                && !instance.face_down
                && card.acts_as_effect()
                && u32::from(counters) > allowance.0
            {
                allowance = (
                    u32::from(counters),
                    Some((card.full_name(), instance.deployed_this_turn)),
                );
            }
        }
    }
    allowance
}

/// The named assumption of the counters a turn, shared by `check` and the deploy.
pub const COUNTERS_PER_TURN: crate::rules::Assumption = crate::rules::Assumption {
    name: "deploy-counters-per-turn",
    text: "A player has 6 deploy counters to spend in each of his turns; the cards he deploys use them up. The rule sources do not say; the base rulebook is described so.",
};

/// How `check` tells which of two stacks of a title was deployed later, where the position
/// does not mark it.
pub const CURRENT_PLANET_STACK_LATER: crate::rules::Assumption = crate::rules::Assumption {
    name: "current-planet-stack-later",
    text: "Of two stacks of one title that the position does not mark as deployed this turn, the one on the current planet was deployed after the one elsewhere, as in the FAQ's example of a stack on the current planet of Tatooine when Naboo has been controlled. The rule sources do not say how to tell.",
};

/// Every finding about the board alone, in the order of the file: what the procedures' own
/// rules say of it is added by `procedures::check_board`.
pub fn check(board: &Board, corpus: &Corpus) -> Vec<Violation> {
    let mut found = Vec::new();
    let checker = Checker { board, corpus };
    for side in [Side::Light, Side::Dark] {
        checker.stacks_on_two_planets(side, &mut found);
        checker.hidden_cards_over_six(side, &mut found);
        checker.counters_over_allowance(side, &mut found);
        checker.unique_starships(side, &mut found);
        checker.battle_plan(side, &mut found);
        checker.objectives(side, &mut found);
        checker.at_the_objective(side, &mut found);
        checker.effects_per_planet(side, &mut found);
        checker.deck_size(side, &mut found);
        checker.deck_list(side, &mut found);
    }
    checker.starships_face_down(&mut found);
    checker.virtual_cards(&mut found);
    in_file_order(&mut found);
    found
}

/// The finding about a card in a side's battle plan that is not a Battle card, or whose type
/// is not known; nothing for a Battle card.
pub fn card_in_battle_plan(board: &Board, side: Side, id: CardId) -> Option<Violation> {
    match board.card_type(id) {
        Some(CardType::Battle) => None,
        Some(other) => Some(Violation {
            verdict: Verdict::Illegal,
            code: "non-battle-card-in-battle-plan",
            message: format!(
                "{} is a {other}, not a Battle card, in the {side} battle plan",
                board.describe(id)
            ),
            basis: vec![Basis::Rule(ONLY_BATTLE_CARDS)],
            remedy: Some(Remedy {
                ruling: NON_BATTLE_CARD_REMEDY,
                action: RemedyAction::BackToHand(vec![id]),
            }),
            cards: vec![id],
            labels: card_label(board, id, format!("a {other}, not a Battle card")),
        }),
        None => Some(Violation {
            verdict: Verdict::Warning,
            code: "battle-plan-card-type-unknown",
            message: format!(
                "cannot tell whether {} in the {side} battle plan is a Battle card: name it or declare its type",
                board.describe(id)
            ),
            basis: vec![Basis::Rule(ONLY_BATTLE_CARDS)],
            remedy: None,
            cards: vec![id],
            labels: card_label(board, id, "type unknown"),
        }),
    }
}

/// Puts findings in the order of the file (stable, so findings at one place keep theirs).
pub fn in_file_order(found: &mut [Violation]) {
    found.sort_by_key(|violation| {
        (
            violation
                .labels
                .first()
                .map_or(usize::MAX, |(span, _)| span.offset),
            violation.verdict,
        )
    });
}

/// A planet (or the Objective, `None`) and the cards of one title there.
type Place = (Option<Planet>, Vec<CardId>);

/// How `check` knows which stack of a title was deployed first.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum FirstStack {
    /// Only one stack has cards not deployed this turn.
    ByTurn,
    /// The others are on the current planet (a named assumption).
    ByCurrentPlanet,
    /// The position does not say.
    Unknown,
    /// A stack at the Objective, or hidden cards: another remedy applies.
    NotAsked,
}

struct Checker<'a> {
    board: &'a Board,
    corpus: &'a Corpus,
}

/// Where the scenario names a card, underlined with `text`: nothing for a card the shell
/// added.
pub fn card_label(board: &Board, id: CardId, text: impl Into<String>) -> Vec<(Span, String)> {
    board
        .instance(id)
        .and_then(|instance| instance.provenance.card())
        .map(|span| (span, text.into()))
        .into_iter()
        .collect()
}

impl Checker<'_> {
    fn span(&self, id: CardId) -> Option<Span> {
        self.board
            .instance(id)
            .and_then(|instance| instance.provenance.card())
    }

    fn label(&self, id: CardId, text: impl Into<String>) -> Vec<(Span, String)> {
        card_label(self.board, id, text)
    }

    /// A rule if it is in force under the board's ruleset; otherwise the same rule stated as
    /// an assumption (the base rulebook has it, the sources in force do not).
    fn rule_or_assumption(&self, citation: Citation, assumption: &str) -> Basis {
        if self.in_force(citation) {
            Basis::Rule(citation)
        } else {
            Basis::Assumption(assumption.to_string())
        }
    }

    fn in_force(&self, citation: Citation) -> bool {
        citation
            .resolve(self.corpus, &self.board.ruleset)
            .is_some_and(|item| self.board.ruleset.in_force(self.corpus, item))
    }

    /// Characters and weapons of one title that stack, in play at more than one place; a
    /// warning where cards of one title are in more than one place and no source says whether
    /// they stack.
    fn stacks_on_two_planets(&self, side: Side, found: &mut Vec<Violation>) {
        // title -> places in order of first appearance -> ids
        let mut places: BTreeMap<String, Vec<Place>> = BTreeMap::new();
        // The same, for the cards no source says stack or not.
        let mut unknown: BTreeMap<String, Vec<Place>> = BTreeMap::new();
        let mut zones: Vec<(Option<Planet>, Zone)> = self
            .board
            .planets
            .iter()
            .map(|planet| (Some(*planet), Zone::InPlay(*planet, side)))
            .collect();
        zones.push((None, Zone::AtObjective(side)));
        for (planet, zone) in zones {
            for &id in self.board.zone(zone) {
                let Some(card) = self.board.card(id) else {
                    continue;
                };
                if !matches!(
                    card.card_type(),
                    Some(CardType::Character) | Some(CardType::Weapon)
                ) {
                    continue;
                }
                let stacks = crate::cards::traits::stackable(card).map(|derived| derived.value);
                let map = match stacks {
                    Some(TraitValue::Yes) => &mut places,
                    Some(TraitValue::No) => continue,
                    _ => &mut unknown,
                };
                let entry = map.entry(card.title.clone()).or_default();
                match entry.iter_mut().find(|(place, _)| *place == planet) {
                    Some((_, ids)) => ids.push(id),
                    None => entry.push((planet, vec![id])),
                }
            }
        }
        self.stacking_unknown(side, &places, unknown, found);
        for (title, at) in places {
            if at.len() < 2 {
                continue;
            }
            let place_name = |place: &Option<Planet>| match place {
                Some(planet) => planet.to_string(),
                None => "the Objective".to_string(),
            };
            let involves_objective = at.iter().any(|(place, _)| place.is_none());
            let involves_hidden = at
                .iter()
                .flat_map(|(_, ids)| ids)
                .any(|id| self.board.instance(*id).is_some_and(|i| i.face_down));
            let deployed_first = self.first_deployed(&at);
            let (first, how) = if involves_objective || involves_hidden {
                (None, FirstStack::NotAsked)
            } else {
                deployed_first
            };
            let mut labels = Vec::new();
            let mut cards = Vec::new();
            for (index, (place, ids)) in at.iter().enumerate() {
                for id in ids {
                    let text = match first {
                        Some(first) if first == index => {
                            format!("deployed first: stays on {}", place_name(place))
                        }
                        Some(_) => "back to the hand".to_string(),
                        None if index == 0 => format!("{title} on {}", place_name(place)),
                        None => format!("{title} also on {}", place_name(place)),
                    };
                    labels.extend(self.label(*id, text));
                    cards.push(*id);
                }
            }
            let places_list: Vec<String> = at.iter().map(|(place, _)| place_name(place)).collect();
            // The remedy keeps the stack deployed first and takes the others back.
            let action = match deployed_first.0 {
                Some(first) => RemedyAction::BackToHand(
                    at.iter()
                        .enumerate()
                        .filter(|(index, _)| *index != first)
                        .flat_map(|(_, (_, ids))| ids.iter().copied())
                        .collect(),
                ),
                None => RemedyAction::FirstStackUnknown,
            };
            let (mut basis, remedy) = if involves_objective {
                (vec![Basis::Rule(AT_THE_OBJECTIVE)], None)
            } else if involves_hidden {
                (
                    vec![Basis::Rule(STACK_ON_TWO_PLANETS)],
                    Some(Remedy {
                        ruling: HIDDEN_OVER_SIX,
                        action,
                    }),
                )
            } else {
                (
                    vec![Basis::Rule(STACK_ON_TWO_PLANETS)],
                    Some(Remedy {
                        ruling: STACK_ON_TWO_PLANETS,
                        action,
                    }),
                )
            };
            let which = match (first, how) {
                (Some(first), how) => {
                    let kept = at.get(first).map(|(place, _)| place_name(place)).unwrap_or_default();
                    let back: Vec<String> = at
                        .iter()
                        .enumerate()
                        .filter(|(index, _)| *index != first)
                        .map(|(_, (place, _))| place_name(place))
                        .collect();
                    if how == FirstStack::ByCurrentPlanet {
                        basis.push(Basis::Assumption(
                            CURRENT_PLANET_STACK_LATER.name.to_string(),
                        ));
                    }
                    format!(
                        "; the stack on {kept} was deployed first ({}), so the remedy takes {title} on {} back into the hand",
                        match how {
                            FirstStack::ByCurrentPlanet => "the other is on the current planet",
                            _ => "the other cards were deployed this turn",
                        },
                        crate::text::and_list(&back)
                    )
                }
                (None, FirstStack::Unknown) => "; which stack was deployed first the position does not say: mark the later stack's cards `deployed_this_turn`".to_string(),
                (None, _) => String::new(),
            };
            found.push(Violation {
                verdict: Verdict::Illegal,
                code: "stack-on-two-planets",
                message: format!(
                    "the {side} player has {title} in play in more than one place ({}): stackable cards with the same title are the same person or item{which}",
                    places_list.join(", ")
                ),
                basis,
                remedy,
                cards,
                labels,
            });
        }
    }

    /// Cards of one title that no source says stack or not, in more than one place (counting
    /// the places of those that stack): whether it is a misplay turns on a fact to declare.
    fn stacking_unknown(
        &self,
        side: Side,
        stacking: &BTreeMap<String, Vec<Place>>,
        unknown: BTreeMap<String, Vec<Place>>,
        found: &mut Vec<Violation>,
    ) {
        for (title, at) in unknown {
            let mut where_: Vec<Option<Planet>> = at.iter().map(|(place, _)| *place).collect();
            for (place, _) in stacking.get(&title).into_iter().flatten() {
                if !where_.contains(place) {
                    where_.push(*place);
                }
            }
            if where_.len() < 2 {
                continue;
            }
            let ids: Vec<CardId> = at.into_iter().flat_map(|(_, ids)| ids).collect();
            let labels = ids
                .iter()
                .flat_map(|id| self.label(*id, "stacks?"))
                .collect();
            found.push(Violation {
                verdict: Verdict::Warning,
                code: "stacking-unknown",
                message: format!(
                    "the {side} player has cards titled {title} in play on {}, and no source says whether they stack: if they do, they are one person or item, in play in one place at a time; declare `traits: {{stackable: true}}` (or `false`) for them under `cards:`",
                    crate::text::and_list(
                        &where_
                            .iter()
                            .map(|place| match place {
                                Some(planet) => planet.to_string(),
                                None => "the Objective".to_string(),
                            })
                            .collect::<Vec<_>>()
                    ),
                ),
                basis: vec![Basis::Rule(STACK_ON_TWO_PLANETS)],
                remedy: None,
                cards: ids,
                labels,
            });
        }
    }

    /// Which of a title's stacks (planets only) was deployed first, and how that is known: a
    /// stack with a card not deployed this turn came before those deployed wholly this turn;
    /// between stacks the position does not tell apart so, the one on the current planet is
    /// the later (a named assumption).
    fn first_deployed(&self, at: &[Place]) -> (Option<usize>, FirstStack) {
        let old = |ids: &Vec<CardId>| {
            ids.iter().any(|id| {
                self.board
                    .instance(*id)
                    .is_some_and(|instance| !instance.deployed_this_turn)
            })
        };
        let olds: Vec<usize> = at
            .iter()
            .enumerate()
            .filter(|(_, (_, ids))| old(ids))
            .map(|(index, _)| index)
            .collect();
        if let [only] = olds.as_slice() {
            return (Some(*only), FirstStack::ByTurn);
        }
        let tied: Vec<usize> = if olds.is_empty() {
            (0..at.len()).collect()
        } else {
            olds
        };
        let current = self.board.current_planet;
        let elsewhere: Vec<usize> = tied
            .iter()
            .copied()
            .filter(|index| at.get(*index).is_some_and(|(place, _)| *place != current))
            .collect();
        match elsewhere.as_slice() {
            [only] if tied.len() > 1 && current.is_some() => {
                (Some(*only), FirstStack::ByCurrentPlanet)
            }
            _ => (None, FirstStack::Unknown),
        }
    }

    /// The side's cards in play marked deployed this turn, each with its deploy counters
    /// (`None`: not known) and whether it is face down.
    fn deployed_this_turn(&self, side: Side) -> Vec<(CardId, Option<i32>, bool)> {
        let zones = self
            .board
            .planets
            .iter()
            .map(|planet| Zone::InPlay(*planet, side))
            .chain([Zone::AtObjective(side), Zone::Hyperspace(side)]);
        let mut cards = Vec::new();
        for zone in zones {
            for &id in self.board.zone(zone) {
                let Some(instance) = self.board.instance(id) else {
                    continue;
                };
                if !instance.deployed_this_turn {
                    continue;
                }
                // What an Effect of his at the planet makes it cost there.
                if let Zone::InPlay(planet, _) = zone
                    && let Some(card) = self.board.card(id)
                    && let Some(set) = self.board.text_deploy_cost(planet, side, card)
                {
                    cards.push((
                        id,
                        Some(i32::try_from(set.counters).unwrap_or(i32::MAX)),
                        instance.face_down,
                    ));
                    continue;
                }
                let counters = match self
                    .board
                    .card(id)
                    .and_then(|card| card.stats.deploy.as_ref())
                    .map(|fact| &fact.value)
                {
                    Some(crate::cards::StatValue::Number(number)) => Some(*number),
                    Some(crate::cards::StatValue::None) => Some(0),
                    _ => None,
                };
                cards.push((id, counters, instance.face_down));
            }
        }
        cards
    }

    /// Hidden cards deployed this turn whose deploy counters total more than six.
    fn hidden_cards_over_six(&self, side: Side, found: &mut Vec<Violation>) {
        let mut total: i32 = 0;
        let mut unknown = Vec::new();
        let mut hidden = Vec::new();
        for (id, counters, face_down) in self.deployed_this_turn(side) {
            if !face_down {
                continue;
            }
            hidden.push(id);
            match counters {
                Some(number) => total = total.saturating_add(number),
                None => unknown.push(id),
            }
        }
        let label_for = |id: CardId| {
            let counters = self
                .board
                .card(id)
                .and_then(|card| card.stats.deploy.as_ref())
                .map(|fact| format!("{} counters", fact.value))
                .unwrap_or_else(|| "counters unknown".to_string());
            self.label(id, format!("hidden, {counters}"))
        };
        if total > 6 {
            found.push(Violation {
                verdict: Verdict::Illegal,
                code: "hidden-over-six",
                message: format!(
                    "the {side} player's hidden cards deployed this turn total {total} deploy counters, more than six"
                ),
                basis: vec![Basis::Rule(HIDDEN_OVER_SIX)],
                remedy: Some(Remedy {
                    ruling: HIDDEN_OVER_SIX,
                    action: RemedyAction::ConcedePlanet,
                }),
                cards: hidden.clone(),
                labels: hidden.iter().flat_map(|id| label_for(*id)).collect(),
            });
        } else if !unknown.is_empty() {
            found.push(Violation {
                verdict: Verdict::Warning,
                code: "hidden-counters-unknown",
                message: format!(
                    "cannot tell whether the {side} player's hidden cards deployed this turn total more than six deploy counters: declare the deploy counters of {}",
                    unknown.iter().map(|id| self.board.describe(*id)).collect::<Vec<_>>().join(", ")
                ),
                basis: vec![Basis::Rule(HIDDEN_OVER_SIX)],
                remedy: None,
                cards: unknown.clone(),
                labels: unknown.iter().flat_map(|id| label_for(*id)).collect(),
            });
        }
    }

    /// More deploy counters used this turn than a player has: those the position states
    /// (`counters_spent`), or, if more, those of the cards it marks deployed this turn.
    /// Hidden cards worth more than six are left to the FAQ's ruling on them.
    fn counters_over_allowance(&self, side: Side, found: &mut Vec<Violation>) {
        let deployed = self.deployed_this_turn(side);
        let sum = |hidden_only: bool| -> i64 {
            deployed
                .iter()
                .filter(|(_, _, face_down)| *face_down || !hidden_only)
                .filter_map(|(_, counters, _)| *counters)
                .map(i64::from)
                .sum()
        };
        let (counters, allowed_by) =
            effect_counters(self.board, side, |text| text.counters_allowance);
        let allowance = i64::from(counters);
        // The FAQ's ruling on hidden cards worth more than six, with its remedy, applies.
        if sum(true) > 6 {
            return;
        }
        let of_cards = sum(false);
        let stated = i64::from(self.board.player(side).counters_spent);
        let used = stated.max(of_cards);
        if used <= allowance {
            // More than six, through an Effect deployed this turn: legal only if it came first.
            if let Some((effect, true)) = &allowed_by
                && used > i64::from(COUNTERS_A_TURN)
            {
                found.push(Violation {
                    verdict: Verdict::Warning,
                    code: "counters-allowance-deployed-this-turn",
                    message: format!(
                        "the {side} player has used {used} deploy counters this turn, more than six: the text of {effect} allows {allowance}, but it was deployed this turn too, so this holds only if it was deployed before the cards beyond six"
                    ),
                    basis: vec![Basis::Assumption(COUNTERS_PER_TURN.name.to_string())],
                    remedy: None,
                    cards: Vec::new(),
                    labels: Vec::new(),
                });
            }
            return;
        }
        // An Effect whose text allows more counters for a discard from the hand, a choice the
        // position does not record: legal only if he made it.
        let (on_discard, discard_by) =
            effect_counters(self.board, side, |text| text.counters_on_discard);
        if used <= i64::from(on_discard)
            && let Some((effect, _)) = discard_by
        {
            found.push(Violation {
                verdict: Verdict::Warning,
                code: "counters-if-discarded",
                message: format!(
                    "the {side} player has used {used} deploy counters this turn, more than the {allowance} he has; the text of {effect} allows {on_discard} if he discarded a card from his hand, which the position does not record: legal only if he did"
                ),
                basis: vec![Basis::Assumption(COUNTERS_PER_TURN.name.to_string())],
                remedy: None,
                cards: Vec::new(),
                labels: Vec::new(),
            });
            return;
        }
        let how = if of_cards > stated {
            format!(
                "the cards the position marks deployed this turn cost {of_cards} deploy counters{}",
                if stated > 0 {
                    format!(" (it states {stated} spent)")
                } else {
                    String::new()
                }
            )
        } else {
            format!("the position states {stated} deploy counters spent this turn")
        };
        let mut labels: Vec<(Span, String)> = Vec::new();
        if of_cards >= stated {
            for (id, counters, _) in &deployed {
                if let Some(counters) = counters {
                    labels.extend(
                        self.label(*id, format!("deployed this turn, {counters} counters")),
                    );
                }
            }
        }
        if labels.is_empty()
            && let Some(span) = self.board.player(side).section_span.0
        {
            labels.push((span, format!("{stated} counters spent")));
        }
        found.push(Violation {
            verdict: Verdict::Illegal,
            code: "counters-over-allowance",
            message: format!(
                "the {side} player has used {used} deploy counters this turn, more than the {allowance} {}: {how}",
                match &allowed_by {
                    Some((effect, _)) => format!("the text of {effect} gives him"),
                    None => "a player has each turn".to_string(),
                }
            ),
            basis: vec![Basis::Assumption(COUNTERS_PER_TURN.name.to_string())],
            remedy: None,
            cards: deployed.iter().map(|(id, _, _)| *id).collect(),
            labels,
        });
    }

    /// Two copies of a unique starship in one Hyperspace pile.
    fn unique_starships(&self, side: Side, found: &mut Vec<Violation>) {
        let mut seen: BTreeMap<String, CardId> = BTreeMap::new();
        for &id in self.board.zone(Zone::Hyperspace(side)) {
            let Some(card) = self.board.card(id) else {
                continue;
            };
            let unique = card
                .stated_trait(TraitKind::Unique)
                .is_some_and(|fact| fact.value.1);
            if !unique {
                continue;
            }
            let name = card.full_name();
            match seen.get(&name) {
                Some(first) => {
                    let mut labels = self.label(*first, "first copy");
                    labels.extend(self.label(id, "second copy"));
                    found.push(Violation {
                        verdict: Verdict::Illegal,
                        code: "unique-starship-twice",
                        message: format!(
                            "two copies of the unique starship {name} in the {side} Hyperspace pile"
                        ),
                        basis: vec![Basis::Rule(UNIQUE_STARSHIPS)],
                        remedy: None,
                        cards: vec![*first, id],
                        labels,
                    });
                }
                None => {
                    seen.insert(name, id);
                }
            }
        }
    }

    /// Starships are never face down.
    fn starships_face_down(&self, found: &mut Vec<Violation>) {
        for instance in &self.board.cards {
            if instance.face_down && self.board.card_type(instance.id) == Some(CardType::Starship) {
                let labels = instance
                    .provenance
                    .hidden
                    .or(instance.provenance.card())
                    .map(|span| (span, "a starship face down".to_string()))
                    .into_iter()
                    .collect();
                found.push(Violation {
                    verdict: Verdict::Illegal,
                    code: "starship-face-down",
                    message: format!(
                        "{} is a starship face down; starships are never deployed face down",
                        self.board
                            .card(instance.id)
                            .map(|c| c.full_name())
                            .unwrap_or_default()
                    ),
                    basis: vec![Basis::Rule(NEVER_FACE_DOWN)],
                    remedy: None,
                    cards: vec![instance.id],
                    labels,
                });
            }
        }
    }

    /// A virtual card under rules other than the Players Committee's, whose set it is.
    fn virtual_cards(&self, found: &mut Vec<Violation>) {
        if self.board.ruleset.name == crate::rules::PLAYERS_COMMITTEE {
            return;
        }
        for instance in &self.board.cards {
            if !self
                .board
                .card(instance.id)
                .is_some_and(|card| card.virtual_card)
            {
                continue;
            }
            found.push(Violation {
                verdict: Verdict::Warning,
                code: "virtual-card-outside-its-ruleset",
                message: format!(
                    "{} is a virtual card of the Players Committee, played with its rules update; under {} it is no Decipher card, and the walk applies its text as the card gives it",
                    self.board.describe(instance.id),
                    self.board.ruleset
                ),
                basis: vec![Basis::Assumption(
                    "the Players Committee published its virtual cards with its rules update, which only the ruleset players-committee brings in".to_string(),
                )],
                remedy: None,
                cards: vec![instance.id],
                labels: self.label(instance.id, "a virtual card"),
            });
        }
    }

    /// Only Battle cards may go from the hand into a battle plan: those in the plan already
    /// (a battle's stated plan adds the cards it inserts from the hand: the battle's own check).
    fn battle_plan(&self, side: Side, found: &mut Vec<Violation>) {
        for &id in self.board.zone(Zone::BattlePlan(side)) {
            found.extend(card_in_battle_plan(self.board, side, id));
        }
    }

    /// One Objective card in a game deck; the Objective slot holds an Objective.
    fn objectives(&self, side: Side, found: &mut Vec<Violation>) {
        for &id in self.board.zone(Zone::Objective(side)) {
            let card_type = self.board.card_type(id);
            if card_type.is_some() && card_type != Some(CardType::Objective) {
                found.push(Violation {
                    verdict: Verdict::Illegal,
                    code: "not-an-objective",
                    message: format!("{} is not an Objective card", self.board.describe(id)),
                    basis: vec![Basis::Rule(ONE_OBJECTIVE)],
                    remedy: None,
                    cards: vec![id],
                    labels: self.label(id, "not an Objective"),
                });
            }
        }
        let mut objectives: Vec<CardId> = self
            .board
            .owned_by(side)
            .into_iter()
            .filter(|id| self.board.card_type(*id) == Some(CardType::Objective))
            .collect();
        // In the order the file gives them.
        objectives.sort_by_key(|id| self.span(*id).map_or(usize::MAX, |span| span.offset));
        if objectives.len() > 1 {
            let mut labels = Vec::new();
            for (index, id) in objectives.iter().enumerate() {
                let text = if index == 0 {
                    "an Objective"
                } else {
                    "another Objective"
                };
                labels.extend(self.label(*id, text));
            }
            found.push(Violation {
                verdict: Verdict::Illegal,
                code: "more-than-one-objective",
                message: format!(
                    "the {side} player's game deck has {} Objective cards; only one is allowed",
                    objectives.len()
                ),
                basis: vec![Basis::Rule(ONE_OBJECTIVE)],
                remedy: None,
                cards: objectives,
                labels,
            });
        }
    }

    /// One Podracer pilot and one Podracer Weapon card at the Objective, face up.
    fn at_the_objective(&self, side: Side, found: &mut Vec<Violation>) {
        let at = self.board.zone(Zone::AtObjective(side));
        if at.is_empty() {
            return;
        }
        if self.board.zone(Zone::Objective(side)).is_empty() {
            found.push(Violation {
                verdict: Verdict::Illegal,
                code: "no-objective",
                message: format!(
                    "the {side} player has cards at an Objective but no Objective card"
                ),
                basis: vec![Basis::Rule(AT_THE_OBJECTIVE)],
                remedy: None,
                cards: at.to_vec(),
                labels: at
                    .iter()
                    .flat_map(|id| self.label(*id, "at no Objective"))
                    .collect(),
            });
        }
        let mut pilots = Vec::new();
        let mut weapons = Vec::new();
        for &id in at {
            let Some(card) = self.board.card(id) else {
                continue;
            };
            let Some(instance) = self.board.instance(id) else {
                continue;
            };
            if instance.face_down {
                let labels = instance
                    .provenance
                    .hidden
                    .or(instance.provenance.card())
                    .map(|span| (span, "face down at the Objective".to_string()))
                    .into_iter()
                    .collect();
                found.push(Violation {
                    verdict: Verdict::Illegal,
                    code: "face-down-at-objective",
                    message: format!(
                        "{} is face down at the Objective; cards there are always face up",
                        card.full_name()
                    ),
                    basis: vec![Basis::Rule(AT_THE_OBJECTIVE)],
                    remedy: None,
                    cards: vec![id],
                    labels,
                });
            }
            let is_pilot = card
                .is(CardType::Character)
                .then(|| podracer_pilot(card, self.corpus, &self.board.ruleset).value);
            let is_weapon = card
                .is(CardType::Weapon)
                .then(|| podracer_weapon(card).value);
            match (is_pilot, is_weapon) {
                (Some(TraitValue::Yes), _) | (_, Some(TraitValue::Yes)) => {}
                (Some(TraitValue::Unknown), _) | (_, Some(TraitValue::Unknown)) => {
                    found.push(Violation {
                        verdict: Verdict::Warning,
                        code: "objective-card-unknown",
                        message: format!(
                            "cannot tell whether {} is a Podracer pilot: declare `traits: {{podracer_pilot: true}}` if it is",
                            card.full_name()
                        ),
                        basis: vec![Basis::Rule(AT_THE_OBJECTIVE)],
                        remedy: None,
                        cards: vec![id],
                        labels: self.label(id, "Podracer pilot?"),
                    });
                    continue;
                }
                _ => {
                    found.push(Violation {
                        verdict: Verdict::Illegal,
                        code: "not-a-podracer-card-at-objective",
                        message: format!(
                            "{} is neither a Podracer pilot nor a Podracer Weapon card, but is at the Objective",
                            card.full_name()
                        ),
                        basis: vec![Basis::Rule(AT_THE_OBJECTIVE)],
                        remedy: None,
                        cards: vec![id],
                        labels: self.label(id, "not a Podracer pilot or Podracer weapon"),
                    });
                    continue;
                }
            }
            if is_pilot == Some(TraitValue::Yes) {
                pilots.push(id);
            } else {
                weapons.push(id);
            }
        }
        for (ids, what) in [
            (pilots, "Podracer pilot"),
            (weapons, "Podracer Weapon card"),
        ] {
            if ids.len() > 1 {
                let mut labels = self.label(ids[0], format!("a {what}"));
                for id in &ids[1..] {
                    labels.extend(self.label(*id, format!("a second {what}")));
                }
                found.push(Violation {
                    verdict: Verdict::Illegal,
                    code: "second-podracer-card-at-objective",
                    message: format!(
                        "the {side} player has {} of {what} at the Objective; one is allowed",
                        ids.len()
                    ),
                    basis: vec![Basis::Rule(AT_THE_OBJECTIVE)],
                    remedy: None,
                    cards: ids,
                    labels,
                });
            }
        }
    }

    /// One Effect per planet per player.
    fn effects_per_planet(&self, side: Side, found: &mut Vec<Violation>) {
        for planet in &self.board.planets {
            let effects: Vec<CardId> = self
                .board
                .zone(Zone::InPlay(*planet, side))
                .iter()
                .copied()
                .filter(|id| {
                    self.board
                        .card(*id)
                        .is_some_and(crate::cards::Card::acts_as_effect)
                })
                .collect();
            if effects.len() > 1 {
                let mut labels = self.label(effects[0], "an Effect");
                for id in &effects[1..] {
                    labels.extend(self.label(*id, "another Effect"));
                }
                found.push(Violation {
                    verdict: Verdict::Illegal,
                    code: "more-than-one-effect",
                    message: format!(
                        "the {side} player has {} Effects on {planet}; one Effect per planet is allowed",
                        effects.len()
                    ),
                    basis: vec![self.rule_or_assumption(
                        ONE_EFFECT_PER_PLANET,
                        "one Effect per planet per player: the base rulebook's rule, which the sources in force do not state",
                    )],
                    remedy: None,
                    cards: effects,
                    labels,
                });
            }
        }
    }

    /// A stated deck list, held to every rule of deck construction the sources state or
    /// imply: the 60-card limit, and (where the list is the whole deck) ten cards of each of
    /// the six dot colours; at most ten of a colour; one Objective, in one of the slots it
    /// may take; the side's cards only; under the Players Committee's rules, at most 5 of one
    /// title in one colour, subtitles aside.
    fn deck_list(&self, side: Side, found: &mut Vec<Violation>) {
        let state = self.board.player(side);
        let list = &state.deck_list;
        if list.is_empty() {
            return;
        }
        let mut by_dot: BTreeMap<crate::board::DotColour, (u32, Vec<Span>)> = BTreeMap::new();
        let mut by_title: BTreeMap<(crate::board::DotColour, String), (u32, String, Vec<Span>)> =
            BTreeMap::new();
        let mut total: u32 = 0;
        let all_spans: Vec<Span> = list.iter().filter_map(|line| line.span.0).collect();
        for line in list {
            total = total.saturating_add(line.copies);
            let dot = by_dot.entry(line.dot).or_default();
            dot.0 = dot.0.saturating_add(line.copies);
            dot.1.extend(line.span.0);
            let title = by_title
                .entry((line.dot, crate::cards::matching::normalise(&line.title)))
                .or_insert_with(|| (0, line.title.clone(), Vec::new()));
            title.0 = title.0.saturating_add(line.copies);
            title.2.extend(line.span.0);
        }
        let line_labels = |spans: &[Span], text: &str| -> Vec<(Span, String)> {
            spans.iter().map(|span| (*span, text.to_string())).collect()
        };
        // The 60-card limit.
        if total > DECK_CARDS {
            found.push(Violation {
                verdict: Verdict::Illegal,
                code: "deck-list-over-sixty",
                message: format!(
                    "the {side} deck list holds {total} cards; a game deck has at most {DECK_CARDS}"
                ),
                basis: vec![self.rule_or_assumption(
                    SIXTY_CARDS,
                    "a game deck of at most 60 cards: the base rulebook's limit, which the sources in force do not state",
                )],
                remedy: None,
                cards: Vec::new(),
                labels: all_spans.first().map(|span| (*span, format!("{total} cards in all"))).into_iter().collect(),
            });
        }
        for dot in crate::board::DotColour::ALL {
            let (count, spans) = by_dot.get(&dot).cloned().unwrap_or_default();
            if count > CARDS_PER_DOT {
                found.push(Violation {
                    verdict: Verdict::Illegal,
                    code: "dot-over-ten",
                    message: format!(
                        "the {side} deck list has {count} cards in its {} slots; a deck holds at most {CARDS_PER_DOT} of each deck-construction dot colour",
                        dot.word()
                    ),
                    basis: self.ten_a_colour_basis(),
                    remedy: None,
                    cards: Vec::new(),
                    labels: line_labels(&spans, dot.word()),
                });
            } else if count < CARDS_PER_DOT && !state.deck_list_partial {
                let mut labels = line_labels(&spans, dot.word());
                if labels.is_empty() {
                    labels.extend(
                        all_spans
                            .first()
                            .map(|span| (*span, format!("no {} card", dot.word()))),
                    );
                }
                found.push(Violation {
                    verdict: Verdict::Illegal,
                    code: "dot-under-ten",
                    message: format!(
                        "the {side} deck list has {count} {} in its {} slots, {total} cards in all; a deck holds {CARDS_PER_DOT} of each of the six deck-construction dot colours, {DECK_CARDS} in all (a list of part of the deck says so with `deck_list_partial: true`)",
                        if count == 1 { "card" } else { "cards" },
                        dot.word()
                    ),
                    basis: self.ten_a_colour_basis(),
                    remedy: None,
                    cards: Vec::new(),
                    labels,
                });
            }
        }
        // One Objective, a Wild Card whose white dots are in the yellow, purple and orange
        // positions: the slot it takes is one of those.
        let objectives: Vec<&crate::board::DeckListEntry> = list
            .iter()
            .filter(|line| line.card_type == Some(CardType::Objective))
            .collect();
        let objective_count: u32 = objectives.iter().map(|line| line.copies).sum();
        if objective_count > 1 {
            found.push(Violation {
                verdict: Verdict::Illegal,
                code: "more-than-one-objective",
                message: format!(
                    "the {side} deck list holds {objective_count} Objective cards; only one is allowed"
                ),
                basis: vec![Basis::Rule(ONE_OBJECTIVE)],
                remedy: None,
                cards: Vec::new(),
                labels: objectives
                    .iter()
                    .filter_map(|line| line.span.0)
                    .map(|span| (span, "an Objective".to_string()))
                    .collect(),
            });
        }
        for line in &objectives {
            if !OBJECTIVE_SLOTS.contains(&line.dot) {
                found.push(Violation {
                    verdict: Verdict::Illegal,
                    code: "objective-slot",
                    message: format!(
                        "{} fills a {} slot in the {side} deck list; an Objective is a Wild Card with its white dots in the yellow, purple and orange positions, and leaves out a Battle card, a Weapon card or a Location/Starship card",
                        line.name,
                        line.dot.word()
                    ),
                    basis: vec![Basis::Rule(ONE_OBJECTIVE)],
                    remedy: None,
                    cards: Vec::new(),
                    labels: line
                        .span
                        .0
                        .map(|span| (span, "yellow, purple or orange".to_string()))
                        .into_iter()
                        .collect(),
                });
            }
        }
        // A deck is one side's.
        for line in list {
            if let Some(card_side) = line.side
                && card_side != side
            {
                found.push(Violation {
                    verdict: Verdict::Illegal,
                    code: "deck-list-other-side",
                    message: format!(
                        "{} is a {card_side} card, in the {side} deck list",
                        line.name
                    ),
                    basis: vec![Basis::Assumption(
                        "a deck is one side's: a Light Side deck holds Light Side cards, a Dark Side deck Dark Side cards. The rule sources speak of each side's cards and deck, and do not state it".to_string(),
                    )],
                    remedy: None,
                    cards: Vec::new(),
                    labels: line
                        .span
                        .0
                        .map(|span| (span, format!("a {card_side} card")))
                        .into_iter()
                        .collect(),
                });
            }
        }
        if !self.in_force(TITLE_LIMIT) {
            return;
        }
        for ((dot, _), (count, title, spans)) in by_title {
            if count > TITLE_PER_DOT {
                found.push(Violation {
                    verdict: Verdict::Illegal,
                    code: "title-over-five-in-a-dot",
                    message: format!(
                        "the {side} deck list has {count} cards titled {title} in its {} slots; under the Players Committee's rules a deck holds at most {TITLE_PER_DOT} of one card title in one dot colour, whatever their subtitles",
                        dot.word()
                    ),
                    basis: vec![Basis::Rule(TITLE_LIMIT), Basis::Rule(TITLE_NOT_SUBTITLE)],
                    remedy: None,
                    cards: Vec::new(),
                    labels: spans
                        .into_iter()
                        .map(|span| (span, title.clone()))
                        .collect(),
                });
            }
        }
    }

    /// What ten cards a colour rests on: the base rulebook's construction, which the
    /// Objective's rule implies where it is in force ("counts against the 60-card limit",
    /// leaving out a Battle, Weapon or Location/Starship card).
    fn ten_a_colour_basis(&self) -> Vec<Basis> {
        let mut basis = Vec::new();
        if self.in_force(SIXTY_CARDS) {
            basis.push(Basis::Rule(SIXTY_CARDS));
        }
        basis.push(Basis::Assumption(
            "ten cards of each deck-construction dot colour (six colours, 60 cards): the base rulebook's deck rule, which the rule sources imply (an Objective counts against the 60-card limit and leaves out a Battle, Weapon or Location/Starship card) but do not state".to_string(),
        ));
        basis
    }

    /// No more than 60 cards in a game deck.
    fn deck_size(&self, side: Side, found: &mut Vec<Violation>) {
        let owned = self.board.owned_by(side).len();
        if owned > 60 {
            let state = self.board.player(side);
            let span = state.deck_span.0.or(state.section_span.0);
            found.push(Violation {
                verdict: Verdict::Illegal,
                code: "deck-over-sixty",
                message: format!("the {side} player has {owned} cards; a game deck has at most 60"),
                basis: vec![self.rule_or_assumption(
                    SIXTY_CARDS,
                    "a game deck of at most 60 cards: the base rulebook's limit, which the sources in force do not state",
                )],
                remedy: None,
                cards: Vec::new(),
                labels: span.map(|span| (span, format!("{owned} cards in all"))).into_iter().collect(),
            });
        }
    }
}
