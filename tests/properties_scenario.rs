//! Property tests of the scenario format: positions round-trip, and no input panics the program.

use jedi_judge::board::Board;
use jedi_judge::cards::{CardType, Catalog, Game, Side};
use jedi_judge::check::check_text;
use jedi_judge::procedures::battle::section::{BattleFile, PlanEntryFile};
use jedi_judge::procedures::deploy::section::DeployFile;
use jedi_judge::procedures::new_location::events::Occasion;
use jedi_judge::procedures::new_location::section::NewLocationFile;
use jedi_judge::procedures::podrace::section::PodraceFile;
use jedi_judge::ranged::{Ranged, Stat};
use jedi_judge::rules::Corpus;
use jedi_judge::scenario::{
    self, CardEntry, DeckFile, Declaration, Entry, LapEntry, Located, ObjectiveFile, OrderedMap,
    PlanetFile, PlayerFile, PodraceTextFile, ScenarioFile, StatInput,
};
use jedi_judge::scenario::{Part, Parts, Section};
use proptest::prelude::*;

mod common;

/// Names of catalog cards a generated position may use: Young Jedi cards of known type.
fn catalog_names() -> Vec<String> {
    Catalog::embedded()
        .cards()
        .iter()
        .filter(|card| card.game == Game::YoungJedi && card.card_type().is_some())
        .map(|card| card.unambiguous_name())
        .collect()
}

fn entry_strategy(names: Vec<String>) -> impl Strategy<Value = Located<Entry>> {
    let named = (
        proptest::sample::select(names),
        any::<bool>(),
        any::<bool>(),
        any::<bool>(),
        0i64..4,
        0i64..6,
    )
        .prop_map(|(name, hidden, deployed, fought, hits, thrust)| {
            Located::new(Entry::Card(CardEntry {
                card: Located::new(name),
                hidden: hidden.then(|| Located::new(true)),
                deployed_this_turn: deployed,
                fought_this_turn: fought,
                hits: (hits > 0).then(|| Located::new(Ranged::saturating(hits))),
                thrust: (thrust > 0).then(|| Located::new(Ranged::saturating(thrust))),
            }))
        });
    prop_oneof![
        (1i32..=6).prop_map(|destiny| Located::new(Entry::Destiny(destiny))),
        named,
    ]
}

fn entries(names: Vec<String>, most: usize) -> impl Strategy<Value = Vec<Located<Entry>>> {
    proptest::collection::vec(entry_strategy(names), 0..most)
}

/// Lap cards, some played as handling cards standing for a number.
fn laps(names: Vec<String>) -> impl Strategy<Value = Vec<Located<LapEntry>>> {
    proptest::collection::vec(
        (entry_strategy(names), proptest::option::of(1i64..=6)),
        0..4,
    )
    .prop_map(|laps| {
        laps.into_iter()
            .map(|(card, handling)| {
                // A named card with state reads as a map with `card:`; a lap card has none.
                let card = match card.value {
                    Entry::Card(entry) => Located::new(Entry::Card(CardEntry {
                        card: entry.card,
                        ..CardEntry::default()
                    })),
                    destiny => Located::new(destiny),
                };
                Located::new(LapEntry {
                    card,
                    handling: handling.map(|number| Located::new(Ranged::saturating(number))),
                })
            })
            .collect()
    })
}

fn player_strategy(
    names: Vec<String>,
    side: Side,
) -> impl Strategy<Value = Option<Located<PlayerFile>>> {
    (
        entries(names.clone(), 8),
        entries(names.clone(), 4),
        entries(names.clone(), 3),
        entries(names.clone(), 3),
        0i64..7,
        laps(names),
        proptest::option::of(0i64..4),
    )
        .prop_map(
            move |(deck, hand, discard, hyperspace, counters, podracing, laps)| {
                let objective = laps.map(|laps| {
                    Located::new(ObjectiveFile {
                        card: Located::new(Entry::Card(CardEntry {
                            card: Located::new(format!(
                                "Boonta Eve Classic (Boonta Eve Podrace, {})",
                                side.label()
                            )),
                            ..CardEntry::default()
                        })),
                        laps: (laps > 0).then(|| Located::new(Ranged::saturating(laps))),
                        cards: Vec::new(),
                    })
                });
                let file = PlayerFile {
                    deck: (!deck.is_empty()).then(|| Located::new(DeckFile::Cards(deck))),
                    hand,
                    discard,
                    hyperspace,
                    counters_spent: (counters > 0)
                        .then(|| Located::new(Ranged::saturating(counters))),
                    podracing,
                    objective,
                    ..PlayerFile::default()
                };
                (file != PlayerFile::default()).then(|| Located::new(file))
            },
        )
}

fn declaration_strategy() -> impl Strategy<Value = (Located<String>, Declaration)> {
    (
        "[A-Z][a-z]{3,8} [A-Z][a-z]{3,8}",
        prop_oneof![
            Just(CardType::Character),
            Just(CardType::Weapon),
            Just(CardType::Effect)
        ],
        prop_oneof![Just(Side::Light), Just(Side::Dark)],
        0i32..9,
        0i32..8,
        proptest::option::of((
            proptest::option::of(0i64..=4),
            proptest::option::of(0i64..=9),
        )),
    )
        .prop_map(|(name, card_type, side, power, damage, podrace)| {
            (
                Located::new(format!("Zz{name}, Generated Card")),
                Declaration {
                    card_type: Some(Located::new(card_type)),
                    side: Some(Located::new(side)),
                    power: Some(Located::new(Stat(StatInput::Number(power)))),
                    damage: Some(Located::new(Stat(StatInput::Number(damage)))),
                    podrace: podrace.map(|(thrust, handling)| {
                        Located::new(PodraceTextFile {
                            thrust_on_deploy: thrust
                                .map(|extra| Located::new(Ranged::saturating(extra))),
                            handling: handling
                                .map(|number| Located::new(Ranged::saturating(number))),
                        })
                    }),
                    ..Declaration::default()
                },
            )
        })
}

/// A battle plan's entries as positions in the pools they draw from: the fighter, a second
/// fighter and a weapon from the side's cards on Naboo, Battle cards from its hand.
type PlanChoice = Vec<(usize, Option<usize>, Option<usize>, Vec<usize>)>;

/// A `battle:` section as positions in the pools: whether Naboo is named, the cards evacuated,
/// and each side's plan if it is made.
type BattleChoice = (
    bool,
    Option<Vec<usize>>,
    Option<PlanChoice>,
    Option<PlanChoice>,
);

fn plan_choice() -> impl Strategy<Value = PlanChoice> {
    proptest::collection::vec(
        (
            0usize..8,
            proptest::option::of(0usize..8),
            proptest::option::of(0usize..8),
            proptest::collection::vec(0usize..4, 0..3),
        ),
        0..3,
    )
}

fn battle_choice() -> impl Strategy<Value = Option<BattleChoice>> {
    proptest::option::of((
        any::<bool>(),
        proptest::option::of(proptest::collection::vec(0usize..8, 0..3)),
        proptest::option::of(plan_choice()),
        proptest::option::of(plan_choice()),
    ))
}

/// The names of the cards among `entries`, with none taken yet.
struct Pool {
    names: Vec<String>,
    taken: Vec<bool>,
}

impl Pool {
    fn of(entries: &[Located<Entry>]) -> Self {
        let names: Vec<String> = entries
            .iter()
            .filter_map(|entry| match &entry.value {
                Entry::Card(card) => Some(card.card.value.clone()),
                Entry::Destiny(_) => None,
            })
            .collect();
        let taken = vec![false; names.len()];
        Self { names, taken }
    }

    /// The name at `position` (wrapped round the pool), unless the pool is empty or that card
    /// is already taken: a plan names each card once.
    fn take(&mut self, position: usize) -> Option<Located<String>> {
        let index = position.checked_rem(self.names.len())?;
        let taken = self.taken.get_mut(index)?;
        if *taken {
            return None;
        }
        *taken = true;
        self.names.get(index).cloned().map(Located::new)
    }
}

/// One side's battle plan, drawn from its cards on Naboo and its hand.
fn plan_from(
    choice: PlanChoice,
    on_naboo: &mut Pool,
    hand: &mut Pool,
) -> Located<Vec<Located<PlanEntryFile>>> {
    let entries = choice
        .into_iter()
        .filter_map(|(fighter, together, weapon, cards)| {
            Some(Located::new(PlanEntryFile {
                fighter: on_naboo.take(fighter)?,
                together_with: together.and_then(|position| on_naboo.take(position)),
                also_with: None,
                weapon: weapon.and_then(|position| on_naboo.take(position)),
                second_weapon: None,
                battle_cards: cards
                    .into_iter()
                    .filter_map(|position| hand.take(position))
                    .collect(),
            }))
        })
        .collect();
    Located::new(entries)
}

fn scenario_strategy() -> impl Strategy<Value = ScenarioFile> {
    let names = catalog_names();
    (
        proptest::collection::vec(declaration_strategy(), 0..3),
        player_strategy(names.clone(), Side::Light),
        player_strategy(names.clone(), Side::Dark),
        entries(names.clone(), 5),
        entries(names, 5),
        any::<u64>(),
        prop_oneof![Just(None), Just(Some("Naboo")), Just(Some("Tatooine"))],
        (
            battle_choice(),
            proptest::option::of((0usize..4, any::<bool>(), any::<bool>())),
            proptest::option::of((
                proptest::option::of(prop_oneof![Just("Naboo"), Just("Tatooine")]),
                proptest::option::of(prop_oneof![Just(Side::Light), Just(Side::Dark)]),
                prop_oneof![
                    Just(Occasion::NewPlanet),
                    Just(Occasion::StartOfGame),
                    Just(Occasion::TookControl)
                ],
            )),
            proptest::option::of((
                proptest::collection::vec(0usize..4, 0..3),
                any::<bool>(),
                any::<bool>(),
            )),
        ),
    )
        .prop_map(
            |(
                declarations,
                light,
                dark,
                naboo_light,
                naboo_dark,
                seed,
                current,
                (battle, deploy, new_location, podrace),
            )| {
                let mut declared = declarations;
                declared.dedup_by(|a, b| a.0.value == b.0.value);
                // Declared cards are used on Naboo, so that they take part in the position.
                let mut naboo_light = naboo_light;
                for (name, _) in &declared {
                    naboo_light.push(Located::new(Entry::Card(CardEntry {
                        card: name.clone(),
                        ..CardEntry::default()
                    })));
                }
                let battle = battle.map(|(name_naboo, evacuating, light_plan, dark_plan)| {
                    let hand_of = |player: &Option<Located<PlayerFile>>| {
                        Pool::of(player.as_ref().map_or(&[][..], |file| &file.value.hand))
                    };
                    let mut light_naboo = Pool::of(&naboo_light);
                    let mut dark_naboo = Pool::of(&naboo_dark);
                    let (mut light_hand, mut dark_hand) = (hand_of(&light), hand_of(&dark));
                    // A battle away from the current planet must name its planet.
                    let named = name_naboo || current != Some("Naboo");
                    Located::new(BattleFile {
                        planet: named.then(|| Located::new("Naboo".to_string())),
                        evacuating: evacuating.map(|positions| {
                            Located::new(
                                positions
                                    .into_iter()
                                    .filter_map(|position| light_naboo.take(position))
                                    .collect(),
                            )
                        }),
                        light: light_plan
                            .map(|plan| plan_from(plan, &mut light_naboo, &mut light_hand)),
                        dark: dark_plan
                            .map(|plan| plan_from(plan, &mut dark_naboo, &mut dark_hand)),
                    })
                });
                // A card of the Light Side hand deployed (the builder takes the Light Side
                // player's turn when none is given), to Naboo or the current planet.
                let deploy = deploy.and_then(|(position, to_naboo, hidden)| {
                    let mut hand =
                        Pool::of(light.as_ref().map_or(&[][..], |file| &file.value.hand));
                    Some(Located::new(DeployFile {
                        card: hand.take(position)?,
                        to: to_naboo.then(|| Located::new("Naboo".to_string())),
                        hidden,
                    }))
                });
                // Cards of the Light Side hand deployed to the Objective.
                let podrace = podrace.map(|(positions, thrusted, refueled)| {
                    let mut hand =
                        Pool::of(light.as_ref().map_or(&[][..], |file| &file.value.hand));
                    Located::new(PodraceFile {
                        deploy: positions
                            .into_iter()
                            .filter_map(|position| hand.take(position))
                            .collect(),
                        thrusted,
                        refueled,
                    })
                });
                let new_location = new_location.map(|(planet, by, occasion)| {
                    Located::new(NewLocationFile {
                        planet: planet.map(|planet| Located::new(planet.to_string())),
                        by: by.map(Located::new),
                        occasion,
                    })
                });
                let mut sections = Parts::default();
                for section in [
                    battle.map(|section| Box::new(Section(section)) as Box<dyn Part>),
                    deploy.map(|section| Box::new(Section(section)) as Box<dyn Part>),
                    new_location.map(|section| Box::new(Section(section)) as Box<dyn Part>),
                    podrace.map(|section| Box::new(Section(section)) as Box<dyn Part>),
                ]
                .into_iter()
                .flatten()
                {
                    sections.put(section);
                }
                ScenarioFile {
                    seed: Some(seed),
                    current_planet: current.map(|planet| Located::new(planet.to_string())),
                    cards: OrderedMap(declared),
                    light,
                    dark,
                    planets: OrderedMap(vec![(
                        Located::new("Naboo".to_string()),
                        PlanetFile {
                            light: naboo_light,
                            dark: naboo_dark,
                        },
                    )]),
                    sections,
                    ..ScenarioFile::default()
                }
            },
        )
}

fn board_of(yaml: &str) -> Board {
    let file = jedi_judge::procedures::parse(yaml)
        .unwrap_or_else(|problems| panic!("{problems:?}\n{yaml}"));
    let built = scenario::build(&file, Catalog::embedded(), None);
    let errors: Vec<_> = built
        .problems
        .iter()
        .filter(|problem| problem.severity == scenario::Severity::Error)
        .collect();
    assert!(errors.is_empty(), "{errors:?}\n{yaml}");
    built.board
}

proptest! {
    #![proptest_config(common::property_config(256))]

    /// YAML → board → YAML → board gives the same board, and every card is in one zone.
    #[test]
    fn a_generated_position_round_trips_through_yaml(file in scenario_strategy()) {
        let first_yaml = scenario::to_yaml(&file);
        let first = board_of(&first_yaml);
        prop_assert!(first.conservation_holds());
        let second_yaml = scenario::to_yaml(&scenario::to_file(&first, jedi_judge::procedures::format()));
        let second = board_of(&second_yaml);
        prop_assert_eq!(&first, &second, "{}\n---\n{}", first_yaml, second_yaml);
        // Written twice, the YAML is the same text.
        prop_assert_eq!(second_yaml.clone(), scenario::to_yaml(&scenario::to_file(&second, jedi_judge::procedures::format())));
    }
}

proptest! {
    #![proptest_config(common::property_config(2000))]

    /// Random bytes, read as a scenario, never panic the checker.
    #[test]
    fn random_bytes_never_panic(bytes in proptest::collection::vec(any::<u8>(), 0..512)) {
        let text = String::from_utf8_lossy(&bytes);
        let _ = check_text("random.yaml", &text, Corpus::embedded(), Catalog::embedded(), None);
    }
}

proptest! {
    #![proptest_config(common::property_config(2000))]

    /// Random YAML in the shape of a scenario never panics the checker.
    #[test]
    fn random_yaml_never_panics(value in common::yaml_value()) {
        let text = serde_saphyr::to_string(&value).unwrap_or_default();
        let report = check_text("random.yaml", &text, Corpus::embedded(), Catalog::embedded(), None);
        if let Some(board) = &report.board {
            prop_assert!(board.conservation_holds());
        }
    }
}
