//! Writes a board back as scenario YAML that reads back to the same board.

use crate::board::{Board, CardId, Zone};
use crate::cards::{Card, Side, Source, StatValue, TraitKind};
use crate::ranged::StatInput;

use super::file::{
    CardEntry, DeckFile, Declaration, Entry, ObjectiveFile, PlanetFile, PlayerFile, ScenarioFile,
    TraitsFile,
};
use super::located::{Located, OrderedMap};
use crate::ranged::{Bonus, Ranged, Stat};

/// A stat the scenario declared. The board's numbers came through the same ranges (from a
/// file or the shell), so none is moved.
fn stat<const MIN: i64, const MAX: i64>(
    value: &Option<crate::cards::Fact<StatValue>>,
) -> Option<Located<Stat<MIN, MAX>>> {
    let fact = value.as_ref()?;
    if fact.source != Source::Scenario {
        return None;
    }
    Some(Located::new(Stat(match &fact.value {
        StatValue::Number(number) => {
            StatInput::Number(Ranged::<MIN, MAX>::saturating(i64::from(*number)).i32())
        }
        StatValue::None => StatInput::Symbol("none".to_string()),
        StatValue::Symbol(symbol) => StatInput::Symbol(symbol.clone()),
    })))
}

/// What the scenario must say of a card for it to read back the same: the facts whose
/// source is the scenario. `None` when the catalog alone gives the card.
fn declaration(card: &Card) -> Option<Declaration> {
    if card.anonymous {
        return None;
    }
    let scenario = |source: &Source| *source == Source::Scenario;
    let mut traits = TraitsFile::default();
    for fact in card
        .stated_traits
        .iter()
        .filter(|fact| scenario(&fact.source))
    {
        let (kind, value) = fact.value;
        let slot = match kind {
            TraitKind::Jedi => &mut traits.jedi,
            TraitKind::DuelingCharacter => &mut traits.dueling_character,
            TraitKind::PodracerPilot => &mut traits.podracer_pilot,
            TraitKind::Lightsaber => &mut traits.lightsaber,
            TraitKind::PodracerWeapon => &mut traits.podracer_weapon,
            TraitKind::Unique => &mut traits.unique,
            TraitKind::Stackable => &mut traits.stackable,
            TraitKind::Starfighter => &mut traits.starfighter,
            TraitKind::Transport => &mut traits.transport,
            _ => continue,
        };
        *slot = Some(value);
    }
    let printing = card.printing.as_ref().filter(|fact| scenario(&fact.source));
    // Text in the effect vocabulary that the catalog records is not declared again.
    let text_declared = card.text_source.as_ref().is_none_or(scenario);
    let declaration = Declaration {
        card_type: card
            .card_type
            .as_ref()
            .filter(|fact| scenario(&fact.source))
            .map(|fact| Located::new(fact.value)),
        side: card
            .side
            .as_ref()
            .filter(|fact| scenario(&fact.source))
            .map(|fact| Located::new(fact.value)),
        power: stat(&card.stats.power),
        damage: stat(&card.stats.damage),
        destiny: stat(&card.stats.destiny),
        deploy: stat(&card.stats.deploy),
        set: printing.map(|fact| fact.value.set.to_string()),
        number: printing.map(|fact| fact.value.number.to_string()),
        traits,
        usable_by: card
            .first_box_declaration
            .as_ref()
            .and_then(|declared| declared.users.clone())
            .map(Located::new),
        battle_users: card
            .text
            .battle_users
            .clone()
            .filter(|_| text_declared)
            .map(Located::new),
        played_as: card.played_as.clone().map(Located::new),
        icons: card
            .icons
            .as_ref()
            .filter(|fact| scenario(&fact.source))
            .map(|fact| Located::new(fact.value.clone())),
        power_bonus: card
            .first_box_declaration
            .as_ref()
            .and_then(|declared| declared.bonus)
            .map(|bonus| Located::new(Bonus::saturating(i64::from(bonus)))),
        location_bonus: OrderedMap(
            card.text
                .location_bonus
                .iter()
                .map(|(planet, bonus)| {
                    (
                        Located::new(planet.clone()),
                        Bonus::saturating(i64::from(*bonus)),
                    )
                })
                .collect(),
        ),
        text_bonus: card
            .text
            .text_bonus
            .map(|bonus| Bonus::saturating(i64::from(bonus))),
        bonuses: card
            .text
            .conditional_bonuses
            .iter()
            .filter(|_| text_declared)
            .map(|bonus| super::file::ConditionalBonusFile {
                amount: Bonus::saturating(i64::from(bonus.amount)),
                when: Located::new(bonus.when.clone()),
            })
            .collect(),
        dueling: card
            .text
            .dueling
            .filter(|_| text_declared)
            .map(Located::new),
        damage_modifier: card
            .text
            .damage_modifier
            .as_ref()
            .filter(|_| text_declared)
            .map(|modifier| super::file::DamageModifierFile {
                amount: Bonus::saturating(i64::from(modifier.amount)),
                applies_to: modifier.applies_to,
                of: modifier.of,
                at_current_planet: modifier.at_current_planet,
            }),
        battle_bonus: card
            .battle_bonus
            .as_ref()
            .filter(|fact| scenario(&fact.source))
            .and_then(|fact| match fact.value {
                crate::cards::StatValue::Number(number) => {
                    Some(Located::new(Bonus::saturating(i64::from(number))))
                }
                _ => None,
            }),
        battle_text: card.text.battle.filter(|_| text_declared).map(Located::new),
        podrace: card
            .text
            .podrace
            .as_ref()
            .filter(|_| text_declared)
            .map(|podrace| {
                Located::new(super::file::PodraceTextFile {
                    thrust_on_deploy: podrace
                        .thrust_on_deploy
                        .map(|extra| Located::new(Ranged::saturating(i64::from(extra)))),
                    handling: podrace
                        .handling
                        .map(|number| Located::new(Ranged::saturating(i64::from(number)))),
                })
            }),
        duelist: card.text.duelist.filter(|_| text_declared).map(|duelist| {
            Located::new(super::file::DuelistTextFile {
                first_pass_draws: duelist
                    .first_pass_draws
                    .map(|draws| Located::new(Ranged::saturating(i64::from(draws)))),
                may_not_pass: duelist.may_not_pass,
                negates_dueling_text: duelist.negates_dueling_text,
            })
        }),
        deploy_fetch: card
            .text
            .deploy_fetch
            .as_ref()
            .filter(|_| text_declared)
            .map(|fetch| {
                Located::new(super::file::DeployFetchFile {
                    card: Located::new(fetch.card.clone()),
                    to: fetch.to.clone().map(Located::new),
                    counters: fetch.counters.map(|counters| {
                        Located::new(crate::ranged::PrintedCounters::saturating(i64::from(
                            counters,
                        )))
                    }),
                    into_hand: fetch.into_hand,
                })
            }),
        destiny_draws: card
            .text
            .destiny_draws
            .map(|draws| Located::new(crate::ranged::DestinyDraws::saturating(i64::from(draws)))),
        // Text switched off by the scenario: the source says so, and nothing is left of it.
        text: (card.text.is_empty() && card.text_source.as_ref().is_some_and(scenario))
            .then(|| Located::new(super::file::NoText::None)),
    };
    (declaration != Declaration::default()).then_some(declaration)
}

fn entry(board: &Board, id: CardId) -> Located<Entry> {
    let Some(instance) = board.instance(id) else {
        return Located::new(Entry::Destiny(0));
    };
    let card = board.card(id);
    if let Some(card) = card
        && card.anonymous
    {
        return Located::new(Entry::Destiny(card.destiny().unwrap_or(0)));
    }
    Located::new(Entry::Card(CardEntry {
        card: Located::new(card.map(Card::unambiguous_name).unwrap_or_default()),
        hidden: instance.face_down.then(|| Located::new(true)),
        deployed_this_turn: instance.deployed_this_turn,
        fought_this_turn: instance.fought_this_turn,
        hits: (instance.hits > 0)
            .then(|| Located::new(Ranged::saturating(i64::from(instance.hits)))),
        thrust: (instance.thrust > 0)
            .then(|| Located::new(Ranged::saturating(i64::from(instance.thrust)))),
    }))
}

pub fn entries(board: &Board, zone: Zone) -> Vec<Located<Entry>> {
    board
        .zone(zone)
        .iter()
        .map(|id| entry(board, *id))
        .collect()
}

fn player(board: &Board, side: Side) -> Option<Located<PlayerFile>> {
    let state = board.player(side);
    let deck = entries(board, Zone::DrawDeck(side));
    let objective = board.zone(Zone::Objective(side)).first().map(|id| {
        Located::new(ObjectiveFile {
            card: entry(board, *id),
            laps: (state.laps > 0).then(|| Located::new(Ranged::saturating(i64::from(state.laps)))),
            cards: entries(board, Zone::AtObjective(side)),
        })
    });
    let file = PlayerFile {
        deck: (!deck.is_empty()).then(|| Located::new(DeckFile::Cards(deck))),
        hand: entries(board, Zone::Hand(side)),
        discard: entries(board, Zone::DiscardPile(side)),
        hyperspace: entries(board, Zone::Hyperspace(side)),
        objective,
        podracing: board
            .zone(Zone::PodracingPile(side))
            .iter()
            .map(|id| {
                Located::new(super::file::LapEntry {
                    card: entry(board, *id),
                    handling: board
                        .instance(*id)
                        .and_then(|instance| instance.handling_for)
                        .map(|number| Located::new(Ranged::saturating(i64::from(number)))),
                })
            })
            .collect(),
        battle_plan: entries(board, Zone::BattlePlan(side)),
        counters_spent: (state.counters_spent > 0)
            .then(|| Located::new(Ranged::saturating(i64::from(state.counters_spent)))),
        dueled_this_turn: state.dueled_this_turn,
        passed_in_duel: state.passed_in_duel,
        deck_list: state
            .deck_list
            .iter()
            .map(|line| {
                Located::new(super::file::DeckListFile {
                    card: Located::new(line.name.clone()),
                    dot: Located::new(line.dot),
                    copies: (line.copies != 1)
                        .then(|| Located::new(Ranged::saturating(i64::from(line.copies)))),
                })
            })
            .collect(),
        deck_list_partial: state.deck_list_partial,
        controlled: state
            .controlled
            .iter()
            .map(|planet| Located::new(planet.name().to_string()))
            .collect(),
        surrendered: state
            .surrendered
            .iter()
            .map(|planet| Located::new(planet.name().to_string()))
            .collect(),
    };
    (file != PlayerFile::default()).then(|| Located::new(file))
}

/// The scenario file of a board (the position only).
pub fn to_file(board: &Board, format: &super::sections::Format) -> ScenarioFile {
    let mut cards = OrderedMap::default();
    for card in board.definitions.iter() {
        if let Some(declaration) = declaration(card) {
            cards
                .0
                .push((Located::new(card.unambiguous_name()), declaration));
        }
    }
    let planets = OrderedMap(
        board
            .planets
            .iter()
            .map(|planet| {
                (
                    Located::new(planet.name().to_string()),
                    PlanetFile {
                        light: entries(board, Zone::InPlay(*planet, Side::Light)),
                        dark: entries(board, Zone::InPlay(*planet, Side::Dark)),
                    },
                )
            })
            .collect(),
    );
    ScenarioFile {
        rules: (!board.ruleset.is_latest()).then(|| Located::new(board.ruleset.name.clone())),
        seed: (board.seed != 0).then_some(board.seed),
        turn: board.turn.map(Located::new),
        step: board.step.map(Located::new),
        current_planet: board
            .current_planet
            .map(|planet| Located::new(planet.name().to_string())),
        cards,
        light: player(board, Side::Light),
        dark: player(board, Side::Dark),
        planets,
        sections: {
            let mut sections = super::sections::Parts::default();
            for format in &format.sections {
                if let Some(section) = format.write(board) {
                    sections.put(section);
                }
            }
            sections
        },
        ..ScenarioFile::default()
    }
}
