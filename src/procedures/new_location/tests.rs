//! A new location's Effects, step by step: who chooses first, and a player with no Effect in
//! his deck is not asked.

use super::NewLocationProcedure;
use crate::cards::Side;
use crate::engine::Advance;
use crate::procedures::testing::{run, until_decided};

/// The first location of Tatooine put down by `by`, each deck as given.
fn tatooine(by: &str, light_deck: &str, dark_deck: &str, decisions: &str) -> String {
    format!(
        "action: new-location\nturn: light\ncurrent_planet: Tatooine\nseed: 4\n\
         light:\n  deck: {light_deck}\ndark:\n  deck: {dark_deck}\n\
         planets:\n  Tatooine:\n    dark: [\"Tatooine • Desert Landing Site\"]\n\
         new_location:\n  by: {by}\n  occasion: took-control\n{decisions}"
    )
}

#[test]
fn the_player_who_put_the_location_down_chooses_first() {
    let yaml = tatooine("dark", "[Jedi Meditation, 3]", "[2, The Duel Begins]", "");
    let (_, next) = until_decided::<NewLocationProcedure>(&yaml, "new-location");
    let Advance::Decide(decision) = next else {
        panic!("expected a choice of Effect, got {next:?}");
    };
    assert_eq!(decision.who, Side::Dark);
    assert_eq!(decision.kind.name, "new-planet-effect");
}

#[test]
fn a_player_with_no_effect_in_his_deck_is_not_asked() {
    let yaml = tatooine(
        "dark",
        "[Jedi Meditation, 3]",
        "[2, 4]",
        "decisions:\n  light:\n    effect_card: Jedi Meditation\n",
    );
    let (run, _, result) = run::<NewLocationProcedure>(&yaml, "new-location");
    assert!(run.stop.is_none(), "{:?}", run.stop);
    assert_eq!(result.dark_effect, None);
    assert_eq!(result.light_effect.as_deref(), Some("Jedi Meditation"));
}
