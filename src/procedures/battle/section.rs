//! The `battle:` section of a scenario: where a battle or an evacuation takes place, and the battle plans already made.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use std::collections::BTreeSet;

use crate::board::{Board, CardId, Planet, SpanNote, Zone};
use crate::cards::{Card, Side};
use crate::scenario::{Builder, Located, SectionFile};

/// A battle or an evacuation as the judge finds it: the planet, and each player's battle
/// plan if it is made (a side left out makes its plan by decisions).
#[derive(Clone, Debug, Default, PartialEq, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct BattleFile {
    /// The planet of the battle, or the planet evacuated; left out, the current planet.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub planet: Option<Located<String>>,
    /// Evacuation: the cards the evacuating player says he evacuates; left out, all his
    /// characters and weapons there. Naming fewer is a partial evacuation, which the rules
    /// refuse.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub evacuating: Option<Located<Vec<Located<String>>>>,
    /// The Light Side player's battle plan, in order: one entry per fight.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub light: Option<Located<Vec<Located<PlanEntryFile>>>>,
    /// The Dark Side player's battle plan.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub dark: Option<Located<Vec<Located<PlanEntryFile>>>>,
}

/// One entry of a battle plan.
#[derive(Clone, Debug, Default, PartialEq, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct PlanEntryFile {
    /// The character (or, in a starship battle, the starship) that fights.
    pub fighter: Located<String>,
    /// A second card that fights together with it (a Battle card must allow it).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub together_with: Option<Located<String>>,
    /// A third card that fights together with the two (a Battle card must allow three).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub also_with: Option<Located<String>>,
    /// The weapon it fights with, at the planet.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub weapon: Option<Located<String>>,
    /// A second weapon it fights with, where its Battle card lets it use two.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub second_weapon: Option<Located<String>>,
    /// Battle cards inserted from the hand for this fight (only the first works).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub battle_cards: Vec<Located<String>>,
}

/// One entry of a battle plan: the card (or, with a Battle card that lets them fight
/// together, cards) in one fight, the weapon it fights with and the Battle cards inserted for
/// it.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct PlanEntry {
    pub fighters: Vec<CardId>,
    pub weapon: Option<CardId>,
    /// A second weapon, where its Battle card lets its user use two.
    pub second_weapon: Option<CardId>,
    pub battle_cards: Vec<CardId>,
    /// The Battle card whose text sent its fighter to fight this fight in place of the next
    /// entry of his plan.
    pub sent_by: Option<CardId>,
    /// Where the scenario states the entry (its fighter's name), for diagnostics.
    pub span: SpanNote,
}

impl PlanEntry {
    /// The weapons it fights with: none, one, or two.
    pub fn weapons(&self) -> impl Iterator<Item = CardId> + '_ {
        self.weapon.into_iter().chain(self.second_weapon)
    }
}

/// A battle or an evacuation as a scenario states it: where, and the battle plans already
/// made (a side left out makes its plan by decisions).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct BattleSetup {
    /// The planet of the battle or of the evacuation; `None`: the current planet.
    pub planet: Option<Planet>,
    pub light: Option<Vec<PlanEntry>>,
    pub dark: Option<Vec<PlanEntry>>,
    /// The cards the evacuating player says he evacuates, if the scenario names them.
    pub evacuating: Option<Vec<CardId>>,
    pub span: SpanNote,
}

impl BattleSetup {
    pub fn plan(&self, side: Side) -> Option<&Vec<PlanEntry>> {
        match side {
            Side::Light => self.light.as_ref(),
            Side::Dark => self.dark.as_ref(),
        }
    }
}

impl SectionFile for BattleFile {
    const KEY: &'static str = "battle";
    const ABOUT: &'static str = "A battle or an evacuation (Young Jedi): its planet and the battle plans already made;\n`action: battle` and `action: evacuate` walk it.";
    type Stated = BattleSetup;

    /// The `battle:` section: its planet, the cards evacuated, and the stated plans, each
    /// name found among the side's cards where the rules put it (two copies of a card are
    /// two entries).
    fn build(section: &Located<BattleFile>, builder: &mut Builder<'_>) -> Option<BattleSetup> {
        let file = &section.value;
        let mut setup = BattleSetup {
            span: SpanNote(section.span),
            ..Default::default()
        };
        if let Some(planet) = &file.planet {
            setup.planet = builder.planet(planet);
        }
        let planet = setup.planet.or(builder.board.current_planet);
        let mut taken = BTreeSet::new();
        if let Some(evacuating) = &file.evacuating {
            let side = builder.board.turn.unwrap_or(Side::Light);
            let zones: Vec<Zone> = planet.map(|p| Zone::InPlay(p, side)).into_iter().collect();
            let mut cards = Vec::new();
            for name in &evacuating.value {
                if let Some(id) = builder.find_in(
                    &zones,
                    side,
                    name,
                    "evacuated card",
                    "battle-card-not-there",
                    &mut taken,
                ) {
                    cards.push(id);
                }
            }
            setup.evacuating = Some(cards);
        }
        for side in [Side::Light, Side::Dark] {
            let plan = match side {
                Side::Light => &file.light,
                Side::Dark => &file.dark,
            };
            let Some(plan) = plan else { continue };
            let fighter_zones: Vec<Zone> = planet
                .map(|p| Zone::InPlay(p, side))
                .into_iter()
                .chain([Zone::Hyperspace(side), Zone::Hand(side)])
                .collect();
            let weapon_zones: Vec<Zone> =
                planet.map(|p| Zone::InPlay(p, side)).into_iter().collect();
            let card_zones = [Zone::BattlePlan(side), Zone::Hand(side)];
            let mut entries = Vec::new();
            for located in &plan.value {
                let entry = &located.value;
                let mut planned = PlanEntry {
                    span: SpanNote(entry.fighter.span.or(located.span)),
                    ..Default::default()
                };
                for name in std::iter::once(&entry.fighter)
                    .chain(entry.together_with.as_ref())
                    .chain(entry.also_with.as_ref())
                {
                    if let Some(id) = builder.find_in(
                        &fighter_zones,
                        side,
                        name,
                        "fighter",
                        "battle-card-not-there",
                        &mut taken,
                    ) {
                        planned.fighters.push(id);
                    }
                }
                for (named, slot) in [
                    (&entry.weapon, &mut planned.weapon),
                    (&entry.second_weapon, &mut planned.second_weapon),
                ] {
                    if let Some(weapon) = named {
                        *slot = builder.find_in(
                            &weapon_zones,
                            side,
                            weapon,
                            "weapon",
                            "battle-card-not-there",
                            &mut taken,
                        );
                    }
                }
                for name in &entry.battle_cards {
                    if let Some(id) = builder.find_in(
                        &card_zones,
                        side,
                        name,
                        "Battle card",
                        "battle-card-not-there",
                        &mut taken,
                    ) {
                        planned.battle_cards.push(id);
                    }
                }
                entries.push(planned);
            }
            match side {
                Side::Light => setup.light = Some(entries),
                Side::Dark => setup.dark = Some(entries),
            }
        }
        Some(setup)
    }

    /// A battle's or an evacuation's stated plans as the scenario's `battle:` section; each
    /// card by the name that finds it.
    fn write(setup: &BattleSetup, board: &Board) -> BattleFile {
        let name = |id: &CardId| {
            Located::new(
                board
                    .card(*id)
                    .map(Card::unambiguous_name)
                    .unwrap_or_default(),
            )
        };
        let plan = |entries: &Vec<PlanEntry>| {
            Located::new(
                entries
                    .iter()
                    .filter_map(|entry| {
                        let (fighter, together) = entry.fighters.split_first()?;
                        Some(Located::new(PlanEntryFile {
                            fighter: name(fighter),
                            together_with: together.first().map(name),
                            also_with: together.get(1).map(name),
                            weapon: entry.weapon.as_ref().map(name),
                            second_weapon: entry.second_weapon.as_ref().map(name),
                            battle_cards: entry.battle_cards.iter().map(name).collect(),
                        }))
                    })
                    .collect(),
            )
        };
        BattleFile {
            planet: setup
                .planet
                .map(|planet: Planet| Located::new(planet.name().to_string())),
            evacuating: setup
                .evacuating
                .as_ref()
                .map(|cards| Located::new(cards.iter().map(name).collect())),
            light: setup.light.as_ref().map(plan),
            dark: setup.dark.as_ref().map(plan),
        }
    }
}
