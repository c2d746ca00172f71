//! Clash of the Lightsabers adds no finding beyond its table's own: the rulebook's deck lists
//! and piles are checked with the table (`clash::check`).
