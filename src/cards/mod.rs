//! Cards: the model, the catalog of the cards the sources name, forgiving name look-up, and traits derived by rule.

mod catalog;
pub mod matching;
mod model;
pub mod traits;

pub use catalog::{CATALOG_SOURCE, Catalog, CatalogError, SAME_TITLE_SAME_PERSON};
pub use matching::{CardLookupError, find, suggest};
pub use model::{
    Card, CardType, ClashFacts, DamageModifier, DuelingEffect, Fact, Game, GameText,
    ModifierTarget, Printing, Side, Source, StatValue, Stats, TraitKind, split_name,
};
pub use traits::{DerivedTrait, TraitValue};
