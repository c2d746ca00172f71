//! Deciders: the scenario's scripted choices (strict), and named policies for quick what-ifs.

use std::collections::VecDeque;

use clap::ValueEnum;

use super::{Decider, Decision, DecisionKind, Unanswered};
use crate::cards::{Card, Game, Side, find, matching};

/// A scripted play from the dueling hand.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PlayAnswer {
    /// A card with this destiny number (the first in the hand).
    Destiny(i32),
    /// A card by name.
    Name(String),
    /// Decline the block.
    Pass,
}

impl PlayAnswer {
    /// The answer as a script writes it.
    pub fn written(&self) -> String {
        match self {
            PlayAnswer::Destiny(number) => number.to_string(),
            PlayAnswer::Name(name) => name.clone(),
            PlayAnswer::Pass => "pass".to_string(),
        }
    }
}

/// One player's scripted answers.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct SideScript {
    pub character: Option<String>,
    pub weapon: Option<String>,
    pub defender: Option<String>,
    pub substitute: Option<String>,
    pub plays: VecDeque<PlayAnswer>,
    pub effects: VecDeque<bool>,
    /// Clash of the Lightsabers: the cards planned for battles 1, 2 and 3, round by round;
    /// Young Jedi: a battle plan's cards, weapons and Battle cards, in the order asked.
    pub plan: VecDeque<PlayAnswer>,
    /// Evacuation: the starships the interceptor adds from his hand, in order.
    pub starships: VecDeque<String>,
    /// Evacuation: whether he intercepts.
    pub intercept: Option<bool>,
    /// Deploying from the draw deck: the card he deploys, or `none`.
    pub fetch: Option<String>,
    /// A new planet: the Effect he gets from his draw deck, or `none`.
    pub effect_card: Option<String>,
    /// A remedy: whether she shuffles her cards on the conceded planet back into her deck.
    pub shuffle_back: Option<bool>,
    /// A remedy: the next planet he chooses.
    pub next_planet: Option<String>,
    /// The Podrace: whether he thrusts.
    pub thrust: Option<bool>,
    /// The Podrace: the lap cards he plays, in order (`stop`: no more).
    pub lap_cards: VecDeque<PlayAnswer>,
    /// The Podrace: how many cards he draws by Refuel.
    pub refuel: Option<u32>,
}

/// Both players' scripted answers.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Script {
    pub light: SideScript,
    pub dark: SideScript,
}

/// A named policy that answers what the script leaves open.
#[derive(
    Clone,
    Copy,
    Debug,
    PartialEq,
    Eq,
    ValueEnum,
    serde::Deserialize,
    serde::Serialize,
    schemars::JsonSchema,
)]
#[serde(rename_all = "kebab-case")]
pub enum Policy {
    /// Block whenever a card matches; attack with the first card of the hand; keep the
    /// chosen defender; take the first weapon; use optional dueling text.
    BlockWhenAble,
    /// Never block; otherwise as block-when-able.
    NeverBlock,
    /// Always the first legal option.
    FirstOption,
    /// Clash of the Lightsabers: plan and play the highest Attack Value; concede only when
    /// forced.
    Strongest,
}

impl Policy {
    pub fn name(self) -> &'static str {
        match self {
            Policy::BlockWhenAble => "block-when-able",
            Policy::NeverBlock => "never-block",
            Policy::FirstOption => "first-option",
            Policy::Strongest => "strongest",
        }
    }

    /// The option this policy takes.
    pub fn choose(self, decision: &Decision) -> usize {
        let first_taking = || {
            decision
                .options
                .iter()
                .position(|o| !o.declines)
                .unwrap_or(0)
        };
        let first_declining = || {
            decision
                .options
                .iter()
                .position(|o| o.declines)
                .unwrap_or(0)
        };
        let strongest = || {
            decision
                .options
                .iter()
                .enumerate()
                .filter(|(_, o)| !o.declines)
                .max_by_key(|(index, o)| (o.destiny.unwrap_or(0), std::cmp::Reverse(*index)))
                .map_or(0, |(index, _)| index)
        };
        match (self, decision.kind) {
            (_, DecisionKind::ClashConcedeOffer) => first_declining(),
            (Policy::FirstOption, _) => 0,
            (
                Policy::Strongest,
                DecisionKind::ClashPlan | DecisionKind::ClashPlay | DecisionKind::ClashStandoffPlay,
            ) => strongest(),
            (Policy::BlockWhenAble, DecisionKind::Block) => first_taking(),
            (Policy::NeverBlock, DecisionKind::Block) => first_declining(),
            (_, DecisionKind::Substitute) => first_declining(),
            (_, DecisionKind::DefenderWeapon) => first_taking(),
            (_, DecisionKind::UseEffect) => first_taking(),
            _ => 0,
        }
    }
}

/// A scripted answer that names a card (or none) for a decision asked at most once.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum NamedAnswer {
    Character,
    Weapon,
    Defender,
    Substitute,
    /// Evacuation: whether to intercept (`true` or `false`).
    Intercept,
    /// Deploying from the draw deck: the card fetched, or `none`.
    Fetch,
    /// A new planet: the Effect got from the draw deck, or `none`.
    EffectCard,
    /// A remedy: whether to shuffle one's cards on the conceded planet back (`true`, `false`).
    ShuffleBack,
    /// A remedy: the next planet.
    NextPlanet,
    /// The Podrace: whether to thrust (`true`, `false`).
    Thrust,
    /// The Podrace: how many cards to draw by Refuel.
    Refuel,
    /// The Podrace: lap cards the script gives beyond those asked (reported, never read
    /// as one answer).
    LapCards,
}

impl NamedAnswer {
    /// The key that writes it under `decisions: <side>:`.
    pub fn key(self) -> &'static str {
        match self {
            NamedAnswer::Character => "character",
            NamedAnswer::Weapon => "weapon",
            NamedAnswer::Defender => "defender",
            NamedAnswer::Substitute => "substitute",
            NamedAnswer::Intercept => "intercept",
            NamedAnswer::Fetch => "fetch",
            NamedAnswer::EffectCard => "effect_card",
            NamedAnswer::ShuffleBack => "shuffle_back",
            NamedAnswer::NextPlanet => "next_planet",
            NamedAnswer::Thrust => "thrust",
            NamedAnswer::Refuel => "refuel",
            NamedAnswer::LapCards => "lap_cards",
        }
    }

    fn of(kind: DecisionKind) -> Option<NamedAnswer> {
        match kind {
            DecisionKind::InitiatorCharacter => Some(NamedAnswer::Character),
            DecisionKind::InitiatorWeapon | DecisionKind::DefenderWeapon => {
                Some(NamedAnswer::Weapon)
            }
            DecisionKind::Defender => Some(NamedAnswer::Defender),
            DecisionKind::Substitute => Some(NamedAnswer::Substitute),
            DecisionKind::Intercept => Some(NamedAnswer::Intercept),
            DecisionKind::Fetch => Some(NamedAnswer::Fetch),
            DecisionKind::NewPlanetEffect => Some(NamedAnswer::EffectCard),
            DecisionKind::ShuffleBack => Some(NamedAnswer::ShuffleBack),
            DecisionKind::NextPlanet => Some(NamedAnswer::NextPlanet),
            DecisionKind::Thrust => Some(NamedAnswer::Thrust),
            DecisionKind::Refuel => Some(NamedAnswer::Refuel),
            _ => None,
        }
    }
}

/// A scripted answer that no decision read: the rules never asked it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnreadAnswer {
    pub side: Side,
    pub answer: NamedAnswer,
    pub given: String,
}

/// Answers from the script first, then from the policy if there is one.
#[derive(Clone, Debug)]
pub struct Scripted {
    pub script: Script,
    pub policy: Option<Policy>,
    /// How many answers each decision took from the script, for reporting.
    pub used: usize,
    /// The named answers some decision read, forced ones included.
    read: std::collections::BTreeSet<(Side, NamedAnswer)>,
}

impl Scripted {
    pub fn new(script: Script, policy: Option<Policy>) -> Scripted {
        Scripted {
            script,
            policy,
            used: 0,
            read: Default::default(),
        }
    }

    /// The scripted name for a decision of this kind, marked as read.
    fn named(&mut self, who: Side, answer: NamedAnswer) -> Option<String> {
        self.read.insert((who, answer));
        let script = self.side(who);
        match answer {
            NamedAnswer::Character => script.character.clone(),
            NamedAnswer::Weapon => script.weapon.clone(),
            NamedAnswer::Defender => script.defender.clone(),
            NamedAnswer::Substitute => script.substitute.clone(),
            NamedAnswer::Intercept => script.intercept.map(|yes| yes.to_string()),
            NamedAnswer::Fetch => script.fetch.clone(),
            NamedAnswer::EffectCard => script.effect_card.clone(),
            NamedAnswer::ShuffleBack => script.shuffle_back.map(|yes| yes.to_string()),
            NamedAnswer::NextPlanet => script.next_planet.clone(),
            NamedAnswer::Thrust => script.thrust.map(|yes| yes.to_string()),
            NamedAnswer::Refuel => script.refuel.map(|count| count.to_string()),
            NamedAnswer::LapCards => None,
        }
    }

    /// The named answers the script gives that no decision asked for, in side and key order.
    pub fn unread(&self) -> Vec<UnreadAnswer> {
        let mut unread = Vec::new();
        for (side, script) in [
            (Side::Light, &self.script.light),
            (Side::Dark, &self.script.dark),
        ] {
            for (answer, given) in [
                (NamedAnswer::Character, &script.character),
                (NamedAnswer::Weapon, &script.weapon),
                (NamedAnswer::Defender, &script.defender),
                (NamedAnswer::Substitute, &script.substitute),
                (
                    NamedAnswer::Intercept,
                    &script.intercept.map(|yes| yes.to_string()),
                ),
                (NamedAnswer::Fetch, &script.fetch),
                (NamedAnswer::EffectCard, &script.effect_card),
                (
                    NamedAnswer::ShuffleBack,
                    &script.shuffle_back.map(|yes| yes.to_string()),
                ),
                (NamedAnswer::NextPlanet, &script.next_planet),
                (
                    NamedAnswer::Thrust,
                    &script.thrust.map(|yes| yes.to_string()),
                ),
                (
                    NamedAnswer::Refuel,
                    &script.refuel.map(|count| count.to_string()),
                ),
            ] {
                if let Some(given) = given
                    && !self.read.contains(&(side, answer))
                {
                    unread.push(UnreadAnswer {
                        side,
                        answer,
                        given: given.clone(),
                    });
                }
            }
            if !script.lap_cards.is_empty() {
                unread.push(UnreadAnswer {
                    side,
                    answer: NamedAnswer::LapCards,
                    given: script
                        .lap_cards
                        .iter()
                        .map(PlayAnswer::written)
                        .collect::<Vec<_>>()
                        .join(", "),
                });
            }
        }
        unread
    }

    /// The scripted answer to whether he thrusts (an option that declines or not) or how
    /// many cards he refuels (the option of that index), marked as read.
    fn yes_no_or_count(&mut self, decision: &Decision) -> Option<Result<usize, String>> {
        let who = decision.who;
        match decision.kind {
            DecisionKind::Thrust => {
                self.read.insert((who, NamedAnswer::Thrust));
                self.side(who).thrust.map(|yes| {
                    decision
                        .options
                        .iter()
                        .position(|o| o.declines != yes)
                        .ok_or_else(|| yes.to_string())
                })
            }
            DecisionKind::Refuel => {
                self.read.insert((who, NamedAnswer::Refuel));
                self.side(who).refuel.map(|count| {
                    usize::try_from(count)
                        .ok()
                        .filter(|index| *index < decision.options.len())
                        .ok_or_else(|| count.to_string())
                })
            }
            _ => None,
        }
    }

    fn side(&mut self, side: Side) -> &mut SideScript {
        match side {
            Side::Light => &mut self.script.light,
            Side::Dark => &mut self.script.dark,
        }
    }
}

fn is_none_word(text: &str) -> bool {
    matches!(
        matching::normalise(text).as_str(),
        "none" | "no" | "pass" | "keep" | "no weapon" | "stop"
    )
}

/// The option a card name means, by forgiving match among the options' card names.
fn by_name(decision: &Decision, name: &str) -> Option<usize> {
    // An option named outright, such as `concede`.
    if let Some(index) = decision.options.iter().position(|o| {
        o.name
            .as_deref()
            .is_some_and(|known| known.eq_ignore_ascii_case(name.trim()))
    }) {
        return Some(index);
    }
    if is_none_word(name) {
        return decision.options.iter().position(|o| o.declines);
    }
    let cards: Vec<Card> = decision
        .options
        .iter()
        .filter_map(|o| {
            let mut card = Card::named(o.name.as_deref()?, Game::YoungJedi);
            card.aliases = o.aliases.clone();
            Some(card)
        })
        .collect();
    let found = find(&cards, name).ok()?;
    let wanted = found.first()?.full_name();
    decision
        .options
        .iter()
        .position(|o| !o.declines && o.name.as_deref() == Some(wanted.as_str()))
}

/// The option a scripted play means: a number (a destiny or Attack Value), a name, `pass`.
fn answer_play(decision: &Decision, play: PlayAnswer) -> Result<usize, String> {
    match play {
        PlayAnswer::Pass => decision
            .options
            .iter()
            .position(|o| o.declines)
            .ok_or_else(|| "pass".to_string()),
        PlayAnswer::Destiny(number) => decision
            .options
            .iter()
            .position(|o| !o.declines && o.destiny == Some(number))
            .ok_or_else(|| number.to_string()),
        PlayAnswer::Name(name) => by_name(decision, &name).ok_or(name),
    }
}

/// The option an answer typed at a prompt means, read as a script would read it: a card name,
/// a destiny number or Attack Value, `pass`, `none`, or yes and no for optional text.
pub fn answer_text(decision: &Decision, text: &str) -> Option<usize> {
    let text = text.trim();
    if decision.kind == DecisionKind::Refuel {
        if is_none_word(text) {
            return Some(0);
        }
        return text
            .parse::<usize>()
            .ok()
            .filter(|count| *count < decision.options.len());
    }
    if matches!(
        decision.kind,
        DecisionKind::UseEffect | DecisionKind::Intercept | DecisionKind::Thrust
    ) {
        let yes = matches!(text.to_ascii_lowercase().as_str(), "yes" | "y" | "true");
        return decision.options.iter().position(|o| o.declines != yes);
    }
    let play = match text.parse::<i32>() {
        Ok(number) => PlayAnswer::Destiny(number),
        Err(_) if matching::normalise(text) == "pass" => PlayAnswer::Pass,
        Err(_) => PlayAnswer::Name(text.to_string()),
    };
    answer_play(decision, play).ok()
}

impl Decider for Scripted {
    fn unread(&self) -> Vec<String> {
        Scripted::unread(self)
            .into_iter()
            .map(|unread| {
                format!(
                    "decisions: {}: {}: {} answers a decision the rules never asked",
                    match unread.side {
                        Side::Light => "light",
                        Side::Dark => "dark",
                    },
                    unread.answer.key(),
                    crate::text::quoted(&unread.given)
                )
            })
            .collect()
    }

    fn volunteers(&mut self, decision: &Decision) -> bool {
        if decision.kind == DecisionKind::AddStarship {
            return !self.side(decision.who).starships.is_empty();
        }
        decision.kind == DecisionKind::ClashConcedeOffer
            && matches!(
                self.side(decision.who).plays.front(),
                Some(PlayAnswer::Name(name)) if name.eq_ignore_ascii_case("try-concede")
            )
    }

    fn forced(&mut self, decision: &Decision) -> Result<(), Unanswered> {
        if matches!(decision.kind, DecisionKind::Thrust | DecisionKind::Refuel) {
            return match self.yes_no_or_count(decision) {
                Some(Err(given)) => Err(Unanswered::NotLegal { given }),
                Some(Ok(choice)) if choice != 0 => Err(Unanswered::NotLegal {
                    given: choice.to_string(),
                }),
                _ => Ok(()),
            };
        }
        let Some(answer) = NamedAnswer::of(decision.kind) else {
            return Ok(());
        };
        match self.named(decision.who, answer) {
            Some(name) if by_name(decision, &name) != Some(0) => {
                Err(Unanswered::NotLegal { given: name })
            }
            _ => Ok(()),
        }
    }

    fn decide(&mut self, decision: &Decision) -> Result<usize, Unanswered> {
        let who = decision.who;
        let answer: Option<Result<usize, String>> = match decision.kind {
            DecisionKind::InitiatorCharacter
            | DecisionKind::InitiatorWeapon
            | DecisionKind::DefenderWeapon
            | DecisionKind::Defender
            | DecisionKind::Substitute
            | DecisionKind::Fetch
            | DecisionKind::NewPlanetEffect
            | DecisionKind::ShuffleBack
            | DecisionKind::NextPlanet => NamedAnswer::of(decision.kind)
                .and_then(|answer| self.named(who, answer))
                .map(|name| by_name(decision, &name).ok_or(name)),
            DecisionKind::Attack | DecisionKind::Block => self
                .side(who)
                .plays
                .pop_front()
                .map(|play| answer_play(decision, play)),
            DecisionKind::ClashPlan | DecisionKind::BattlePlan => self
                .side(who)
                .plan
                .pop_front()
                .map(|play| answer_play(decision, play)),
            DecisionKind::AddStarship => self
                .side(who)
                .starships
                .pop_front()
                .map(|name| by_name(decision, &name).ok_or(name)),
            DecisionKind::Thrust | DecisionKind::Refuel => self.yes_no_or_count(decision),
            DecisionKind::LapCard => self
                .side(who)
                .lap_cards
                .pop_front()
                .map(|play| answer_play(decision, play)),
            DecisionKind::Intercept => {
                self.read.insert((who, NamedAnswer::Intercept));
                self.side(who).intercept.map(|yes| {
                    decision
                        .options
                        .iter()
                        .position(|o| o.declines != yes)
                        .ok_or_else(|| yes.to_string())
                })
            }
            DecisionKind::ClashPlay
            | DecisionKind::ClashStandoffPlay
            | DecisionKind::ClashConcedeOffer => self
                .side(who)
                .plays
                .pop_front()
                .map(|play| answer_play(decision, play)),
            DecisionKind::UseEffect => self.side(who).effects.pop_front().map(|yes| {
                let wanted = !yes;
                decision
                    .options
                    .iter()
                    .position(|o| o.declines == wanted)
                    .ok_or_else(|| yes.to_string())
            }),
        };
        match answer {
            Some(Ok(choice)) => {
                self.used += 1;
                Ok(choice)
            }
            Some(Err(given)) => Err(Unanswered::NotLegal { given }),
            None => match self.policy {
                Some(policy) => Ok(policy.choose(decision)),
                None => Err(Unanswered::NotScripted),
            },
        }
    }
}
