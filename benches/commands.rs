//! Benchmark: reading the corpus and catalog as the build does, the look-ups a judge runs most,
//! the walk of every bundled duel, battle, deploy and Clash game, and `check` of every bundled scenario.

use std::hint::black_box;
use std::time::{Duration, Instant};

use jedi_judge::cli::execute;
use jedi_judge::render::Palette;
use jedi_judge::rules::{Corpus, Ruleset};

/// Runs `work` repeatedly for about a second and prints the mean time per run.
fn bench(name: &str, mut work: impl FnMut()) {
    work();
    let started = Instant::now();
    let mut runs = 0u32;
    while started.elapsed() < Duration::from_secs(1) {
        work();
        runs += 1;
    }
    let mean = started.elapsed() / runs.max(1);
    println!(
        "{name:<44} {:>10.1} µs/run  ({runs} runs)",
        mean.as_secs_f64() * 1e6
    );
}

fn main() {
    let sources: Vec<(String, String)> =
        std::fs::read_dir(std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("rulings"))
            .into_iter()
            .flatten()
            .flatten()
            .filter_map(|entry| {
                let path = entry.path();
                std::fs::read_to_string(&path)
                    .ok()
                    .map(|text| (path.display().to_string(), text))
            })
            .collect();
    let pairs: Vec<(&str, &str)> = sources
        .iter()
        .map(|(file, text)| (file.as_str(), text.as_str()))
        .collect();
    bench(
        "read the corpus from its YAML (what the build does)",
        || {
            black_box(Corpus::from_yaml(&pairs).ok());
        },
    );
    bench(
        "assemble the catalog from its YAML (what the build does)",
        || {
            black_box(
                jedi_judge::cards::Catalog::build(
                    Corpus::embedded(),
                    jedi_judge::cards::CATALOG_SOURCE,
                )
                .ok(),
            );
        },
    );
    bench(
        "load the whole embedded catalog: its name index and every card",
        || {
            let catalog = jedi_judge::cards::Catalog::embedded_unmade();
            black_box(catalog.index());
            black_box(catalog.cards().len());
        },
    );
    bench("rules show duel.initiation", || {
        black_box(execute(
            ["jedi-judge", "rules", "show", "duel.initiation"],
            |_| Palette::plain(),
        ));
    });
    bench("rules search lightsaber duel", || {
        black_box(execute(
            ["jedi-judge", "rules", "search", "lightsaber", "duel"],
            |_| Palette::plain(),
        ));
    });
    bench("rules diff 2000-12-01 latest", || {
        black_box(execute(
            ["jedi-judge", "rules", "diff", "2000-12-01", "latest"],
            |_| Palette::plain(),
        ));
    });
    bench("cards show maul student", || {
        black_box(execute(
            ["jedi-judge", "cards", "show", "maul", "student"],
            |_| Palette::plain(),
        ));
    });
    let _ = Ruleset::latest();
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("scenarios");
    let mut files: Vec<std::path::PathBuf> = std::fs::read_dir(&root)
        .into_iter()
        .flatten()
        .flatten()
        .flat_map(|folder| {
            std::fs::read_dir(folder.path())
                .into_iter()
                .flatten()
                .flatten()
        })
        .map(|entry| entry.path())
        .filter(|path| path.extension().is_some_and(|ext| ext == "yaml"))
        .collect();
    files.sort();
    let texts: Vec<(String, String)> = files
        .iter()
        .filter_map(|path| {
            std::fs::read_to_string(path)
                .ok()
                .map(|text| (path.display().to_string(), text))
        })
        .collect();
    let corpus = Corpus::embedded();
    let catalog = jedi_judge::cards::Catalog::embedded();
    let mut slowest_walk = (0.0f64, String::new());
    for (name, text) in texts.iter().filter(|(name, _)| walkable(name)) {
        let started = Instant::now();
        let mut runs = 0u32;
        while started.elapsed() < Duration::from_millis(100) {
            let walked = jedi_judge::walk::walk_text(text, corpus, catalog, None, None, None);
            if let Ok(walked) = walked {
                black_box(jedi_judge::render::walk::render(
                    &walked,
                    corpus,
                    jedi_judge::render::Format::Text,
                    Palette::plain(),
                ));
            }
            runs += 1;
        }
        let mean = started.elapsed().as_secs_f64() / f64::from(runs.max(1));
        if mean > slowest_walk.0 {
            slowest_walk = (mean, name.clone());
        }
    }
    println!(
        "walk and render, slowest bundled walk             {:>10.1} µs/run  ({})",
        slowest_walk.0 * 1e6,
        slowest_walk.1
    );
    let mut slowest = (0.0f64, String::new());
    for (name, text) in &texts {
        let started = Instant::now();
        let mut runs = 0u32;
        while started.elapsed() < Duration::from_millis(100) {
            black_box(jedi_judge::check::check_text(
                name, text, corpus, catalog, None,
            ));
            runs += 1;
        }
        let mean = started.elapsed().as_secs_f64() / f64::from(runs.max(1));
        if mean > slowest.0 {
            slowest = (mean, name.clone());
        }
    }
    println!(
        "check, slowest of {} bundled scenarios           {:>10.1} µs/run  ({})",
        texts.len(),
        slowest.0 * 1e6,
        slowest.1
    );
    generated_positions_near_the_size_limit();
    process_times(&files);
}

/// Whether a bundled scenario is one the benchmark walks: any but the positions for `check`
/// and the bad input.
fn walkable(name: &str) -> bool {
    !["/check/", "/bad-input/"]
        .iter()
        .any(|folder| name.contains(folder))
}

/// The median time of a whole process (start, command, exit), over runs interleaved with
/// runs of the others so that the machine's drift touches all alike.
fn median_process_times(commands: &[Vec<String>], runs: usize) -> Vec<Duration> {
    let binary = env!("CARGO_BIN_EXE_jedi-judge");
    let mut times: Vec<Vec<Duration>> = vec![Vec::new(); commands.len()];
    for _ in 0..runs {
        for (index, args) in commands.iter().enumerate() {
            let started = Instant::now();
            let _ = std::process::Command::new(binary)
                .args(args)
                .stdout(std::process::Stdio::null())
                .stderr(std::process::Stdio::null())
                .status();
            if let Some(list) = times.get_mut(index) {
                list.push(started.elapsed());
            }
        }
    }
    times
        .into_iter()
        .map(|mut list| {
            list.sort();
            list.get(list.len() / 2).copied().unwrap_or_default()
        })
        .collect()
}

/// Every bundled walk and check, in text and in JSON, `rules search`, `cards list` and
/// `search`, and `schema`, as whole processes against `jedi-judge --version` (goals: under 2
/// times, `rules search` under 1.5 times).
fn process_times(files: &[std::path::PathBuf]) {
    let mut commands: Vec<Vec<String>> = vec![vec!["--version".to_string()]];
    for path in files {
        let name = path.display().to_string();
        for command in ["walk", "check"] {
            if command == "walk" && !walkable(&name) {
                continue;
            }
            commands.push(vec![command.to_string(), name.clone()]);
            commands.push(vec![
                command.to_string(),
                "--format".to_string(),
                "json".to_string(),
                name.clone(),
            ]);
        }
    }
    for query in [
        ["dueling", "hand"],
        ["thrust", "tokens"],
        ["evacuate", "planet"],
    ] {
        let mut args = vec!["rules".to_string(), "search".to_string()];
        args.extend(query.iter().map(|word| word.to_string()));
        commands.push(args);
    }
    // The look-ups that print the most: the whole catalog, a search, a schema.
    for args in [
        vec!["cards", "list"],
        vec!["cards", "search", "maul"],
        vec!["schema", "walk"],
        vec!["schema"],
    ] {
        commands.push(args.into_iter().map(str::to_string).collect());
    }
    let times = median_process_times(&commands, 25);
    let Some(version) = times.first().copied() else {
        return;
    };
    let ratio = |time: Duration| time.as_secs_f64() / version.as_secs_f64().max(1e-9);
    let mut worst: std::collections::BTreeMap<&str, (f64, String)> = Default::default();
    for (args, time) in commands.iter().zip(&times).skip(1) {
        let json = args.iter().any(|arg| arg == "json");
        let kind = match (args.first().map(String::as_str), json) {
            (Some("walk"), false) => "walk",
            (Some("walk"), true) => "walk, JSON",
            (Some("check"), false) => "check",
            (Some("check"), true) => "check, JSON",
            (Some("cards"), _) => "cards look-up",
            (Some("schema"), _) => "schema",
            _ => "rules search",
        };
        let entry = worst.entry(kind).or_insert((0.0, String::new()));
        if ratio(*time) > entry.0 {
            *entry = (ratio(*time), args.join(" "));
        }
    }
    println!(
        "process: jedi-judge --version                  {:>8.2} ms",
        version.as_secs_f64() * 1e3
    );
    for (kind, (worst_ratio, args)) in worst {
        let goal = if kind == "rules search" { 1.5 } else { 2.0 };
        println!(
            "process: slowest {kind:<14} {worst_ratio:>5.2} × --version (goal under {goal}): {args}"
        );
    }
}

/// Positions of almost 1 MiB, the most a scenario may be: every one is checked and walked
/// in well under a second (the goal), however its size is spent.
fn generated_positions_near_the_size_limit() {
    let limit = jedi_judge::scenario::MAX_SCENARIO_BYTES;
    let mut duel = String::from(
        "action: duel\nturn: dark\nstep: battle\ncurrent_planet: Naboo\npolicy: first-option\n\
         cards:\n  Darth Maul, Student of the Dark Side: {power: 4, damage: 3}\n  \
         Darth Maul's Lightsaber (The Jedi Council): {type: weapon, side: dark, usable_by: [Darth Maul], power_bonus: 1}\n  \
         Qui-Gon Jinn, Jedi Mentor: {power: 4, damage: 3}\n\
         dark:\n  deck: [4, 2, 6, 3, 1, 5, 2, 4, 6, 3]\nlight:\n  deck: [4, 1, 3, 5, 2, 6, 3, 3, 4]\n\
         planets:\n  Naboo:\n    dark:\n      - Darth Maul's Lightsaber (The Jedi Council)\n",
    );
    let per_side = (limit - duel.len() - 20) / (21 + 23);
    for _ in 0..per_side {
        duel.push_str("      - maul student\n");
    }
    duel.push_str("    light:\n");
    for _ in 0..per_side {
        duel.push_str("      - qui-gon mentor\n");
    }
    let mut unknown = String::from("light:\n  hand: [");
    let mut number = 0u32;
    while unknown.len() < limit - 20 && number < 60_000 {
        unknown.push_str(&format!("zz{number}, "));
        number += 1;
    }
    unknown.push_str("zz]\n");
    let deck = vec!["3"; 45_000].join(", ");
    let decks = format!("light: {{deck: [{deck}]}}\ndark: {{deck: [{deck}]}}\n");
    // A duel under way whose dueling hands hold 10,000 cards each.
    let numbers = |count: usize| -> String {
        (0..count)
            .map(|at| ((at * 7 + 3) % 6 + 1).to_string())
            .collect::<Vec<_>>()
            .join(", ")
    };
    let big_hands = format!(
        "action: duel\nturn: dark\nstep: battle\ncurrent_planet: Naboo\npolicy: block-when-able\n\
         cards:\n  Darth Maul, Student of the Dark Side: {{power: 3, damage: 20, text: none}}\n  \
         Qui-Gon Jinn, Jedi Mentor: {{power: 3, damage: 20, text: none}}\n\
         dark:\n  deck: [2, 2, 6, 6]\nlight:\n  deck: [1, 1, 6, 6]\n\
         planets:\n  Naboo:\n    dark: [maul student]\n    light: [qui-gon mentor]\n\
         duel:\n  initiator: dark\n  next: dark\n  pending: attack\n  \
         dark: {{fighter: maul student, hand: [{}]}}\n  light: {{fighter: qui-gon mentor, hand: [{}]}}\n",
        numbers(10_000),
        numbers(10_000)
    );
    // A Podrace Deploy step over a Podracing pile of 60,000 cards.
    let big_pile = format!(
        "action: podrace\nturn: light\nstep: deploy\npolicy: first-option\n\
         light:\n  objective:\n    card: Boonta Eve Classic\n    cards:\n      \
         - {{card: \"Wan Sandage, Podracer Pilot\", thrust: 3}}\n      - Wan Sandage's Podracer\n  \
         podracing: [{}]\n  hand: [5, 6, 1, 2]\n  deck: [3, 3]\n",
        numbers(60_000)
    );
    // An interception in which the Dark Side player adds 10,000 starships from his hand.
    let ships = vec!["\"Droid Starfighter\""; 10_000].join(", ");
    let interception = format!(
        "action: evacuate\nturn: light\ncurrent_planet: Naboo\n\
         cards:\n  Republic Cruiser, Transport (Menace of Darth Maul): {{power: 4}}\n\
         light:\n  deck: {{count: 200}}\n  hyperspace: [\"Republic Cruiser, Transport (Menace of Darth Maul)\"]\n\
         dark:\n  deck: {{count: 200}}\n  hand: [{ships}]\n\
         planets:\n  Naboo:\n    light: [\"Qui-Gon Jinn, Jedi Master\"]\n    dark: [\"Darth Maul, Sith Apprentice\"]\n\
         decisions:\n  dark:\n    starships: [{ships}]\n    intercept: true\n"
    );
    // A battle of 10,000 characters a side whose plans the policy makes.
    let guards = vec!["\"Naboo Security, Guard\""; 10_000].join(", ");
    let droids = vec!["\"Battle Droid: Infantry, AAT Division\""; 10_000].join(", ");
    let big_battle = format!(
        "action: battle\nturn: dark\nstep: battle\ncurrent_planet: Naboo\npolicy: block-when-able\n\
         light:\n  deck: {{count: 200}}\ndark:\n  deck: {{count: 200}}\n\
         planets:\n  Naboo:\n    light: [{guards}]\n    dark: [{droids}]\n"
    );
    let corpus = Corpus::embedded();
    let catalog = jedi_judge::cards::Catalog::embedded();
    for (what, text) in [
        (format!("{per_side} characters a side"), &duel),
        (format!("{number} unknown card names"), &unknown),
        ("two decks of 45,000 cards".to_string(), &decks),
        ("dueling hands of 10,000".to_string(), &big_hands),
        ("a Podracing pile of 60,000".to_string(), &big_pile),
        ("10,000 starships intercepting".to_string(), &interception),
        ("battle, 10,000 a side by policy".to_string(), &big_battle),
    ] {
        assert!(text.len() <= limit, "{what}: {} bytes", text.len());
        let started = Instant::now();
        let report = jedi_judge::check::check_text("generated.yaml", text, corpus, catalog, None);
        let rendered: usize = report
            .diagnostics(corpus)
            .iter()
            .map(|diagnostic| {
                jedi_judge::diagnostics::render_diagnostic(diagnostic, Palette::plain()).len()
            })
            .sum();
        let checked = started.elapsed();
        let started = Instant::now();
        let walked = jedi_judge::walk::walk_text(text, corpus, catalog, None, None, None);
        if let Ok(walked) = &walked {
            black_box(jedi_judge::render::walk::render(
                walked,
                corpus,
                jedi_judge::render::Format::Text,
                Palette::plain(),
            ));
        }
        let walk = started.elapsed();
        println!(
            "1 MiB position, {what:<28} check {:>7.1} ms ({rendered} bytes shown), walk {:>7.1} ms  (goal: under 1,000 ms)",
            checked.as_secs_f64() * 1e3,
            walk.as_secs_f64() * 1e3,
        );
    }
}
