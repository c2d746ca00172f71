//! Cards: the model, the catalog of the cards the sources name, forgiving name look-up, and traits derived by rule.

mod assemble;
pub mod card_text;
mod catalog;
pub mod convert;
mod cross_check;
pub mod filter;
pub mod matching;
mod model;
mod names;
pub mod resolve;
mod row;
pub mod traits;
pub mod users;

pub use assemble::{AssemblyError, SAME_TITLE_SAME_PERSON};
pub use catalog::{CATALOG_SOURCE, Catalog, CatalogError, NotAHalf};
pub use matching::{CardLookupError, find, suggest};
pub use model::{
    Aura, BattleEffect, BoxDeclaration, Card, CardType, ClashFacts, Condition, ConditionTrait,
    ConditionalBonus, DamageModifier, DeployCost, DeployFetch, DeployTrigger, DestinyText,
    Disagreement, DuelingEffect, DuelistText, Fact, FightResult, Game, GameText, Half, Identity,
    LocationBonus, ModifiedCards, ModifierTarget, OnDeploy, PodraceText, Printing, Side, Source,
    StatValue, Stats, TraitKind, WeaponBox, WhoseTurn, anonymous_name, disagreement_kind,
    split_name,
};
pub use resolve::{Looking, Resolved, Table};
pub use row::{CardRow, PrintedNumber, RowTable};
pub use traits::{DerivedTrait, TraitValue};
