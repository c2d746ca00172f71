//! The scenario file format: what a judge writes in YAML, as serde types with spans.

use std::borrow::Cow;
use std::fmt;

use schemars::{JsonSchema, Schema, SchemaGenerator, json_schema};
use serde::de::value::MapAccessDeserializer;
use serde::de::{MapAccess, SeqAccess, Visitor};
use serde::{Deserialize, Deserializer, Serialize, Serializer};

use super::located::{Located, OrderedMap};
use crate::board::Step;
use crate::cards::{BattleEffect, CardType, DuelingEffect, ModifiedCards, ModifierTarget, Side};
use crate::ranged::{
    BattleNumber, BattlesWon, Bonus, CardsDrawn, Counters, DamageTotal, DeckSize, Destiny,
    DestinyStat, ExtraThrust, HandlingNumber, Hits, LapNumber, Laps, PrintedStat, RoundNumber,
    Stat, StatInput, Thrust, TrackCard,
};

/// Which game a scenario is about.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize, Serialize, JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum GameName {
    YoungJedi,
    Clash,
}

/// A whole scenario: the position, and optionally what to adjudicate and what to expect.
#[derive(Clone, Debug, Default, PartialEq, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ScenarioFile {
    /// A one-line title.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub title: Option<String>,
    /// What the scenario shows.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub description: Option<String>,
    /// `young-jedi` (the default) or `clash`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub game: Option<Located<GameName>>,
    /// The rules in force: `latest` (the default), a ruleset name, or a date YYYY-MM-DD.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rules: Option<Located<String>>,
    /// The seed of every shuffle and random draw.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(extend("maximum" = u64::MAX))]
    pub seed: Option<u64>,
    /// Whose turn it is: `light` or `dark`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub turn: Option<Located<Side>>,
    /// The step of the turn: `deploy`, `battle` or `even-up`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub step: Option<Located<Step>>,
    /// The current planet: Tatooine, Coruscant or Naboo.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub current_planet: Option<Located<String>>,
    /// Cards declared by name: stats for catalog cards, or whole cards the catalog lacks.
    #[serde(default, skip_serializing_if = "OrderedMap::is_empty")]
    pub cards: OrderedMap<Declaration>,
    /// The Light Side player's cards outside the planets.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub light: Option<Located<PlayerFile>>,
    /// The Dark Side player's cards outside the planets.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub dark: Option<Located<PlayerFile>>,
    /// The planets in play, by name, with each player's cards there.
    #[serde(default, skip_serializing_if = "OrderedMap::is_empty")]
    pub planets: OrderedMap<PlanetFile>,
    /// Clash of the Lightsabers: the table (with `game: clash`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub clash: Option<Located<ClashFile>>,
    /// A lightsaber duel under way (Young Jedi): `action: duel` resumes it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub duel: Option<Located<crate::procedures::duel::section::DuelFile>>,
    /// A battle or an evacuation (Young Jedi): its planet and the battle plans already made;
    /// `action: battle` and `action: evacuate` walk it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub battle: Option<Located<crate::procedures::battle::section::BattleFile>>,
    /// A card being deployed (Young Jedi): `action: deploy` walks it, and what its game text
    /// then deploys from the draw deck.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub deploy: Option<Located<crate::procedures::deploy::section::DeployFile>>,
    /// The first location of a planet going into play (Young Jedi): `action: new-location`
    /// walks each player's getting an Effect from his draw deck.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub new_location: Option<Located<crate::procedures::new_location::NewLocationFile>>,
    /// The Podrace part of the Deploy step of the player whose turn it is (Young Jedi): the
    /// cards he deploys to his Objective, and whether he has already thrust or refuelled;
    /// `action: podrace` walks it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub podrace: Option<Located<crate::procedures::podrace::section::PodraceFile>>,
    /// What to adjudicate: the action of a registered procedure.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub action: Option<Located<ActionName>>,
    /// Choices of the procedure's named assumptions, where the sources are silent:
    /// `{empty-hand-cannot-attack: duel-ends}`. `jedi-judge rules assumptions` lists them.
    #[serde(default, skip_serializing_if = "AssumptionChoices::is_empty")]
    pub assumptions: AssumptionChoices,
    /// The scripted decisions of each player.
    #[serde(default, skip_serializing_if = "Decisions::is_empty")]
    pub decisions: Decisions,
    /// A named policy that answers the decisions the script leaves open:
    /// `block-when-able`, `never-block` or `first-option`. Without one, an unscripted
    /// decision stops the walk.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub policy: Option<Located<crate::engine::deciders::Policy>>,
    /// What the author expects; `check` and `walk` report any difference.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub expect: Option<Located<Expectation>>,
}

/// The procedure a scenario adjudicates, by the name a registered procedure answers to
/// (`jedi-judge` checks it against the registry when it walks).
#[derive(Clone, Debug, PartialEq, Eq, Deserialize, Serialize)]
#[serde(transparent)]
pub struct ActionName(pub String);

impl JsonSchema for ActionName {
    fn schema_name() -> Cow<'static, str> {
        "ActionName".into()
    }

    fn json_schema(_: &mut SchemaGenerator) -> Schema {
        let names: Vec<&str> = crate::procedures::actions()
            .map(|(_, spec)| spec.name)
            .collect();
        let described: Vec<String> = crate::procedures::actions()
            .map(|(game, spec)| {
                format!(
                    "`{}` ({}): {}",
                    spec.name,
                    crate::procedures::game_title(game),
                    spec.summary
                )
            })
            .collect();
        json_schema!({
            "type": "string",
            "enum": names,
            "description": described.join("; "),
        })
    }
}

/// A scenario's choices of named assumptions, by name.
#[derive(Clone, Debug, Default, PartialEq, Deserialize, Serialize)]
#[serde(transparent)]
pub struct AssumptionChoices(pub OrderedMap<Located<String>>);

impl AssumptionChoices {
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }
}

impl std::ops::Deref for AssumptionChoices {
    type Target = OrderedMap<Located<String>>;

    fn deref(&self) -> &Self::Target {
        &self.0
    }
}

impl JsonSchema for AssumptionChoices {
    fn schema_name() -> Cow<'static, str> {
        "AssumptionChoices".into()
    }

    fn json_schema(_: &mut SchemaGenerator) -> Schema {
        let mut properties = serde_json::Map::new();
        for (spec, _) in crate::procedures::assumptions() {
            let values: Vec<&str> = spec.values.iter().map(|(value, _)| *value).collect();
            properties.insert(
                spec.assumption.name.to_string(),
                serde_json::json!({
                    "type": "string",
                    "enum": values,
                    "default": spec.default_value(),
                    "description": spec.assumption.text,
                }),
            );
        }
        json_schema!({
            "type": "object",
            "description": "Choices of named assumptions (`jedi-judge rules assumptions`).",
            "properties": properties,
            "additionalProperties": false,
        })
    }
}

/// A Clash of the Lightsabers player, or neither.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize, Serialize, JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum ClashSideName {
    QuiGon,
    DarthMaul,
    /// A battle that ended in a draw, or no one.
    #[serde(alias = "none")]
    Draw,
}

/// A Clash of the Lightsabers player's cards: Attack Values for Power cards, names for
/// Special cards.
#[derive(Clone, Debug, Default, PartialEq, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ClashPlayerFile {
    /// The Battle Deck, top first. Left out, it is the rest of the rulebook's 55 cards,
    /// shuffled from the seed.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub deck: Option<Vec<Located<ClashCardInput>>>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub hand: Vec<Located<ClashCardInput>>,
    /// The face-down cards planned for battles 1, 2 and 3 (the battles already fought left
    /// out by writing `null`).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub planned: Vec<Option<Located<ClashCardInput>>>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub discard: Vec<Located<ClashCardInput>>,
    /// Cards of battles won this round, left on the table.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub won: Vec<Located<ClashCardInput>>,
    /// The Final Duel card his figure stands on, 1 to 5.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub track: Option<Located<TrackCard>>,
    /// Battles he has won this round.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub battles_won: Option<BattlesWon>,
}

/// A Clash of the Lightsabers table.
#[derive(Clone, Debug, Default, PartialEq, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ClashFile {
    #[serde(rename = "qui-gon", default, skip_serializing_if = "Option::is_none")]
    pub qui_gon: Option<ClashPlayerFile>,
    #[serde(
        rename = "darth-maul",
        default,
        skip_serializing_if = "Option::is_none"
    )]
    pub darth_maul: Option<ClashPlayerFile>,
    /// The battle of the round about to be fought, 1 to 3.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub battle: Option<Located<BattleNumber>>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub round: Option<RoundNumber>,
    /// What Special cards do, by name, replacing the defaults: `attack`, `double` (`own` or
    /// `all`), `draw`, `retreat`, `discard_low`, `cancel_last`, `drain`.
    #[serde(default, skip_serializing_if = "OrderedMap::is_empty")]
    pub specials: OrderedMap<crate::clash::SpecialEffect>,
}

/// The expected outcome of a Clash walk.
#[derive(Clone, Debug, Default, PartialEq, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ClashExpectation {
    /// The winner of each battle fought, in order (`draw` for a draw).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub battles: Option<Vec<ClashSideName>>,
    /// The Final Duel card each figure stands on at the end.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub track: Option<ClashTrack>,
    /// Who won the game (`draw`: no one yet).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub game_winner: Option<ClashSideName>,
}

/// Positions on the Final Duel track.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ClashTrack {
    #[serde(rename = "qui-gon")]
    pub qui_gon: TrackCard,
    #[serde(rename = "darth-maul")]
    pub darth_maul: TrackCard,
}

/// Each player's scripted decisions.
#[derive(Clone, Debug, Default, PartialEq, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Decisions {
    /// The Light Side player's (in Clash of the Lightsabers, Qui-Gon's; `qui-gon:` also works).
    #[serde(default, alias = "qui-gon", skip_serializing_if = "Option::is_none")]
    pub light: Option<SideDecisions>,
    /// The Dark Side player's (in Clash of the Lightsabers, Darth Maul's; `darth-maul:` also works).
    #[serde(default, alias = "darth-maul", skip_serializing_if = "Option::is_none")]
    pub dark: Option<SideDecisions>,
}

impl Decisions {
    pub fn is_empty(&self) -> bool {
        self.light.is_none() && self.dark.is_none()
    }

    /// Records the answer to a decision as the key of `decisions:` that scripts it, so that
    /// a walk answered at the prompt can be saved and replayed.
    pub fn record(&mut self, decision: &crate::engine::Decision, choice: usize) {
        use crate::engine::DecisionKind;
        let Some(option) = decision.options.get(choice) else {
            return;
        };
        let side = match decision.who {
            Side::Light => self.light.get_or_insert_with(SideDecisions::default),
            Side::Dark => self.dark.get_or_insert_with(SideDecisions::default),
        };
        let name = || match (&option.name, option.declines) {
            (Some(name), false) => name.to_string(),
            _ => "none".to_string(),
        };
        let play = || match (&option.name, option.destiny, option.declines) {
            (_, _, true) => StatInput::Symbol("pass".to_string()),
            (Some(name), _, false) => StatInput::Symbol(name.to_string()),
            (None, Some(destiny), false) => StatInput::Number(destiny),
            (None, None, false) => StatInput::Symbol("pass".to_string()),
        };
        match decision.kind {
            DecisionKind::InitiatorCharacter => side.character = Some(Located::new(name())),
            DecisionKind::InitiatorWeapon | DecisionKind::DefenderWeapon => {
                side.weapon = Some(Located::new(name()))
            }
            DecisionKind::Defender => side.defender = Some(Located::new(name())),
            DecisionKind::Substitute => side.substitute = Some(Located::new(name())),
            DecisionKind::Attack | DecisionKind::Block => {
                side.plays.push(Located::new(crate::ranged::Stat(play())))
            }
            DecisionKind::UseEffect => side.effects.push(Located::new(!option.declines)),
            DecisionKind::AddStarship if !option.declines => {
                side.starships.push(Located::new(name()))
            }
            DecisionKind::Intercept => side.intercept = Some(Located::new(!option.declines)),
            DecisionKind::BattlePlan => side
                .plan
                .push(Located::new(crate::ranged::Stat(StatInput::Symbol(name())))),
            DecisionKind::Fetch => side.fetch = Some(Located::new(name())),
            DecisionKind::NewPlanetEffect => side.effect_card = Some(Located::new(name())),
            DecisionKind::ShuffleBack => side.shuffle_back = Some(Located::new(!option.declines)),
            DecisionKind::NextPlanet => side.next_planet = Some(Located::new(name())),
            DecisionKind::Thrust => side.thrust = Some(Located::new(!option.declines)),
            DecisionKind::LapCard => {
                side.lap_cards
                    .push(Located::new(crate::ranged::Stat(match option.declines {
                        true => StatInput::Symbol("stop".to_string()),
                        false => play(),
                    })))
            }
            DecisionKind::Refuel => {
                side.refuel = Some(Located::new(CardsDrawn::saturating(
                    i64::try_from(choice).unwrap_or(0),
                )))
            }
            _ => {}
        }
    }
}

/// One player's scripted decisions, each a card name (forgiving) unless said otherwise.
#[derive(Clone, Debug, Default, PartialEq, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct SideDecisions {
    /// As the initiator: the dueling character who duels.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub character: Option<Located<String>>,
    /// The weapon: the initiator's lightsaber, or the defender's weapon (`none` for none).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub weapon: Option<Located<String>>,
    /// As the initiator: the opposing character chosen to defend.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub defender: Option<Located<String>>,
    /// As the defender: a dueling character who defends instead, or `none`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub substitute: Option<Located<String>>,
    /// The cards played from the dueling hand, attacks and blocks in order: a destiny number,
    /// a card name, or `pass` to decline a block.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub plays: Vec<Located<DestinyStat>>,
    /// Whether to use each optional dueling effect, in order.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub effects: Vec<Located<bool>>,
    /// Clash of the Lightsabers: the cards planned face down for battles 1, 2 and 3, round
    /// after round: an Attack Value or a Special card's name. Young Jedi: the answers to a
    /// battle plan made by decisions, in the order asked (the next card, its weapon or
    /// `none`, a Battle card for each fight or `none`).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub plan: Vec<Located<ClashCardInput>>,
    /// Evacuation: the starships the intercepting player adds from his hand to his
    /// Hyperspace pile, in order (left out: none).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub starships: Vec<Located<String>>,
    /// Evacuation: whether the opponent intercepts.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub intercept: Option<Located<bool>>,
    /// Deploying from the draw deck: the card he deploys by his card's game text, or
    /// `none` (he changed his mind).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub fetch: Option<Located<String>>,
    /// A new planet: the Effect he gets from his draw deck, or `none`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub effect_card: Option<Located<String>>,
    /// The remedy of hidden cards over six: whether the opponent shuffles the cards she
    /// deployed on the conceded planet back into her draw deck.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub shuffle_back: Option<Located<bool>>,
    /// The remedy of hidden cards over six: the next planet the offender chooses.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub next_planet: Option<Located<String>>,
    /// The Podrace: whether he thrusts in this Deploy step.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub thrust: Option<Located<bool>>,
    /// The Podrace: the lap cards he plays from his hand, in order: a card name or a destiny
    /// number each, and `stop` to play no more.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub lap_cards: Vec<Located<DestinyStat>>,
    /// The Podrace: how many cards he draws when he refuels (0 for none).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub refuel: Option<Located<CardsDrawn>>,
}

/// `light`, `dark` or `none`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize, Serialize, JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum SideOrNone {
    Light,
    Dark,
    None,
}

impl SideOrNone {
    /// A side, or no one, as an expectation writes it.
    pub fn of(side: Option<Side>) -> SideOrNone {
        match side {
            Some(Side::Light) => SideOrNone::Light,
            Some(Side::Dark) => SideOrNone::Dark,
            None => SideOrNone::None,
        }
    }

    /// The word a scenario writes for it.
    pub fn key(self) -> &'static str {
        match self {
            SideOrNone::Light => "light",
            SideOrNone::Dark => "dark",
            SideOrNone::None => "none",
        }
    }
}

/// Damage each player takes.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct DamageBySide {
    #[serde(default)]
    pub light: DamageTotal,
    #[serde(default)]
    pub dark: DamageTotal,
}

/// The expected outcome of a duel.
#[derive(Clone, Debug, Default, PartialEq, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct DuelExpectation {
    /// Whether initiating the duel is refused.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub refused: Option<bool>,
    /// The character that defends, after any substitution.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub defender: Option<String>,
    /// Whose character is defeated (or discarded for a printed DAMAGE of 0), or `none`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub defeated: Option<SideOrNone>,
    /// The damage each player takes.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub damage: Option<DamageBySide>,
    /// The winner by deck victory, or `none`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub deck_victory: Option<SideOrNone>,
    /// The hit tokens on each fighter when the exchange of attacks ended (at a defeat, or
    /// when both dueling hands ran out), before any are removed.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub hits: Option<HitsBySide>,
    /// The number of cards left in each dueling hand when the exchange ended.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub hands: Option<CardsBySide>,
    /// Who makes the first fresh attack of the walk (after a block that failed or was not
    /// made, the player hit), or `none`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub next_attacker: Option<SideOrNone>,
    /// How many cards each player has in a zone at the end of the walk: `{light:
    /// {draw-deck: 6, discard-pile: 2}}`. Zones: `draw-deck`, `hand`, `discard-pile`,
    /// `hyperspace`, `objective`, `at-objective`, `podracing-pile`, `battle-plan`,
    /// `dueling-hand`, `dueling-pile`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub zones: Option<ZonesBySide>,
}

/// Hit tokens on each side's fighter.
#[derive(Clone, Copy, Debug, Default, PartialEq, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct HitsBySide {
    #[serde(default)]
    pub light: Hits,
    #[serde(default)]
    pub dark: Hits,
}

/// A number of cards for each side.
#[derive(Clone, Copy, Debug, Default, PartialEq, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct CardsBySide {
    #[serde(default)]
    pub light: DeckSize,
    #[serde(default)]
    pub dark: DeckSize,
}

/// Card counts by zone, for each side.
#[derive(Clone, Debug, Default, PartialEq, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ZonesBySide {
    #[serde(default)]
    pub light: std::collections::BTreeMap<String, DeckSize>,
    #[serde(default)]
    pub dark: std::collections::BTreeMap<String, DeckSize>,
}

/// The outcome the scenario's author expects.
#[derive(Clone, Debug, Default, PartialEq, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Expectation {
    /// Whether the position is legal.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub legal: Option<bool>,
    /// The codes of the findings that make it illegal, in the order of the file.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub findings: Option<Vec<String>>,
    /// The codes of the warnings (findings that leave it legal), in the order of the file.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub warnings: Option<Vec<String>>,
    /// Events that must occur in this order (others may come between): an event kind
    /// such as `hit`, or a kind and a side, `hit light`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub events: Option<Vec<String>>,
    /// Rule ids (or their keys) the walk must cite.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub cited: Option<Vec<String>>,
    /// Rule ids (or their keys) the walk must not cite.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub not_cited: Option<Vec<String>>,
    /// The outcome of the duel.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub duel: Option<DuelExpectation>,
    /// The outcome of a Clash of the Lightsabers walk.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub clash: Option<ClashExpectation>,
    /// The outcome of a battle or an evacuation.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub battle: Option<BattleExpectation>,
    /// The outcome of a deploy.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub deploy: Option<DeployExpectation>,
    /// The outcome of a new location's Effects.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub new_location: Option<NewLocationExpectation>,
    /// The outcome of the remedies.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub remedy: Option<RemedyExpectation>,
    /// The outcome of a Podrace Deploy step.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub podrace: Option<PodraceExpectation>,
}

/// The expected outcome of `action: podrace`.
#[derive(Clone, Debug, Default, PartialEq, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct PodraceExpectation {
    /// Whether the step is refused.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub refused: Option<bool>,
    /// Lap tokens on the Objective afterwards (0 to 99).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub laps: Option<Laps>,
    /// Thrust tokens on the pilot afterwards (0 to 99).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub thrust: Option<Thrust>,
    /// The Podracing pile afterwards, by destiny number, first played first.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub pile: Option<Vec<Destiny>>,
    /// The lap cards played in the step, by destiny number, in order.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub lap_cards: Option<Vec<Destiny>>,
    /// The cards drawn by Refuel (0 to 99).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub refuel_drawn: Option<CardsDrawn>,
    /// The player who won the game by finishing his third lap, or `none`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub game_won: Option<SideOrNone>,
    /// The DAMAGE he took as the penalty of deploying nothing from the draw deck (0 to 999).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub damage: Option<DamageTotal>,
    /// The winner by deck victory, or `none`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub deck_victory: Option<SideOrNone>,
    /// How many cards each player has in a zone afterwards, as for a duel.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub zones: Option<ZonesBySide>,
}

/// The expected outcome of `action: remedy`.
#[derive(Clone, Debug, Default, PartialEq, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct RemedyExpectation {
    /// The cards taken back into a hand, in order.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub returned: Option<Vec<String>>,
    /// How many cards each player has in a zone afterwards, as for a duel.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub zones: Option<ZonesBySide>,
}

/// The expected outcome of a new location's Effects.
#[derive(Clone, Debug, Default, PartialEq, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct NewLocationExpectation {
    /// The Effect each player gets, or `none`: `{light: Jedi Training, dark: none}`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub effects: Option<EffectsBySide>,
    /// How many cards each player has in a zone at the end of the walk, as for a duel.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub zones: Option<ZonesBySide>,
}

/// A card name (or `none`) for each side.
#[derive(Clone, Debug, Default, PartialEq, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct EffectsBySide {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub light: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub dark: Option<String>,
}

/// The expected outcome of a deploy.
#[derive(Clone, Debug, Default, PartialEq, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct DeployExpectation {
    /// Whether the deploy is refused.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub refused: Option<bool>,
    /// The card deployed from the draw deck, or `none`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub fetched: Option<String>,
    /// The deploy counters left this turn (0 to 999).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub counters_left: Option<Counters>,
    /// The DAMAGE the player takes as the penalty (0 to 999).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub damage: Option<DamageTotal>,
    /// The winner by deck victory, or `none`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub deck_victory: Option<SideOrNone>,
    /// How many cards each player has in a zone at the end of the walk, as for a duel.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub zones: Option<ZonesBySide>,
}

/// Where evacuated cards went.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize, Serialize, JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum EvacuatedToName {
    DrawDeck,
    DiscardPile,
}

/// Cards by side, by name.
#[derive(Clone, Debug, Default, PartialEq, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct NamesBySide {
    #[serde(default)]
    pub light: Vec<String>,
    #[serde(default)]
    pub dark: Vec<String>,
}

/// The expected outcome of a battle or an evacuation.
#[derive(Clone, Debug, Default, PartialEq, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct BattleExpectation {
    /// Whether taking the action is refused.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub refused: Option<bool>,
    /// Evacuation: whether the opponent intercepts.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub intercepted: Option<bool>,
    /// Evacuation: whether it succeeds.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub evacuated: Option<bool>,
    /// Evacuation: where the evacuated characters and weapons went: `draw-deck` or
    /// `discard-pile`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub evacuated_to: Option<EvacuatedToName>,
    /// The cards defeated on each side, in the order of the fights.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub defeated: Option<NamesBySide>,
    /// The DAMAGE each player takes.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub damage: Option<DamageBySide>,
    /// The winner by deck victory, or `none`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub deck_victory: Option<SideOrNone>,
    /// Whether the game ends in a tie (both players drew their last card in one fight).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub tie_game: Option<bool>,
    /// How many cards each player has in a zone at the end of the walk, as for a duel.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub zones: Option<ZonesBySide>,
}

impl Expectation {
    /// Whether it says anything of a walk's outcome (and not only of the position).
    pub fn expects_outcome(&self) -> bool {
        self.duel.is_some()
            || self.clash.is_some()
            || self.battle.is_some()
            || self.deploy.is_some()
            || self.new_location.is_some()
            || self.remedy.is_some()
            || self.podrace.is_some()
            || self.events.is_some()
            || self.cited.is_some()
            || self.not_cited.is_some()
    }
}

/// Clash of the Lightsabers: a card as a scenario writes it: an Attack Value (a Power card)
/// or a Special card's name.
pub type ClashCardInput = Stat<0, 20>;

/// Game text that adds to or reduces the damage taken for a defeated card.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct DamageModifierFile {
    /// Added to the damage (negative to reduce it).
    pub amount: Bonus,
    /// Whose defeated cards it applies to: `own` or `opponent`.
    pub applies_to: ModifierTarget,
    /// Which defeated cards: `characters` (the default), `starships`, `transports` or
    /// `starfighters`.
    #[serde(default, skip_serializing_if = "is_characters")]
    pub of: ModifiedCards,
    /// Only while the card with the text is in play at the current planet.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub at_current_planet: bool,
}

fn is_characters(of: &ModifiedCards) -> bool {
    *of == ModifiedCards::Characters
}

/// Traits a scenario states outright, overriding what the rules derive.
#[derive(Clone, Debug, Default, PartialEq, Eq, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct TraitsFile {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub jedi: Option<bool>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub dueling_character: Option<bool>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub podracer_pilot: Option<bool>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub lightsaber: Option<bool>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub podracer_weapon: Option<bool>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub unique: Option<bool>,
    /// A starship that draws destiny in a starship battle.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub starfighter: Option<bool>,
    /// A starship that can carry an evacuation.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub transport: Option<bool>,
}

impl TraitsFile {
    pub fn is_empty(&self) -> bool {
        *self == TraitsFile::default()
    }
}

/// What a scenario says of a card: its stats, or all of it for a card the catalog lacks.
#[derive(Clone, Debug, Default, PartialEq, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Declaration {
    /// The card type; required for a card the catalog lacks.
    #[serde(rename = "type", default, skip_serializing_if = "Option::is_none")]
    pub card_type: Option<Located<CardType>>,
    /// `light` or `dark`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub side: Option<Located<Side>>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub power: Option<Located<PrintedStat>>,
    /// The printed DAMAGE number.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub damage: Option<Located<PrintedStat>>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub destiny: Option<Located<DestinyStat>>,
    /// Deploy counters.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub deploy: Option<Located<PrintedStat>>,
    /// The set the card is from.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub set: Option<String>,
    /// The collector number (its last digit is a Podracer pilot's handling).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub number: Option<String>,
    /// Traits stated outright.
    #[serde(default, skip_serializing_if = "TraitsFile::is_empty")]
    pub traits: TraitsFile,
    /// A weapon's users: character titles or full names, or `any Jedi`, `any dueling
    /// character`, `any character`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub usable_by: Option<Located<Vec<String>>>,
    /// The power bonus a weapon adds to its user.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub power_bonus: Option<Located<Bonus>>,
    /// A character's power bonus on a planet: `{Coruscant: 1}`.
    #[serde(default, skip_serializing_if = "OrderedMap::is_empty")]
    pub location_bonus: OrderedMap<Bonus>,
    /// Another game-text power bonus of a character that applies.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub text_bonus: Option<Bonus>,
    /// Game-text power bonuses that hold only in a situation: `[{amount: 2, when:
    /// {dueling_a: jedi}}]`. Conditions: `dueling_a` / `fighting_a` / `using_a` (`jedi`,
    /// `dueling-character`, `lightsaber`), `dueling_named` / `fighting_named` /
    /// `using_named` (a card's name),
    /// `fought` (a card of his marked `fought_this_turn`), `controlled` (a planet listed
    /// under the player's `controlled:`).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub bonuses: Vec<ConditionalBonusFile>,
    /// "When dueling…" text: `extra-hit`, `remove-hit`, `discard-for-two-extra-hits`,
    /// `draw-one` or `discard-to-draw-two`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub dueling: Option<Located<DuelingEffect>>,
    /// Game text that changes the damage for a defeated character:
    /// `{amount: 2, applies_to: opponent}`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub damage_modifier: Option<DamageModifierFile>,
    /// A Battle card's power bonus to the card it fights with.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub battle_bonus: Option<Located<Bonus>>,
    /// A Battle card's text in a fight: `force-push` or `fight-together`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub battle_text: Option<Located<BattleEffect>>,
    /// How many destiny draws a weapon (its first box) or a starfighter gives in a fight.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub destiny_draws: Option<Located<crate::ranged::DestinyDraws>>,
    /// "When he deploys, you may deploy one X from your draw deck": `{card: X}`, with `to:
    /// PLANET` if the text works only there and `counters: N` if it says what X costs (0:
    /// "for free").
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub deploy_fetch: Option<Located<DeployFetchFile>>,
    /// Podrace text: `{thrust_on_deploy: N}` ("when he deploys to Boonta Eve Classic, place N
    /// additional Thrust tokens on him", 0 to 4) or `{handling: N}` ("your Podracer pilot at
    /// Boonta Eve Classic may use N as a handling number", 0 to 9).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub podrace: Option<Located<PodraceTextFile>>,
}

/// Podrace text, as a scenario declares it.
#[derive(Clone, Debug, PartialEq, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct PodraceTextFile {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub thrust_on_deploy: Option<Located<ExtraThrust>>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub handling: Option<Located<HandlingNumber>>,
}

/// "When he deploys, you may deploy one X from your draw deck", as a scenario declares it.
#[derive(Clone, Debug, PartialEq, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct DeployFetchFile {
    /// A card title, or a word a card's title or subtitle holds (a trait such as `battle
    /// droid`).
    pub card: Located<String>,
    /// The planet the text works at, if only one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub to: Option<Located<String>>,
    /// What the fetched card costs, if the text says (0 to 20; 0: "for free").
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub counters: Option<Located<crate::ranged::PrintedCounters>>,
}

/// A game-text power bonus with its condition.
#[derive(Clone, Debug, PartialEq, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ConditionalBonusFile {
    pub amount: Bonus,
    pub when: Located<crate::cards::Condition>,
}

/// A card in a zone: a destiny number (a card known only by it), a card name, or a card
/// with its state.
#[derive(Clone, Debug, PartialEq)]
pub enum Entry {
    Destiny(i32),
    Card(CardEntry),
}

/// A named card in a zone, with its state.
#[derive(Clone, Debug, Default, PartialEq, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct CardEntry {
    /// The card's name, forgiving: `maul student` finds Darth Maul, Student of the Dark Side.
    pub card: Located<String>,
    /// Face down.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub hidden: Option<Located<bool>>,
    /// Deployed during the current turn.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub deployed_this_turn: bool,
    /// Fought (in a battle or a duel) this turn, where game text asks.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub fought_this_turn: bool,
    /// Hit tokens on it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub hits: Option<Located<Hits>>,
    /// Thrust tokens on it (a Podracer pilot).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub thrust: Option<Located<Thrust>>,
}

impl Default for Located<String> {
    fn default() -> Self {
        Located::new(String::new())
    }
}

impl CardEntry {
    /// A name alone, with no state.
    pub fn is_bare(&self) -> bool {
        self.hidden.is_none()
            && !self.deployed_this_turn
            && !self.fought_this_turn
            && self.hits.is_none()
            && self.thrust.is_none()
    }
}

impl<'de> Deserialize<'de> for Entry {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        struct EntryVisitor;
        impl<'de> Visitor<'de> for EntryVisitor {
            type Value = Entry;

            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("a destiny number, a card name, or a map with `card:`")
            }

            fn visit_i64<E: serde::de::Error>(self, value: i64) -> Result<Entry, E> {
                EntryVisitorFor::visit_i64(value)
            }

            fn visit_u64<E: serde::de::Error>(self, value: u64) -> Result<Entry, E> {
                EntryVisitorFor::visit_u64(value)
            }

            fn visit_str<E: serde::de::Error>(self, value: &str) -> Result<Entry, E> {
                Ok(Entry::Card(CardEntry {
                    card: Located::new(value.to_string()),
                    ..CardEntry::default()
                }))
            }

            fn visit_map<A: MapAccess<'de>>(self, map: A) -> Result<Entry, A::Error> {
                CardEntry::deserialize(MapAccessDeserializer::new(map)).map(Entry::Card)
            }
        }
        deserializer.deserialize_any(EntryVisitor)
    }
}

impl Serialize for Entry {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        match self {
            Entry::Destiny(number) => serializer.serialize_i32(*number),
            Entry::Card(entry) if entry.is_bare() => serializer.serialize_str(&entry.card.value),
            Entry::Card(entry) => entry.serialize(serializer),
        }
    }
}

impl JsonSchema for Entry {
    fn schema_name() -> Cow<'static, str> {
        "Entry".into()
    }

    fn json_schema(generator: &mut SchemaGenerator) -> Schema {
        let card = generator.subschema_for::<CardEntry>();
        json_schema!({
            "description": "A card: its destiny number (a card known only by it), its name, or a map with `card:` and its state.",
            "anyOf": [
                {"type": "integer", "minimum": 0, "maximum": 9, "description": "a card known only by its destiny number"},
                {"type": "string", "description": "a card name (forgiving)"},
                card
            ]
        })
    }
}

/// A lap card in the Podracing pile: a card as in any zone, and, for one played as a handling
/// card, the number in the lap's sequence (1 to 6) it stands for.
#[derive(Clone, Debug, PartialEq)]
pub struct LapEntry {
    pub card: Located<Entry>,
    pub handling: Option<Located<LapNumber>>,
}

/// A lap card written as a map: a card name or a destiny number, and `handling:`.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct LapMap {
    #[serde(default)]
    card: Option<Located<String>>,
    #[serde(default)]
    destiny: Option<Located<i32>>,
    #[serde(default)]
    handling: Option<Located<LapNumber>>,
}

impl<'de> Deserialize<'de> for LapEntry {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        struct LapVisitor;
        impl<'de> Visitor<'de> for LapVisitor {
            type Value = LapEntry;

            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str(
                    "a destiny number, a card name, or a map with `card:` or `destiny:` and `handling:`",
                )
            }

            fn visit_i64<E: serde::de::Error>(self, value: i64) -> Result<LapEntry, E> {
                EntryVisitorFor::visit_i64(value).map(LapEntry::plain)
            }

            fn visit_u64<E: serde::de::Error>(self, value: u64) -> Result<LapEntry, E> {
                EntryVisitorFor::visit_u64(value).map(LapEntry::plain)
            }

            fn visit_str<E: serde::de::Error>(self, value: &str) -> Result<LapEntry, E> {
                Ok(LapEntry::plain(Entry::Card(CardEntry {
                    card: Located::new(value.to_string()),
                    ..CardEntry::default()
                })))
            }

            fn visit_map<A: MapAccess<'de>>(self, map: A) -> Result<LapEntry, A::Error> {
                let LapMap {
                    card,
                    destiny,
                    handling,
                } = LapMap::deserialize(MapAccessDeserializer::new(map))?;
                let card = match (card, destiny) {
                    (Some(name), None) => Located {
                        span: name.span,
                        value: Entry::Card(CardEntry {
                            card: name,
                            ..CardEntry::default()
                        }),
                    },
                    (None, Some(destiny)) => Located {
                        span: destiny.span,
                        value: Entry::Destiny(destiny.value),
                    },
                    _ => {
                        return Err(serde::de::Error::custom(
                            "a lap card has either `card:` (a name) or `destiny:` (a number)",
                        ));
                    }
                };
                Ok(LapEntry { card, handling })
            }
        }
        deserializer.deserialize_any(LapVisitor)
    }
}

/// The number forms of an [`Entry`], shared by the entries that accept them.
struct EntryVisitorFor;

impl EntryVisitorFor {
    fn visit_i64<E: serde::de::Error>(value: i64) -> Result<Entry, E> {
        i32::try_from(value)
            .map(Entry::Destiny)
            .map_err(|_| E::custom(format!("{value} is not a destiny number")))
    }

    fn visit_u64<E: serde::de::Error>(value: u64) -> Result<Entry, E> {
        i32::try_from(value)
            .map(Entry::Destiny)
            .map_err(|_| E::custom(format!("{value} is not a destiny number")))
    }
}

impl LapEntry {
    /// A lap card played as itself.
    pub fn plain(card: Entry) -> LapEntry {
        LapEntry {
            card: Located::new(card),
            handling: None,
        }
    }
}

impl Serialize for LapEntry {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeMap;
        let Some(handling) = &self.handling else {
            return self.card.serialize(serializer);
        };
        let mut map = serializer.serialize_map(Some(2))?;
        match &self.card.value {
            Entry::Destiny(number) => map.serialize_entry("destiny", number)?,
            Entry::Card(entry) => map.serialize_entry("card", &entry.card.value)?,
        }
        map.serialize_entry("handling", &handling.value)?;
        map.end()
    }
}

impl JsonSchema for LapEntry {
    fn schema_name() -> Cow<'static, str> {
        "LapEntry".into()
    }

    fn json_schema(generator: &mut SchemaGenerator) -> Schema {
        let entry = generator.subschema_for::<Entry>();
        json_schema!({
            "description": "A lap card: a card as in any zone, or a map with `card:` (a name) or `destiny:` (a number) and `handling:`, the number 1 to 6 it stands for as a handling card.",
            "anyOf": [
                entry,
                {
                    "type": "object",
                    "properties": {
                        "card": {"type": "string"},
                        "destiny": {"type": "integer", "minimum": 0, "maximum": 9},
                        "handling": {"type": "integer", "minimum": 1, "maximum": 6}
                    },
                    "additionalProperties": false
                }
            ]
        })
    }
}

/// A draw deck: its cards top first, or a count whose destiny numbers come from the seed.
#[derive(Clone, Debug, PartialEq)]
pub enum DeckFile {
    Cards(Vec<Located<Entry>>),
    Count(DeckCount),
}

/// A draw deck given as a count.
#[derive(Clone, Debug, PartialEq, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct DeckCount {
    /// How many cards.
    pub count: Located<DeckSize>,
}

impl<'de> Deserialize<'de> for DeckFile {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        struct DeckVisitor;
        impl<'de> Visitor<'de> for DeckVisitor {
            type Value = DeckFile;

            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("a list of cards (top first) or `{count: N}`")
            }

            fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<DeckFile, A::Error> {
                let mut cards = Vec::new();
                while let Some(entry) = seq.next_element::<Located<Entry>>()? {
                    cards.push(entry);
                }
                Ok(DeckFile::Cards(cards))
            }

            fn visit_map<A: MapAccess<'de>>(self, map: A) -> Result<DeckFile, A::Error> {
                DeckCount::deserialize(MapAccessDeserializer::new(map)).map(DeckFile::Count)
            }
        }
        deserializer.deserialize_any(DeckVisitor)
    }
}

impl Serialize for DeckFile {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        match self {
            DeckFile::Cards(cards) => cards.serialize(serializer),
            DeckFile::Count(count) => count.serialize(serializer),
        }
    }
}

impl JsonSchema for DeckFile {
    fn schema_name() -> Cow<'static, str> {
        "Deck".into()
    }

    fn json_schema(generator: &mut SchemaGenerator) -> Schema {
        let entry = generator.subschema_for::<Entry>();
        let count = generator.subschema_for::<DeckCount>();
        json_schema!({
            "description": "The draw deck, top card first, or a count whose destiny numbers come from the seed.",
            "anyOf": [{"type": "array", "items": entry}, count]
        })
    }
}

/// The Objective card and what is deployed to it.
#[derive(Clone, Debug, PartialEq, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ObjectiveFile {
    /// The Objective card (Boonta Eve Classic).
    pub card: Located<Entry>,
    /// Lap tokens on it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub laps: Option<Located<Laps>>,
    /// The Podracer pilot and Podracer Weapon card deployed to it.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub cards: Vec<Located<Entry>>,
}

/// A player's cards outside the planets, and his counters.
#[derive(Clone, Debug, Default, PartialEq, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct PlayerFile {
    /// The draw deck, top card first: destiny numbers, card names, or `{count: N}`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub deck: Option<Located<DeckFile>>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub hand: Vec<Located<Entry>>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub discard: Vec<Located<Entry>>,
    /// Starships in Hyperspace.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub hyperspace: Vec<Located<Entry>>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub objective: Option<Located<ObjectiveFile>>,
    /// Lap cards, in the order played: entries as anywhere else, or `{destiny: N, handling:
    /// K}` / `{card: NAME, handling: K}` for one played as a handling card standing for K.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub podracing: Vec<Located<LapEntry>>,
    /// Cards put into the battle plan from the hand.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub battle_plan: Vec<Located<Entry>>,
    /// Deploy counters used this turn.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub counters_spent: Option<Located<Counters>>,
    /// Whether this player has already initiated a duel this turn.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub dueled_this_turn: bool,
    /// The planets he has controlled this game, where game text asks ("when you have
    /// controlled Coruscant").
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub controlled: Vec<Located<String>>,
}

/// A planet: each player's cards there.
#[derive(Clone, Debug, Default, PartialEq, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct PlanetFile {
    /// The Light Side player's locations, characters, weapons and Effects here.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub light: Vec<Located<Entry>>,
    /// The Dark Side player's locations, characters, weapons and Effects here.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub dark: Vec<Located<Entry>>,
}
