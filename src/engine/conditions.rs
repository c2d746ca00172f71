//! Whether the condition of a game-text power bonus holds for a card in a fight: a duel, a
//! fight of a battle, or a breakthrough.

use crate::board::{Board, CardId};
use crate::cards::card_text::{BattleUser, battle_users_words};
use crate::cards::users::is_battle_user;
use crate::cards::{Condition, ConditionTrait, Side};
use crate::engine::Words;
use crate::rules::{Citation, cite};

const DUELING_CHARACTER: Citation = cite("duel.dueling-character");
/// The FAQ's rule that a card is a Jedi (or a lightsaber, read the same way) only if its
/// title or subtitle says so: the conditions of power bonuses that ask for a trait rest on it.
const TITLE_RULE: Citation = cite("general.title-traits");
const FORCE_PUSH: Citation = cite("battle.force-push");

/// Where a card is when its bonus is judged.
#[derive(Clone, Copy, Debug)]
pub struct Situation<'a> {
    /// The card's player.
    pub side: Side,
    /// Whether the fight is a duel (a battle's fight is not).
    pub in_duel: bool,
    /// The cards it fights: its dueling opponent, the cards of the opposing entry of a
    /// battle plan, none in a breakthrough.
    pub opponents: &'a [CardId],
    /// The weapon it fights with.
    pub weapon: Option<CardId>,
    /// A second weapon, where its Battle card lets it fight with two.
    pub second_weapon: Option<CardId>,
    /// Whether an opposing Force push keeps that weapon from being used in this fight.
    pub weapon_cancelled: bool,
    /// Whether the card's player keeps his hand hidden where a text asks him to show it.
    pub hand_hidden: bool,
    /// The Battle card working for him in this fight, or whose text sent him to fight it.
    pub battle_card: Option<CardId>,
    /// Whether that card's text sent him to this fight, in place of the next entry of his plan.
    pub sent_here: bool,
    /// The planet of the fight.
    pub planet: Option<crate::board::Planet>,
    /// The cards his player is evacuating in this battle (none in any other fight).
    pub evacuating: &'a [CardId],
}

/// A condition judged: the condition in words, why it holds or not, whether it does, and the
/// rule that says what a trait it asks about is.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Judged {
    pub phrase: String,
    pub reason: String,
    pub holds: bool,
    pub rule: Option<Citation>,
}

impl Judged {
    /// The part of a total the bonus gives: its amount if the condition holds, else 0, with
    /// a label saying which if anyone reads it.
    pub fn part(&self, whose: &str, amount: i32, words: Words) -> (String, i32) {
        (
            words.text(|| {
                format!(
                    "game-text power bonus{whose} {}: {}{}",
                    self.phrase,
                    self.reason,
                    if self.holds {
                        ""
                    } else {
                        ", so it does not apply"
                    }
                )
            }),
            if self.holds { amount } else { 0 },
        )
    }
}

/// Whether `when` holds for the card in `situation`; its phrase and reason are built only
/// if anyone reads them (`words`), and are empty otherwise.
pub fn judge(board: &Board, situation: &Situation<'_>, when: &Condition, words: Words) -> Judged {
    let Reasoned {
        reason,
        holds,
        rule,
    } = reasoned(board, situation, when, words);
    Judged {
        phrase: words.text(|| when.phrase()),
        reason,
        holds,
        rule,
    }
}

/// A condition judged, but for its phrase: the same for every situation.
struct Reasoned {
    reason: String,
    holds: bool,
    rule: Option<Citation>,
}

/// [`judge`] but for the condition's phrase.
fn reasoned(board: &Board, situation: &Situation<'_>, when: &Condition, words: Words) -> Reasoned {
    let described =
        |id: Option<CardId>| id.map_or_else(|| "no card".to_string(), |id| board.describe(id));
    let named = |id: CardId, name: &str| board.is_named(id, name);
    let opponents = || {
        if situation.opponents.is_empty() {
            "he fights no card".to_string()
        } else {
            let names: Vec<String> = situation
                .opponents
                .iter()
                .map(|id| board.describe(*id))
                .collect();
            format!("he fights {}", crate::text::and_list(&names))
        }
    };
    let not_a_duel = || Reasoned {
        reason: words.text(|| "a battle's fight is not a duel".to_string()),
        holds: false,
        rule: None,
    };
    let weapon = if situation.weapon_cancelled {
        None
    } else {
        situation.weapon
    };
    // The weapons it fights with: one, or two where a Battle card lets it.
    let weapons: Vec<CardId> = weapon
        .into_iter()
        .chain(
            situation
                .second_weapon
                .filter(|_| !situation.weapon_cancelled),
        )
        .collect();
    let no_weapon = || {
        if situation.weapon_cancelled {
            format!(
                "{} may not be used in this fight (a Force push)",
                described(situation.weapon)
            )
        } else {
            "he uses no weapon".to_string()
        }
    };
    let weapon_rule = |rule: Option<Citation>| {
        if situation.weapon_cancelled {
            Some(FORCE_PUSH)
        } else {
            rule
        }
    };
    match when {
        Condition::DuelingA(wanted) if situation.in_duel => {
            let (label, rule) = trait_words(*wanted);
            let opponent = situation.opponents.first().copied();
            let holds = opponent.is_some_and(|id| has_trait(board, id, *wanted));
            Reasoned {
                reason: words.text(|| format!("{} is{} {label}", described(opponent), not(holds))),
                holds,
                rule,
            }
        }
        Condition::DuelingA(_) => not_a_duel(),
        Condition::DuelingNamed(name) if situation.in_duel => {
            let opponent = situation.opponents.first().copied();
            Reasoned {
                reason: words.text(|| format!("his opponent is {}", described(opponent))),
                holds: opponent.is_some_and(|id| named(id, name)),
                rule: None,
            }
        }
        Condition::DuelingNamed(_) => not_a_duel(),
        Condition::FightingA(wanted) => {
            let (label, rule) = trait_words(*wanted);
            let holding = situation
                .opponents
                .iter()
                .filter(|id| has_trait(board, **id, *wanted));
            let holds = holding.clone().next().is_some();
            let reason = words.text(|| {
                let holding: Vec<String> = holding.map(|id| board.describe(*id)).collect();
                match holding.as_slice() {
                    [] if situation.opponents.is_empty() => opponents(),
                    [] => format!("{}, not {label}", opponents()),
                    _ => format!("{} is {label}", crate::text::and_list(&holding)),
                }
            });
            Reasoned {
                reason,
                holds,
                rule,
            }
        }
        Condition::FightingNamed(name) => Reasoned {
            reason: words.text(opponents),
            holds: situation.opponents.iter().any(|id| named(*id, name)),
            rule: None,
        },
        Condition::UsingA(wanted) => {
            let (label, rule) = trait_words(*wanted);
            // The weapon that has the trait, if one does; else the first.
            let shown = weapons
                .iter()
                .copied()
                .find(|id| has_trait(board, *id, *wanted))
                .or(weapon);
            let holds = shown.is_some_and(|id| has_trait(board, id, *wanted));
            Reasoned {
                reason: words.text(|| match shown {
                    Some(_) => format!("{} is{} {label}", described(shown), not(holds)),
                    None => no_weapon(),
                }),
                holds,
                rule: weapon_rule(rule),
            }
        }
        Condition::UsingNamed(name) => Reasoned {
            reason: words.text(|| match weapons.as_slice() {
                [] => no_weapon(),
                used => {
                    let used: Vec<String> = used.iter().map(|id| board.describe(*id)).collect();
                    format!("he uses {}", crate::text::and_list(&used))
                }
            }),
            holds: weapons.iter().any(|id| named(*id, name)),
            rule: weapon_rule(None),
        },
        Condition::Fought(name) => {
            let fought = board.cards.iter().find(|instance| {
                instance.owner == situation.side
                    && instance.fought_this_turn
                    && named(instance.id, name)
            });
            Reasoned {
                reason: words.text(|| match fought {
                    Some(instance) => format!(
                        "the position marks {} as having fought this turn",
                        board.describe(instance.id)
                    ),
                    None => {
                        format!("the position marks no {name} of his as having fought this turn")
                    }
                }),
                holds: fought.is_some(),
                rule: None,
            }
        }
        Condition::Controlled(planet) => {
            let held = board
                .player(situation.side)
                .controlled
                .iter()
                .any(|controlled| controlled.name().eq_ignore_ascii_case(planet));
            Reasoned {
                reason: words.text(|| {
                    format!(
                        "the position {} {planet} among the planets he has controlled",
                        if held { "lists" } else { "does not list" }
                    )
                }),
                holds: held,
                rule: None,
            }
        }
        Condition::ShowsHand => {
            let hand = board.zone(crate::board::Zone::Hand(situation.side)).len();
            Reasoned {
                reason: words.text(|| {
                    if situation.hand_hidden {
                        "its player keeps his hand hidden".to_string()
                    } else {
                        format!(
                            "its player shows the opponent his hand ({hand} card{})",
                            if hand == 1 { "" } else { "s" }
                        )
                    }
                }),
                holds: !situation.hand_hidden,
                rule: None,
            }
        }
        Condition::FightingOneOf(kinds) => {
            let holding = situation
                .opponents
                .iter()
                .filter(|id| is_one_of(board, **id, kinds));
            let holds = holding.clone().next().is_some();
            let reason = words.text(|| {
                let holding: Vec<String> = holding.map(|id| board.describe(*id)).collect();
                match holding.as_slice() {
                    [] if situation.opponents.is_empty() => opponents(),
                    [] => format!("{}, not {}", opponents(), battle_users_words(kinds)),
                    _ => format!(
                        "{} is {}",
                        crate::text::and_list(&holding),
                        battle_users_words(kinds)
                    ),
                }
            });
            Reasoned {
                reason,
                holds,
                rule: kinds_rule(kinds),
            }
        }
        Condition::FoughtOneOf(kinds) => {
            let fought = board
                .cards
                .iter()
                .find(|instance| instance.fought_this_turn && is_one_of(board, instance.id, kinds));
            Reasoned {
                reason: words.text(|| match fought {
                    Some(instance) => format!(
                        "the position marks {} as having fought this turn",
                        board.describe(instance.id)
                    ),
                    None => format!(
                        "the position marks no {} as having fought this turn",
                        battle_users_words(kinds).replace("any ", "")
                    ),
                }),
                holds: fought.is_some(),
                rule: kinds_rule(kinds),
            }
        }
        Condition::UsingBattleCard(name) => Reasoned {
            reason: words.text(|| match situation.battle_card {
                Some(id) if situation.sent_here => format!(
                    "{} sent him to this fight, in place of the next entry of his plan",
                    board.describe(id)
                ),
                Some(id) => format!("{} works for him in this fight", board.describe(id)),
                None => "no Battle card works for him in this fight".to_string(),
            }),
            holds: situation.battle_card.is_some_and(|id| named(id, name)),
            rule: None,
        },
        Condition::FightingAt(planet) => {
            let here = situation.planet;
            Reasoned {
                reason: words.text(|| match here {
                    Some(here) => format!("the fight is at {}", here.name()),
                    None => "the position names no planet for the fight".to_string(),
                }),
                holds: here.is_some_and(|here| here.name().eq_ignore_ascii_case(planet)),
                rule: None,
            }
        }
        Condition::Evacuating(cards) => {
            let evacuated = situation
                .evacuating
                .iter()
                .find(|id| is_one_of(board, **id, cards));
            Reasoned {
                reason: words.text(|| match (evacuated, situation.evacuating) {
                    (Some(id), _) => format!("his player is evacuating {}", board.describe(*id)),
                    (None, []) => "his player is evacuating no card in this fight".to_string(),
                    (None, cards) => {
                        let names: Vec<String> =
                            cards.iter().map(|id| board.describe(*id)).collect();
                        format!("his player is evacuating {}", crate::text::and_list(&names))
                    }
                }),
                holds: evacuated.is_some(),
                rule: None,
            }
        }
        Condition::OpponentHasControlled => {
            let opponent = situation.side.opponent();
            let held = board.player(opponent).controlled.first();
            Reasoned {
                reason: words.text(|| match held {
                    Some(planet) => format!(
                        "the position lists {} among the planets the {} player has controlled",
                        planet.name(),
                        opponent.label()
                    ),
                    None => format!(
                        "the position lists no planet the {} player has controlled",
                        opponent.label()
                    ),
                }),
                holds: held.is_some(),
                rule: None,
            }
        }
        Condition::OpponentControlsUnsurrendered => {
            let surrendered = &board.player(situation.side).surrendered;
            let opponent = situation.side.opponent();
            let held = board
                .player(opponent)
                .controlled
                .iter()
                .find(|planet| !surrendered.contains(planet));
            Reasoned {
                reason: words.text(|| match held {
                    Some(planet) => format!(
                        "the position lists {} among the planets the {} player has controlled, and not among those his opponent surrendered",
                        planet.name(),
                        opponent.label()
                    ),
                    None => format!(
                        "the position lists no planet the {} player has controlled but one his opponent surrendered",
                        opponent.label()
                    ),
                }),
                holds: held.is_some(),
                rule: None,
            }
        }
    }
}

/// Whether the card is one of the kinds or names (`any handmaiden`, `Queen Amidala`), by the
/// title rule; a card whose kind no source settles is not counted.
fn is_one_of(board: &Board, id: CardId, kinds: &[BattleUser]) -> bool {
    board.card(id).is_some_and(|card| {
        kinds
            .iter()
            .any(|kind| is_battle_user(kind, card).unwrap_or(false))
    })
}

/// The title rule, where a condition asks for a kind (`any handmaiden`), not only names.
fn kinds_rule(kinds: &[BattleUser]) -> Option<Citation> {
    kinds
        .iter()
        .any(|kind| match kind {
            BattleUser::Word(word) => word.trim_start().to_lowercase().starts_with("any "),
            BattleUser::Qualified(_) => true,
        })
        .then_some(TITLE_RULE)
}

fn not(holds: bool) -> &'static str {
    if holds { "" } else { " not" }
}

/// A trait in words, and the rule that says which cards have it (none for a card type,
/// which the card prints).
fn trait_words(wanted: ConditionTrait) -> (&'static str, Option<Citation>) {
    match wanted {
        ConditionTrait::Jedi => (wanted.words(), Some(TITLE_RULE)),
        ConditionTrait::DuelingCharacter => (wanted.words(), Some(DUELING_CHARACTER)),
        ConditionTrait::Lightsaber => (wanted.words(), Some(TITLE_RULE)),
        ConditionTrait::Weapon => (wanted.words(), None),
    }
}

/// Whether the card has the trait: its value as the board remembers it for the card's
/// definition ([`Board::trait_value`]), derived once, not with its reason at every look.
fn has_trait(board: &Board, id: CardId, wanted: ConditionTrait) -> bool {
    use crate::cards::TraitKind;
    let kind = match wanted {
        ConditionTrait::Jedi => TraitKind::Jedi,
        ConditionTrait::DuelingCharacter => TraitKind::DuelingCharacter,
        ConditionTrait::Lightsaber => TraitKind::Lightsaber,
        ConditionTrait::Weapon => {
            return board
                .card(id)
                .is_some_and(|card| card.card_type() == Some(crate::cards::CardType::Weapon));
        }
    };
    board.trait_value(id, kind).is_yes()
}
