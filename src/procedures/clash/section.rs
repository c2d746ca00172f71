//! Clash of the Lightsabers states nothing under way beyond its table: the scenario's
//! `clash:` is the table itself, with the battle of the round (`clash: battle:`), and the
//! scenario reader builds it.
