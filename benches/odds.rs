//! Benchmark: the odds. The exact answer of a duel of ten-card dueling hands against ten
//! (`scenarios/odds/ten-against-ten-exact.yaml`), beside the naive reference that runs every
//! order of both decks (timed on its first runs and projected to all of them, since 12! × 12!
//! runs cannot be made); and both run to their end on a small position, where they must
//! agree. `cargo bench --bench odds`.

use std::hint::black_box;
use std::time::{Duration, Instant};

use jedi_judge::cards::Catalog;
use jedi_judge::odds::{OddsAsk, odds_text};
use jedi_judge::procedures::odds::{Flow, Method, OddsAnswer};
use jedi_judge::rules::Corpus;

/// A small position both methods finish: dueling hands of three from decks of five and six.
const SMALL: &str = "\
title: Hands of three from decks of five and six
action: duel
turn: dark
step: battle
current_planet: Naboo
cards:
  Darth Maul, Student of the Dark Side: {power: 2, damage: 3, text: none}
  Darth Maul's Lightsaber (The Jedi Council): {power_bonus: 1}
  Qui-Gon Jinn, Jedi Mentor: {power: 3, damage: 3, text: none}
dark:
  deck: [1, 1, 2, 2, 3]
light:
  deck: [1, 1, 2, 2, 3, 3]
planets:
  Naboo:
    dark: [maul student, Darth Maul's Lightsaber (The Jedi Council)]
    light: [qui-gon mentor]
";

fn answer(text: &str, method: Method) -> OddsAnswer {
    let ask = OddsAsk {
        method: Some(method),
        ..OddsAsk::default()
    };
    match odds_text(
        text,
        Corpus::embedded(),
        Catalog::embedded(),
        &ask,
        &mut |_| Flow::Go,
    ) {
        Ok(report) => report.answer,
        Err(error) => panic!("no odds: {error:?}"),
    }
}

/// Runs `work` for about `budget` (at least `least` times) and returns the mean seconds.
fn mean_seconds(budget: Duration, least: u32, mut work: impl FnMut()) -> f64 {
    work();
    let started = Instant::now();
    let mut runs = 0u32;
    while runs < least || started.elapsed() < budget {
        work();
        runs += 1;
    }
    started.elapsed().as_secs_f64() / f64::from(runs.max(1))
}

fn factorial(n: u32) -> f64 {
    (1..=n).map(f64::from).product()
}

fn main() {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("scenarios/odds/ten-against-ten-exact.yaml");
    let Ok(ten) = std::fs::read_to_string(&path) else {
        eprintln!("{} is missing", path.display());
        return;
    };
    let exact = answer(&ten, Method::Exact);
    let exact_seconds = mean_seconds(Duration::from_secs(2), 5, || {
        black_box(answer(&ten, Method::Exact));
    });
    println!(
        "10 v 10, exact: {:.1} ms ({} cases, {} runs, {} of them resumed from a state shared with others; goal under 50 ms)",
        exact_seconds * 1e3,
        match exact.reached {
            jedi_judge::procedures::odds::Reached::Exact { cases } => cases,
            _ => 0,
        },
        exact.runs,
        exact.resumed
    );
    // The naive reference: every order of both twelve-card decks. Timed on its first runs.
    const NAIVE_RUNS: u64 = 20_000;
    let started = Instant::now();
    let naive = answer(&ten, Method::EveryOrder(NAIVE_RUNS));
    let per_run = started.elapsed().as_secs_f64() / naive.runs.max(1) as f64;
    let orders = factorial(12) * factorial(12);
    let projected = per_run * orders;
    println!(
        "10 v 10, every order (naive): {:.1} µs a run over its first {} runs; {:.3e} orders, so about {:.2e} s ({:.1e} years)",
        per_run * 1e6,
        NAIVE_RUNS,
        orders,
        projected,
        projected / (365.25 * 24.0 * 3600.0)
    );
    println!(
        "10 v 10: exact is about {:.1e} times faster than every order (projected)",
        projected / exact_seconds
    );
    // A position small enough for both to finish: they must agree, fraction for fraction.
    let small_exact = answer(SMALL, Method::Exact);
    let small_exact_seconds = mean_seconds(Duration::from_secs(1), 5, || {
        black_box(answer(SMALL, Method::Exact));
    });
    let started = Instant::now();
    let small_naive = answer(SMALL, Method::EveryOrder(u64::MAX));
    let small_naive_seconds = started.elapsed().as_secs_f64();
    let agree = small_exact.distribution == small_naive.distribution;
    println!(
        "hands of 3, decks of 5 and 6: exact {:.2} ms ({} runs), every order {:.2} s ({} runs), both run to the end: exact {:.0} times faster; the answers {}",
        small_exact_seconds * 1e3,
        small_exact.runs,
        small_naive_seconds,
        small_naive.runs,
        small_naive_seconds / small_exact_seconds,
        if agree { "agree" } else { "DIFFER" }
    );
    if !agree {
        std::process::exit(1);
    }
}
