//! The decisions deploying a card asks: the card its text deploys from the draw deck.

use crate::engine::decisions::DecisionKind;

/// Every decision deploying a card asks.
pub const KINDS: &[&DecisionKind] = &[crate::engine::from_deck::FETCH];
