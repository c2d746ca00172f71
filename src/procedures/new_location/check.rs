//! A new location's Effects add no finding about a position: the board's own (one Effect per
//! planet and player) are `legality`'s.
