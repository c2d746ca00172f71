//! What every procedure's expectation compares alike: [`Unmet`] collects the differences
//! between a walk and its scenario's `expect:`, one kind of value at a time (a flag, a
//! number, a card name, a list of names, a side, the DAMAGE each player took, the cards in
//! each zone after the walk), each said the same way whichever procedure expects it.

use crate::board::{Board, ZONE_KEYS, Zone};
use crate::cards::Side;
use crate::cards::matching::normalise;
use crate::scenario::{DamageBySide, SideOrNone, ZonesBySide};

/// The differences found between a walk and what its scenario expects, a line each, in the
/// order compared. Each comparison does nothing where the scenario expects nothing.
#[derive(Debug, Default)]
pub struct Unmet(Vec<String>);

impl Unmet {
    pub fn new() -> Unmet {
        Unmet::default()
    }

    /// A difference said in the procedure's own words.
    pub fn push(&mut self, line: String) {
        self.0.push(line);
    }

    /// The differences, a line each.
    pub fn into_lines(self) -> Vec<String> {
        self.0
    }

    /// A yes or no; `actual` is `None` where the walk decided neither.
    pub fn flag(&mut self, what: &str, wanted: Option<bool>, actual: Option<bool>) {
        if let Some(wanted) = wanted
            && Some(wanted) != actual
        {
            self.push(format!(
                "{what}: expected {wanted}, got {}",
                actual.map_or("neither".to_string(), |actual| actual.to_string())
            ));
        }
    }

    /// A count.
    pub fn number(&mut self, what: &str, wanted: Option<i64>, actual: i64) {
        if let Some(wanted) = wanted
            && wanted != actual
        {
            self.push(format!("{what}: expected {wanted}, got {actual}"));
        }
    }

    /// A card's name, compared as players write names (case, accents and punctuation
    /// aside); `actual` is `None` where there is no card.
    pub fn name(&mut self, what: &str, wanted: Option<&str>, actual: Option<&str>) {
        let actual = actual.unwrap_or_default();
        if let Some(wanted) = wanted
            && normalise(wanted) != normalise(actual)
        {
            self.push(format!(
                "{what}: expected {wanted}, got {}",
                if actual.is_empty() { "none" } else { actual }
            ));
        }
    }

    /// Card names in order, compared as [`Unmet::name`] compares one.
    pub fn names(&mut self, what: &str, wanted: Option<&[String]>, actual: &[String]) {
        let normalised = |names: &[String]| -> Vec<String> {
            names.iter().map(|name| normalise(name)).collect()
        };
        if let Some(wanted) = wanted
            && normalised(wanted) != normalised(actual)
        {
            self.push(format!(
                "{what}: expected [{}], got [{}]",
                wanted.join(", "),
                actual.join(", ")
            ));
        }
    }

    /// Values in order, as their words.
    pub fn list(&mut self, what: &str, wanted: Option<Vec<String>>, actual: Vec<String>) {
        if let Some(wanted) = wanted
            && wanted != actual
        {
            self.push(format!(
                "{what}: expected [{}], got [{}]",
                wanted.join(", "),
                actual.join(", ")
            ));
        }
    }

    /// A side, or none (whose character is defeated, who wins).
    pub fn side(&mut self, what: &str, wanted: Option<SideOrNone>, actual: Option<Side>) {
        let actual = SideOrNone::of(actual);
        if let Some(wanted) = wanted
            && wanted != actual
        {
            self.push(format!(
                "{what}: expected {}, got {}",
                wanted.key(),
                actual.key()
            ));
        }
    }

    /// The winner by deck victory, or none.
    pub fn deck_victory(&mut self, wanted: Option<SideOrNone>, actual: Option<Side>) {
        self.side("deck victory", wanted, actual);
    }

    /// The DAMAGE each player took.
    pub fn damage(&mut self, wanted: Option<DamageBySide>, actual: impl Fn(Side) -> i32) {
        let Some(wanted) = wanted else {
            return;
        };
        for (side, wanted) in [(Side::Light, wanted.light), (Side::Dark, wanted.dark)] {
            let actual = actual(side);
            if wanted.get() != i64::from(actual) {
                self.push(format!(
                    "damage to the {side} player: expected {wanted}, got {actual}"
                ));
            }
        }
    }

    /// How many cards each player has in each zone named, on the board after the walk.
    pub fn zones(&mut self, wanted: Option<&ZonesBySide>, board: &Board) {
        let Some(wanted) = wanted else {
            return;
        };
        for (side, zones) in [(Side::Light, &wanted.light), (Side::Dark, &wanted.dark)] {
            for (name, wanted) in zones {
                let Some(zone) = Zone::of_key(name, side) else {
                    self.push(format!(
                        "zones: {side}: no zone is called {}; the zones are {}",
                        crate::text::quoted(name),
                        ZONE_KEYS.map(|(key, _)| key).join(", ")
                    ));
                    continue;
                };
                let actual = board.zone(zone).len();
                if wanted.u32() as usize != actual {
                    self.push(format!(
                        "cards in the {side} {name}: expected {wanted}, got {actual}"
                    ));
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_comparison_says_nothing_where_nothing_is_expected_or_all_is_as_expected() {
        let mut unmet = Unmet::new();
        unmet.flag("refused", None, Some(true));
        unmet.flag("refused", Some(true), Some(true));
        unmet.number("laps", None, 2);
        unmet.number("laps", Some(2), 2);
        unmet.name("fetched", Some("Captain Panaka"), Some("captain panaka"));
        unmet.names(
            "returned",
            Some(&["R2-D2".to_string()]),
            &["r2-d2".to_string()],
        );
        unmet.side("defeated", Some(SideOrNone::None), None);
        unmet.deck_victory(None, Some(Side::Dark));
        assert!(unmet.into_lines().is_empty());
    }

    #[test]
    fn each_difference_is_one_line_with_what_was_expected_and_what_came() {
        let mut unmet = Unmet::new();
        unmet.flag("intercepted", Some(true), None);
        unmet.number("laps", Some(3), 2);
        unmet.name("fetched", Some("Captain Panaka"), None);
        unmet.list(
            "pile",
            Some(vec!["1".to_string(), "2".to_string()]),
            vec!["1".to_string()],
        );
        unmet.side("defeated", Some(SideOrNone::Light), Some(Side::Dark));
        unmet.deck_victory(Some(SideOrNone::Dark), None);
        assert_eq!(
            unmet.into_lines(),
            [
                "intercepted: expected true, got neither",
                "laps: expected 3, got 2",
                "fetched: expected Captain Panaka, got none",
                "pile: expected [1, 2], got [1]",
                "defeated: expected light, got dark",
                "deck victory: expected dark, got none",
            ]
        );
    }
}
