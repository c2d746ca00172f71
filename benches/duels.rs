//! Benchmark: duels a second on one core, for every bundled duel, each decision answered by
//! the block-when-able policy: simulated as the odds run it (a board already built, no word
//! built: run only; from the state every run passes through before a draw deck is touched,
//! made once, as the odds make their runs after the first), simulated whole (every turn from
//! the table), walked (a board already built, the walkthrough made), and walked from the
//! scenario's text (with the board build). `cargo bench --bench duels`.

use std::hint::black_box;
use std::time::{Duration, Instant};

use jedi_judge::cards::Catalog;
use jedi_judge::engine::deciders::{Policy, Script, Scripted};
use jedi_judge::procedures::contract::{Start, WalkRequest};
use jedi_judge::procedures::{Choices, find};
use jedi_judge::rules::Corpus;
use jedi_judge::scenario::GameName;

/// Runs `work` for about `budget` and returns the mean seconds per run.
fn mean_seconds(budget: Duration, mut work: impl FnMut()) -> f64 {
    work();
    let started = Instant::now();
    let mut runs = 0u32;
    while started.elapsed() < budget {
        work();
        runs += 1;
    }
    started.elapsed().as_secs_f64() / f64::from(runs.max(1))
}

fn main() {
    let corpus = Corpus::embedded();
    let catalog = Catalog::embedded();
    let Some((door, _)) = find(GameName::YoungJedi, "duel") else {
        eprintln!("no duel procedure");
        return;
    };
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("scenarios");
    let mut files: Vec<std::path::PathBuf> = ["duel", "players-committee"]
        .iter()
        .flat_map(|folder| std::fs::read_dir(root.join(folder)).into_iter().flatten())
        .flatten()
        .map(|entry| entry.path())
        .filter(|path| path.extension().is_some_and(|ext| ext == "yaml"))
        .collect();
    files.sort();
    let (mut simulated_total, mut whole_total, mut run_total, mut built_total, mut duels) =
        (0.0f64, 0.0f64, 0.0f64, 0.0f64, 0u32);
    println!(
        "{:<72} {:>14} {:>10} {:>10} {:>14}",
        "duel", "simulated µs", "whole µs", "walk µs", "with build µs"
    );
    for path in &files {
        let Ok(text) = std::fs::read_to_string(path) else {
            continue;
        };
        if !text.contains("\naction: duel") {
            continue;
        }
        let name = path.display().to_string();
        let report = jedi_judge::check::check_text(&name, &text, corpus, catalog, None);
        let Some(board) = report.board else { continue };
        let policies = jedi_judge::procedures::odds::Policies {
            light: Policy::BlockWhenAble,
            dark: Policy::BlockWhenAble,
        };
        let choices = Choices::default();
        let Ok(simulator) = door.simulator(&board, corpus, "duel", &choices, policies) else {
            continue;
        };
        let simulated = mean_seconds(Duration::from_millis(200), || {
            black_box(simulator.once().is_ok());
        });
        let whole = mean_seconds(Duration::from_millis(200), || {
            black_box(simulator.once_whole().is_ok());
        });
        let run = mean_seconds(Duration::from_millis(200), || {
            let mut decider = Scripted::new(Script::default(), Some(Policy::BlockWhenAble));
            black_box(
                door.walk(WalkRequest {
                    corpus,
                    catalog,
                    action: "duel",
                    start: Start::Board(&board),
                    decider: &mut decider,
                    policy: Some(Policy::BlockWhenAble),
                    choices: Choices::default(),
                    observe: &mut |_, _| {},
                })
                .is_ok(),
            );
        });
        let built = mean_seconds(Duration::from_millis(200), || {
            black_box(
                jedi_judge::walk::walk_text(
                    &text,
                    corpus,
                    catalog,
                    None,
                    Some(Policy::BlockWhenAble),
                    None,
                )
                .is_ok(),
            );
        });
        let short = path
            .strip_prefix(&root)
            .map_or(name.clone(), |short| short.display().to_string());
        println!(
            "{short:<72} {:>14.2} {:>10.2} {:>10.1} {:>14.1}",
            simulated * 1e6,
            whole * 1e6,
            run * 1e6,
            built * 1e6
        );
        simulated_total += simulated;
        whole_total += whole;
        run_total += run;
        built_total += built;
        duels += 1;
    }
    let count = f64::from(duels.max(1));
    println!(
        "{duels} duels: {:.0} simulated duels a second run only, as the odds run them ({:.2} µs each); {:.0} whole, from the table ({:.2} µs each); walked, {:.0} a second ({:.1} µs each), {:.0} with the board build ({:.1} µs each)",
        count / simulated_total,
        simulated_total / count * 1e6,
        count / whole_total,
        whole_total / count * 1e6,
        count / run_total,
        run_total / count * 1e6,
        count / built_total,
        built_total / count * 1e6
    );
}
