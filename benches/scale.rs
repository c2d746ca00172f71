//! Scale benchmark: each generator of a large input (big hands, many cards, many ids, many
//! shell commands) run as a process at N and 4N. Time should grow about 4×, no more, and the
//! largest input, under 1 MiB, should take under a second. Run with `cargo bench --bench
//! scale`; `cargo bench --bench scale -- NAME` runs the generators whose name holds NAME.

use std::fmt::Write as _;
use std::io::Write as _;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

/// What a generator makes: the arguments of the command and its input (a file, or the lines
/// piped into the shell).
struct Input {
    args: Vec<&'static str>,
    file: Option<String>,
    piped: Option<String>,
}

/// A generator: its name, its N, and what it makes of a size.
struct Generator {
    name: &'static str,
    size: usize,
    make: fn(usize) -> Input,
}

/// Destiny-like numbers, 1 to 6, in a fixed order.
fn numbers(count: usize, start: usize) -> String {
    (0..count)
        .map(|at| ((at * 7 + start) % 6 + 1).to_string())
        .collect::<Vec<_>>()
        .join(", ")
}

fn walk(file: String) -> Input {
    Input {
        args: vec!["walk"],
        file: Some(file),
        piped: None,
    }
}

fn clash_hands(size: usize) -> Input {
    let hand = |start: usize| {
        (0..size)
            .map(|at| ((at * 3 + start) % 5 + 1).to_string())
            .collect::<Vec<_>>()
            .join(", ")
    };
    walk(format!(
        "title: big hands\ngame: clash\naction: game\nseed: 1\npolicy: strongest\nclash:\n  specials:\n    Block: {{cancel_last: true}}\n    Jedi Knight: {{attack: 3}}\n    Sith Lord: {{attack: 3}}\n    Life Drain: {{drain: 1}}\n    Qui-Gon's Fury: {{attack: 4}}\n    Darth Maul's Rage: {{attack: 4}}\n  qui-gon: {{hand: [{}]}}\n  darth-maul: {{hand: [{}]}}\n",
        hand(0),
        hand(2)
    ))
}

/// A duel under way, ready for its first attack.
fn duel_text(light_hand: &str, dark_hand: &str, expect: &str) -> String {
    format!(
        "title: a duel\naction: duel\nturn: dark\nstep: battle\ncurrent_planet: Naboo\ncards:\n  Darth Maul, Student of the Dark Side: {{power: 3, damage: 4, text: none}}\n  Darth Maul's Lightsaber (The Jedi Council): {{power_bonus: 1}}\n  Qui-Gon Jinn, Jedi Mentor: {{power: 3, damage: 3, text: none}}\n  Qui-Gon Jinn's Lightsaber: {{power_bonus: 1}}\ndark:\n  deck: [2, 2, 6, 6]\nlight:\n  deck: [1, 1, 6, 6]\nplanets:\n  Naboo:\n    dark: [maul student, Darth Maul's Lightsaber (The Jedi Council)]\n    light: [qui-gon mentor, Qui-Gon Jinn's Lightsaber]\nduel:\n  initiator: dark\n  next: dark\n  pending: attack\n  dark:\n    fighter: maul student\n    weapon: Darth Maul's Lightsaber (The Jedi Council)\n    hand: [{dark_hand}]\n    drawn: 4\n  light:\n    fighter: qui-gon mentor\n    weapon: Qui-Gon Jinn's Lightsaber\n    hand: [{light_hand}]\n    drawn: 4\npolicy: block-when-able\n{expect}"
    )
}

fn cited_ids(size: usize) -> Input {
    let mut ids = String::from("expect:\n  cited:\n");
    for at in 0..size {
        let _ = writeln!(ids, "    - no.such.rule.{at}");
    }
    walk(duel_text("1", "1", &ids))
}

fn dueling_hands(size: usize) -> Input {
    walk(duel_text(&numbers(size, 0), &numbers(size, 3), ""))
}

fn shell_adds(size: usize) -> Input {
    let mut script = String::from("turn dark\nstep battle\nplanet Naboo\n");
    for at in 0..size {
        let _ = writeln!(
            script,
            "{}",
            if at % 2 == 0 {
                "add light qui-gon mentor"
            } else {
                "add dark maul student"
            }
        );
    }
    script.push_str("quit\ny\n");
    Input {
        args: vec!["repl"],
        file: None,
        piped: Some(script),
    }
}

fn interception(size: usize) -> Input {
    let starships = vec!["\"Droid Starfighter (The Jedi Council)\""; size].join(", ");
    walk(format!(
        "title: many starships\naction: evacuate\nturn: light\nstep: battle\ncurrent_planet: Naboo\nlight:\n  hyperspace: [\"Republic Cruiser, Transport (Menace of Darth Maul)\"]\n  deck: [1, 2, 3, 4, 5, 6]\ndark:\n  hand: [{starships}]\n  hyperspace: [\"Droid Starfighter (Menace of Darth Maul)\"]\n  deck: [1, 2, 3, 4, 5, 6]\nplanets:\n  Naboo:\n    light: [\"Qui-Gon Jinn, Jedi Master\"]\n    dark: [\"Darth Maul, Sith Apprentice\"]\npolicy: first-option\ndecisions:\n  dark:\n    starships: [{starships}]\n    intercept: true\n"
    ))
}

fn battle_characters(size: usize) -> Input {
    let side = |name: &str| vec![format!("\"{name}\""); size].join(", ");
    walk(format!(
        "title: a big battle\naction: battle\nturn: light\nstep: battle\ncurrent_planet: Naboo\npolicy: first-option\nlight:\n  deck: [{}]\ndark:\n  deck: [{}]\nplanets:\n  Naboo:\n    light: [{}]\n    dark: [{}]\n",
        numbers(12, 0),
        numbers(12, 1),
        side("Qui-Gon Jinn, Jedi Master"),
        side("Darth Maul, Sith Apprentice"),
    ))
}

fn cards_in_play(size: usize) -> Input {
    let side = |character: &str, weapon: &str| {
        (0..size)
            .map(|at| format!("\"{}\"", if at % 2 == 0 { character } else { weapon }))
            .collect::<Vec<_>>()
            .join(", ")
    };
    Input {
        args: vec!["check"],
        file: Some(format!(
            "title: many cards in play\naction: battle\nturn: light\nstep: battle\ncurrent_planet: Naboo\nplanets:\n  Naboo:\n    light: [{}]\n    dark: [{}]\n",
            side("Qui-Gon Jinn, Jedi Master", "Qui-Gon Jinn's Lightsaber"),
            side(
                "Darth Maul, Sith Apprentice",
                "Darth Maul's Lightsaber (The Jedi Council)"
            ),
        )),
        piped: None,
    }
}

fn podracing_pile(size: usize) -> Input {
    walk(format!(
        "title: a long podracing pile\naction: podrace\nturn: dark\nstep: deploy\ndark:\n  objective:\n    card: Boonta Eve Classic\n    cards:\n      - {{card: \"Dud Bolt, Podracer Pilot\", thrust: 4}}\n      - Dud Bolt's Podracer\n  podracing: [{}]\n  hand: [1, 2, 3, 4, 5]\n  deck: [6, 2, 1]\ndecisions:\n  dark:\n    thrust: true\n    lap_cards: [1, 2, 3, 4, 5]\n    refuel: 3\n",
        numbers(size, 0)
    ))
}

const GENERATORS: [Generator; 8] = [
    Generator {
        name: "clash-hands",
        size: 4_000,
        make: clash_hands,
    },
    Generator {
        name: "cited-ids",
        size: 5_000,
        make: cited_ids,
    },
    Generator {
        name: "shell-adds",
        size: 2_500,
        make: shell_adds,
    },
    Generator {
        name: "dueling-hands",
        size: 5_000,
        make: dueling_hands,
    },
    Generator {
        name: "interception",
        size: 2_500,
        make: interception,
    },
    Generator {
        name: "battle-characters",
        size: 3_750,
        make: battle_characters,
    },
    Generator {
        name: "cards-in-play",
        size: 3_300,
        make: cards_in_play,
    },
    Generator {
        name: "podracing-pile",
        size: 24_000,
        make: podracing_pile,
    },
];

/// Runs the input as a process: its time (the best of three), its size and its exit code.
fn timed(input: &Input, folder: &std::path::Path) -> (Duration, usize, Option<i32>) {
    let binary = env!("CARGO_BIN_EXE_jedi-judge");
    let path = folder.join("input.yaml");
    let mut args: Vec<String> = input.args.iter().map(|arg| arg.to_string()).collect();
    let mut size = 0;
    if let Some(file) = &input.file {
        std::fs::write(&path, file).expect("a scratch file");
        args.push(path.display().to_string());
        size = file.len();
    }
    let piped = input.piped.clone().unwrap_or_default();
    if input.piped.is_some() {
        size = piped.len();
    }
    let mut best = Duration::MAX;
    let mut code = None;
    for _ in 0..3 {
        let started = Instant::now();
        let mut child = Command::new(binary)
            .args(&args)
            .env("NO_COLOR", "1")
            .stdin(Stdio::piped())
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .expect("the binary runs");
        let mut stdin = child.stdin.take().expect("stdin");
        let _ = stdin.write_all(piped.as_bytes());
        drop(stdin);
        let status = child.wait().expect("it ends");
        best = best.min(started.elapsed());
        code = status.code();
    }
    (best, size, code)
}

fn main() {
    let wanted: Vec<String> = std::env::args()
        .skip(1)
        .filter(|arg| !arg.starts_with('-'))
        .collect();
    let folder = std::env::temp_dir().join(format!("jedi-judge-scale-{}", std::process::id()));
    std::fs::create_dir_all(&folder).expect("a scratch folder");
    println!(
        "{:<18} {:>8} {:>10} {:>9} {:>8} {:>10} {:>9} {:>6}  verdict",
        "generator", "N", "bytes", "time", "4N", "bytes", "time", "ratio"
    );
    for generator in GENERATORS {
        if !wanted.is_empty() && !wanted.iter().any(|name| generator.name.contains(name)) {
            continue;
        }
        let (small, small_size, _) = timed(&(generator.make)(generator.size), &folder);
        let (large, large_size, code) = timed(&(generator.make)(generator.size * 4), &folder);
        let ratio = large.as_secs_f64() / small.as_secs_f64().max(1e-9);
        let verdict = if large_size >= 1 << 20 {
            "over 1 MiB: shrink N"
        } else if large > Duration::from_secs(1) {
            "SLOW: over a second"
        } else if ratio > 5.0 {
            "SUPER-LINEAR"
        } else {
            "ok"
        };
        println!(
            "{:<18} {:>8} {:>10} {:>7.3}s {:>8} {:>10} {:>7.3}s {:>6.2}  {verdict} (exit {})",
            generator.name,
            generator.size,
            small_size,
            small.as_secs_f64(),
            generator.size * 4,
            large_size,
            large.as_secs_f64(),
            ratio,
            code.map_or("none".to_string(), |code| code.to_string()),
        );
    }
    let _ = std::fs::remove_dir_all(&folder);
}
