//! Helpers shared by the integration tests.

// Each test binary compiles this module and uses only some of it.
#![allow(dead_code)]

use std::path::{Path, PathBuf};

use proptest::prelude::*;

/// The bundled scenarios in these folders of `scenarios/`, sorted.
pub fn bundled(folders: &[&str]) -> Vec<PathBuf> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("scenarios");
    let mut paths: Vec<PathBuf> = folders
        .iter()
        .flat_map(|folder| {
            std::fs::read_dir(root.join(folder))
                .expect("a bundled folder")
                .flatten()
                .map(|entry| entry.path())
        })
        .filter(|path| path.extension().is_some_and(|ext| ext == "yaml"))
        .collect();
    paths.sort();
    paths
}

/// The folders of `scenarios/` that hold no walks: positions for `check`, and bad input.
pub const NOT_WALKS: [&str; 2] = ["check", "bad-input"];

/// Holds `check` to the walks: for each bundled scenario, the walk is refused (as `refused`
/// tells from it) exactly when `check` finds one of `codes`.
pub fn refusals_are_findings_of_check(
    bundled: &[(String, String)],
    refused: impl Fn(&jedi_judge::walk::Walkthrough) -> bool,
    codes: &[&str],
) {
    for (path, text) in bundled {
        let walked = walk_seeded(text, None, None);
        let refused = refused(&walked);
        let report = jedi_judge::check::check_text(
            path,
            text,
            jedi_judge::rules::Corpus::embedded(),
            jedi_judge::cards::Catalog::embedded(),
            None,
        );
        let found = report
            .violations
            .iter()
            .any(|violation| codes.contains(&violation.code));
        assert_eq!(
            refused, found,
            "{path}: refused {refused}, check found {found}"
        );
    }
}

/// The bundled scenarios that `walk` runs: those of every folder but [`NOT_WALKS`].
pub fn bundled_walks() -> Vec<PathBuf> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("scenarios");
    let mut folders: Vec<String> = std::fs::read_dir(root)
        .expect("the scenarios folder")
        .flatten()
        .filter(|entry| entry.path().is_dir())
        .filter_map(|entry| entry.file_name().to_str().map(str::to_string))
        .filter(|name| !NOT_WALKS.contains(&name.as_str()))
        .collect();
    folders.sort();
    let folders: Vec<&str> = folders.iter().map(String::as_str).collect();
    bundled(&folders)
}

/// What every bundled walk is held to: it runs to its end, meets its `expect:` (which it has),
/// and conserves its cards. `out` is its rendering, shown on failure.
pub fn assert_walked_as_expected(
    path: &Path,
    text: &str,
    walked: &jedi_judge::walk::Walkthrough,
    conserved: bool,
    out: &str,
) {
    assert!(
        walked.stop().is_none(),
        "{}: stopped\n{out}",
        path.display()
    );
    assert!(
        text.contains("expect:"),
        "{} has no expectation",
        path.display()
    );
    assert_met_and_conserved(path, walked, conserved, out);
    assert_eq!(walked.exit_code(), 0, "{}\n{out}", path.display());
}

/// What every bundled walk is held to, however it ended: it meets its `expect:`, and every
/// card stayed in exactly one place.
pub fn assert_met_and_conserved(
    path: &Path,
    walked: &jedi_judge::walk::Walkthrough,
    conserved: bool,
    out: &str,
) {
    assert!(
        walked.unmet.is_empty(),
        "{}: {:?}\n{out}",
        path.display(),
        walked.unmet
    );
    assert!(
        conserved,
        "{}: a card left every pile or stood in two",
        path.display()
    );
}

/// A bundled scenario walked, watched for card conservation: its text, the walk, whether its
/// cards were conserved, and its text rendering.
pub fn walk_watched(path: &Path) -> (String, jedi_judge::walk::Walkthrough, bool, String) {
    let text = std::fs::read_to_string(path).expect("readable");
    let mut conserved = true;
    let walked = walk_seeded(&text, None, Some(&mut |holds| conserved &= holds));
    let out = rendered(&walked);
    (text, walked, conserved, out)
}

/// A scenario text walked with the embedded corpus and catalog, its seed replaced if `seed`
/// is given, `observe` told after each event whether every card is in one place.
pub fn walk_seeded(
    text: &str,
    seed: Option<u64>,
    observe: jedi_judge::walk::ConservationWatch<'_>,
) -> jedi_judge::walk::Walkthrough {
    jedi_judge::walk::walk_text_seeded(
        text,
        jedi_judge::rules::Corpus::embedded(),
        jedi_judge::cards::Catalog::embedded(),
        None,
        None,
        seed,
        observe,
    )
    .unwrap_or_else(|error| panic!("{error:?}\n{text}"))
}

/// A walkthrough as text, plain.
pub fn rendered(walked: &jedi_judge::walk::Walkthrough) -> String {
    jedi_judge::render::walk::render(
        walked,
        jedi_judge::rules::Corpus::embedded(),
        jedi_judge::render::Format::Text,
        jedi_judge::render::Palette::plain(),
    )
}

/// The bundled scenarios of these folders, each with its path and text.
pub fn bundled_texts(folders: &[&str]) -> Vec<(String, String)> {
    bundled(folders)
        .into_iter()
        .map(|path| {
            let text = std::fs::read_to_string(&path).expect("readable");
            (path.display().to_string(), text)
        })
        .collect()
}

/// A bundled walk, watched for card conservation and held to [`assert_walked_as_expected`]:
/// its text rendering, for the reviewed snapshot.
pub fn walked_as_expected(path: &Path) -> String {
    let (text, walked, conserved, out) = walk_watched(path);
    assert_walked_as_expected(path, &text, &walked, conserved, &out);
    out
}

/// One of `cases`, walked with `seed`: its cards are conserved through every event, and the
/// same seed gives the same walkthrough, byte for byte.
pub fn conserved_and_one_walkthrough_per_seed(
    cases: &[(String, String)],
    seed: u64,
    pick: prop::sample::Index,
) -> Result<(), TestCaseError> {
    let (path, text) = &cases[pick.index(cases.len())];
    let mut conserved = true;
    let first = walk_seeded(text, Some(seed), Some(&mut |holds| conserved &= holds));
    prop_assert!(
        conserved,
        "{}: a card left every pile or stood in two",
        path
    );
    let second = walk_seeded(text, Some(seed), None);
    prop_assert_eq!(rendered(&first), rendered(&second));
    Ok(())
}

/// Random YAML made of the scenario format's own words (its keys, sides, planets, card names
/// and values), so that much of it gets past the parser and is read.
pub fn yaml_value() -> impl Strategy<Value = serde_json::Value> {
    let keys = proptest::sample::select(vec![
        "action",
        "turn",
        "step",
        "current_planet",
        "cards",
        "light",
        "dark",
        "planets",
        "deck",
        "hand",
        "discard",
        "card",
        "hidden",
        "hits",
        "count",
        "type",
        "side",
        "power",
        "damage",
        "destiny",
        "power_bonus",
        "usable_by",
        "decisions",
        "plays",
        "character",
        "weapon",
        "defender",
        "policy",
        "expect",
        "duel",
        "Naboo",
        "seed",
        "rules",
        "game",
        "clash",
        "qui-gon",
        "darth-maul",
        "battle",
        "round",
        "title",
        "hyperspace",
        "objective",
        "podracing",
        "battle_plan",
        "counters_spent",
        "thrust",
        "laps",
        "deploy",
        "Tatooine",
        "legal",
        "findings",
        "traits",
        "unique",
    ]);
    let leaf = prop_oneof![
        any::<i64>().prop_map(serde_json::Value::from),
        (0i64..10).prop_map(serde_json::Value::from),
        any::<bool>().prop_map(serde_json::Value::from),
        proptest::sample::select(vec![
            "action",
            "turn",
            "step",
            "current_planet",
            "cards",
            "light",
            "dark",
            "planets",
            "deck",
            "hand",
            "discard",
            "card",
            "hidden",
            "hits",
            "count",
            "type",
            "side",
            "power",
            "damage",
            "destiny",
            "power_bonus",
            "usable_by",
            "decisions",
            "plays",
            "character",
            "weapon",
            "defender",
            "policy",
            "expect",
            "duel",
            "Naboo",
            "seed",
            "rules",
            "game",
            "clash",
            "qui-gon",
            "darth-maul",
            "battle",
            "round",
            "latest",
            "2000-12-01",
            "maul student",
            "qui-gon mentor",
            "Darth Maul's Lightsaber",
            "first-option",
            "?",
            "",
            "pass",
            "title",
            "hyperspace",
            "objective",
            "podracing",
            "battle_plan",
            "counters_spent",
            "thrust",
            "laps",
            "deploy",
            "Tatooine",
            "legal",
            "findings",
            "traits",
            "unique",
            "Boonta Eve Classic",
            "Qui-Gon Jinn, Jedi Mentor",
        ])
        .prop_map(serde_json::Value::from),
    ];
    leaf.prop_recursive(4, 48, 6, move |inner| {
        prop_oneof![
            proptest::collection::vec(inner.clone(), 0..6).prop_map(serde_json::Value::from),
            proptest::collection::btree_map(keys.clone(), inner, 0..6).prop_map(|map| {
                serde_json::Value::Object(
                    map.into_iter().map(|(k, v)| (k.to_string(), v)).collect(),
                )
            }),
        ]
    })
}

/// A file in a folder of its own under the temporary directory, removed with the folder when
/// dropped, so that test runs leave nothing behind.
pub struct ScratchFile {
    folder: PathBuf,
    path: PathBuf,
}

impl ScratchFile {
    /// An empty place for a file called `name`, in a folder no other test uses.
    pub fn new(label: &str, name: &str) -> ScratchFile {
        static NEXT: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);
        let number = NEXT.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        let folder = std::env::temp_dir().join(format!(
            "jedi-judge-{label}-{}-{number}",
            std::process::id()
        ));
        std::fs::create_dir_all(&folder).expect("a temporary folder");
        let path = folder.join(name);
        ScratchFile { folder, path }
    }
}

impl std::ops::Deref for ScratchFile {
    type Target = Path;

    fn deref(&self) -> &Path {
        &self.path
    }
}

impl Drop for ScratchFile {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.folder);
    }
}

/// The seed of every property test `cargo test` runs, so that a run fails the same way
/// every time; `PROPTEST_RNG_SEED` (with `PROPTEST_CASES`) runs them with another.
const PROPERTY_SEED: u64 = 0x6a65_6469_6a75_6467;

/// A property test's configuration: `cases` cases from a fixed seed, unless
/// `PROPTEST_RNG_SEED` or `PROPTEST_CASES` says otherwise.
pub fn property_config(cases: u32) -> ProptestConfig {
    let mut config = ProptestConfig::with_cases(cases);
    if std::env::var_os("PROPTEST_CASES").is_some() {
        config.cases = ProptestConfig::default().cases;
    }
    if std::env::var_os("PROPTEST_RNG_SEED").is_none() {
        config.rng_seed = proptest::test_runner::RngSeed::Fixed(PROPERTY_SEED);
    }
    config
}

/// Asserts that a walk ended as it should and heard the scenario's `answer` (`light: fetch:
/// none`) though the rules did not ask it.
pub fn assert_heard(walked: &jedi_judge::walk::Walkthrough, answer: &str) {
    assert_eq!(walked.exit_code(), 0, "{:?}", walked.unmet);
    let said = format!("decisions: {answer}");
    assert!(
        walked.heard.iter().any(|heard| heard.written() == said),
        "{said} not among {:?}",
        walked.heard
    );
}

/// The rule documents of `rulings/`, each file's name and text, in the order the build
/// script reads them (publication order, the fan update last).
pub fn rulings_in_build_order() -> Vec<(String, String)> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("rulings");
    let mut texts: Vec<(String, String)> = std::fs::read_dir(&root)
        .expect("rulings/")
        .flatten()
        .map(|entry| {
            let path = entry.path();
            let text = std::fs::read_to_string(&path).expect("readable");
            (path.display().to_string(), text)
        })
        .collect();
    let order = [
        "clash",
        "rulesheet",
        "faq",
        "revised",
        "boonta",
        "players-committee",
    ];
    texts.sort_by_key(|(file, _)| order.iter().position(|word| file.contains(word)));
    texts
}

/// Why the rules refused the scripted answer a walk stopped at, if it stopped so.
pub fn ruled_out(walked: &jedi_judge::walk::Walkthrough) -> Option<jedi_judge::engine::RuledOut> {
    match walked.stop() {
        Some(jedi_judge::engine::Stop::Undecided {
            why:
                jedi_judge::engine::Unanswered::NotLegal {
                    ruled_out: Some(ruled_out),
                    ..
                },
            ..
        }) => Some(ruled_out.clone()),
        _ => None,
    }
}

/// A bundled walk held to a judge's answer: it meets its `expect:` and conserves its cards,
/// and either runs to its end (exit 0) or stops at a claim the rules refuse (exit 1): never
/// at a fact it lacks or a decision it does not give. Its text rendering, for the snapshot.
pub fn judged(path: &Path) -> String {
    let (text, walked, conserved, out) = walk_watched(path);
    assert!(
        text.contains("expect:"),
        "{} has no expectation",
        path.display()
    );
    assert_met_and_conserved(path, &walked, conserved, &out);
    match walked.stop() {
        None => assert_eq!(walked.exit_code(), 0, "{}\n{out}", path.display()),
        Some(jedi_judge::engine::Stop::Undecided {
            why: jedi_judge::engine::Unanswered::NotLegal { .. },
            ..
        }) => {
            assert_eq!(walked.exit_code(), 1, "{}", path.display());
            assert_eq!(
                walked.illegal_findings(),
                ["answer-not-legal"],
                "{}",
                path.display()
            );
        }
        Some(jedi_judge::engine::Stop::Missing { fact }) if fact.is_illegal() => {
            assert_eq!(walked.exit_code(), 1, "{}", path.display());
        }
        Some(stop) => panic!("{}: stops at {stop:?}\n{out}", path.display()),
    }
    out
}

/// Runs script lines through a fresh shell session: the transcript and the session after it.
pub fn shell_session(script: &str) -> (String, jedi_judge::shell::Session<'static>) {
    use jedi_judge::shell::terminal::{ScriptConsole, run_script, script_lines};
    let mut session = jedi_judge::shell::Session::new(
        jedi_judge::rules::Corpus::embedded(),
        jedi_judge::cards::Catalog::embedded(),
        jedi_judge::board::Board::new(jedi_judge::rules::Ruleset::latest(), 0),
        jedi_judge::render::Palette::plain(),
    );
    let mut console = ScriptConsole::buffered(script_lines(script.as_bytes()));
    run_script(&mut session, &mut console);
    (String::from_utf8_lossy(&console.out).into_owned(), session)
}

/// The messages of the findings `check` makes of a position.
pub fn messages(text: &str) -> Vec<String> {
    jedi_judge::check::check_text(
        "generated.yaml",
        text,
        jedi_judge::rules::Corpus::embedded(),
        jedi_judge::cards::Catalog::embedded(),
        None,
    )
    .violations
    .into_iter()
    .map(|violation| violation.message)
    .collect()
}

/// The codes of the findings `check` makes of a position.
pub fn findings(text: &str) -> Vec<&'static str> {
    let report = jedi_judge::check::check_text(
        "generated.yaml",
        text,
        jedi_judge::rules::Corpus::embedded(),
        jedi_judge::cards::Catalog::embedded(),
        None,
    );
    report
        .violations
        .iter()
        .map(|violation| violation.code)
        .collect()
}

/// The walk of a position, flattened to one line, and its battle's result.
pub fn walked_battle(text: &str) -> (String, jedi_judge::procedures::battle::events::BattleResult) {
    try_walked_battle(text).unwrap_or_else(|error| panic!("{error}\n{text}"))
}

/// The walk of a position, rendered as text and flattened to one line, with the walk; or why
/// it is not walked.
pub fn walked_flat(text: &str) -> Result<(String, jedi_judge::walk::Walkthrough), String> {
    let walked = jedi_judge::walk::walk_text_seeded(
        text,
        jedi_judge::rules::Corpus::embedded(),
        jedi_judge::cards::Catalog::embedded(),
        None,
        None,
        None,
        None,
    )
    .map_err(|error| format!("{error:?}"))?;
    let rendered = jedi_judge::render::walk::render(
        &walked,
        jedi_judge::rules::Corpus::embedded(),
        jedi_judge::render::Format::Text,
        jedi_judge::render::Palette::plain(),
    );
    Ok((
        rendered.split_whitespace().collect::<Vec<_>>().join(" "),
        walked,
    ))
}

/// [`walked_battle`], or why the position is not walked as a battle.
pub fn try_walked_battle(
    text: &str,
) -> Result<(String, jedi_judge::procedures::battle::events::BattleResult), String> {
    let (flat, walked) = walked_flat(text)?;
    let result = walked
        .outcome_as::<jedi_judge::procedures::battle::BattleWalk>()
        .ok_or_else(|| format!("not a battle:\n{flat}"))?
        .result
        .clone();
    Ok((flat, result))
}
