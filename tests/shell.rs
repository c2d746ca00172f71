//! The interactive shell: its evaluator driven by scripts (snapshots of the transcript),
//! completion, and an end-to-end session piped into the binary and replayed by `walk`.

use jedi_judge::procedures::battle::section::BattleFile;
use jedi_judge::scenario::SectionFile;
use std::io::Write;
use std::process::{Command, Stdio};

use jedi_judge::board::Board;
use jedi_judge::cards::Catalog;
use jedi_judge::render::Palette;
use jedi_judge::rules::Corpus;
use jedi_judge::shell::Session;
use jedi_judge::shell::helper::ShellHelper;

mod common;

/// Runs script lines through a fresh session; returns the transcript and the final board.
fn transcript(script: &str) -> (String, Board) {
    let (out, session) = common::shell_session(script);
    (out, session.board)
}

const BUILD_EXAMPLE: &str = "\
turn dark
step battle
planet Naboo
add dark maul student
set maul student power 4 damage 3 text none
set Darth Maul's Lightsaber (The Jedi Council) type weapon side dark usable_by Darth Maul power_bonus 1
add dark Darth Maul's Lightsaber (The Jedi Council)
add light r2-d2 repair
set r2-d2 damage 0
add light qui-gon mentor
set qui-gon power 4 damage 3 text none
deck dark 4 2 6 3 1 5 2 4 6 3
deck light 4 1 3 5 2 6 3 3 4
";

#[test]
fn building_the_first_example_and_showing_the_board() {
    let (out, board) = transcript(&format!("{BUILD_EXAMPLE}show\ncheck\n"));
    assert!(board.conservation_holds());
    assert_eq!(board.cards.len(), 4 + 19);
    insta::assert_snapshot!(out);
}

#[test]
fn adjudicating_the_first_example_at_the_prompt() {
    // Defender R2-D2, Qui-Gon substitutes, then the plays of the revised text's first example.
    let (out, board) = transcript(&format!("{BUILD_EXAMPLE}duel\n1\n2\na\na\na\na\na\na\na\n"));
    assert!(out.contains("Defeated: Qui-Gon Jinn, Jedi Mentor (Light Side)."));
    assert!(board.conservation_holds());
    insta::assert_snapshot!(out);
}

#[test]
fn an_error_never_changes_the_board() {
    let (out, board) = transcript(
        "planet Naboo\nadd light qui-gon mentor\nadd light Qui-Gon Jin Jedi Mentr\nmove qui-gon to Mars\nset zorbo the made up power 5\nfrobnicate\nadd purple booma\n",
    );
    assert_eq!(board.cards.len(), 1);
    // Each error, its line number included, is wrapped to the width.
    for line in out.lines() {
        assert!(line.chars().count() <= 88, "too wide: {line}");
    }
    insta::assert_snapshot!(out);
}

#[test]
fn undo_and_redo_take_back_any_command_a_whole_duel_included() {
    let (out, board) = transcript(&format!(
        "{BUILD_EXAMPLE}duel\n1\n2\na\na\na\na\na\na\na\nundo\nundo\nredo\n"
    ));
    assert!(out.contains("Undone: duel"));
    assert!(out.contains("Undone: deck light 4 1 3 5 2 6 3 3 4"));
    assert!(out.contains("Redone: deck light 4 1 3 5 2 6 3 3 4"));
    // After undoing the duel, Qui-Gon is back on Naboo and both decks are whole.
    let qui_gon_on_naboo = board
        .zone(jedi_judge::board::Zone::InPlay(
            jedi_judge::board::Planet("Naboo"),
            jedi_judge::cards::Side::Light,
        ))
        .len();
    assert_eq!(qui_gon_on_naboo, 2);
    assert_eq!(
        board
            .zone(jedi_judge::board::Zone::DrawDeck(
                jedi_judge::cards::Side::Light
            ))
            .len(),
        9
    );
}

#[test]
fn a_cancelled_duel_leaves_the_board_as_it_was() {
    // The script ends while a decision is asked: the duel is cancelled.
    let (out, board) = transcript(&format!("{BUILD_EXAMPLE}duel\n1\n"));
    assert!(out.contains("the duel was cancelled; the board is as it was"));
    assert_eq!(
        board
            .zone(jedi_judge::board::Zone::DrawDeck(
                jedi_judge::cards::Side::Dark
            ))
            .len(),
        10
    );
}

#[test]
fn quitting_with_unsaved_changes_asks_first() {
    let (out, _) = transcript("planet Naboo\nadd light qui-gon mentor\nquit\nn\nquit\ny\nshow\n");
    assert!(out.contains("There are unsaved changes. Quit anyway? [y/N] n\nNot quitting."));
    // After the second quit, nothing more runs.
    assert!(!out.contains("jedi-judge> show"));
}

#[test]
fn look_ups_and_help_from_the_shell() {
    let (out, _) = transcript(
        "help\nhelp duel\nrule duel.damage-zero\ncard maul student\nsearch thrust tokens\n",
    );
    insta::assert_snapshot!(out);
}

#[test]
fn tab_completes_commands_cards_rules_zones_and_planets() {
    let helper = ShellHelper::new(Corpus::embedded(), Catalog::embedded(), false);
    assert_eq!(helper.completions("ad").1, ["add "]);
    assert_eq!(helper.completions("add da").1, ["dark "]);
    let (start, cards) = helper.completions("add dark maul stu");
    assert_eq!(start, 9);
    // One card, printed twice (Duel of the Fates and its Reflections reprint): one name.
    assert_eq!(cards, ["Darth Maul, Student of the Dark Side"]);
    // Two versions whose numbers differ: the plain name as players say it, then each version
    // by the name that finds it alone.
    let (_, sabers) = helper.completions("add dark darth maul's lightsaber");
    assert_eq!(
        sabers,
        [
            "Darth Maul's Lightsaber",
            "Darth Maul's Lightsaber (Battle of Naboo)",
            "Darth Maul's Lightsaber (The Jedi Council)"
        ]
    );
    // Past the parenthesis, only the versions, so that Tab never takes it back; then the set.
    assert_eq!(
        helper.completions("add dark darth maul's lightsaber (").1,
        [
            "Darth Maul's Lightsaber (Battle of Naboo)",
            "Darth Maul's Lightsaber (The Jedi Council)"
        ]
    );
    assert_eq!(
        helper
            .completions("add dark Darth Maul's Lightsaber (the j")
            .1,
        ["Darth Maul's Lightsaber (The Jedi Council)"]
    );
    assert!(
        helper
            .completions("rule duel.initi")
            .1
            .contains(&"duel.initiation".to_string())
    );
    assert_eq!(
        helper.completions("add light qui-gon mentor to Nab").1,
        ["Naboo"]
    );
    assert_eq!(helper.completions("planet Cor").1, ["Coruscant"]);
    // The names on the table first: a name matched only by a word of it comes before the
    // catalog's names it begins; a command about a card on the table offers only those.
    helper
        .board_names
        .borrow_mut()
        .push("Obi-Wan Kenobi, Young Jedi".to_string());
    let (_, kenobi) = helper.completions("add light kenobi");
    assert_eq!(
        kenobi.first().map(String::as_str),
        Some("Obi-Wan Kenobi, Young Jedi")
    );
    assert!(kenobi.len() > 5, "{kenobi:?}");
    assert_eq!(
        helper.completions("hits obi").1,
        ["Obi-Wan Kenobi, Young Jedi"]
    );
    // Nothing of the name on the table: the catalog's, for the error to say what is wrong.
    assert!(
        helper
            .completions("hits maul stu")
            .1
            .contains(&"Darth Maul, Student of the Dark Side".to_string())
    );
    assert!(
        helper
            .completions("move r2 to dis")
            .1
            .contains(&"discard".to_string())
    );
}

#[test]
fn every_card_name_tab_offers_finds_its_card_or_lists_the_versions_tab_offers() {
    let catalog = Catalog::embedded();
    let offered = catalog.names_to_complete(Some(jedi_judge::cards::Game::YoungJedi));
    let looking =
        jedi_judge::cards::resolve::Looking::catalog(Some(jedi_judge::cards::Game::YoungJedi));
    let mut plain_but_ambiguous = 0;
    for name in &offered {
        match catalog.resolve(name, looking) {
            Ok(_) => {}
            Err(jedi_judge::cards::CardLookupError::Versions { versions, .. }) => {
                assert!(!name.contains('('), "{name} names one version");
                plain_but_ambiguous += 1;
                for version in versions {
                    // A version's name is written as a scenario writes it, quoted where YAML
                    // needs it.
                    let version = version.trim_start_matches('"');
                    assert!(
                        offered.iter().any(|known| known.contains('(') && version.starts_with(known.as_str())),
                        "{name}: {version} is not offered"
                    );
                }
            }
            Err(error) => panic!("{name}: {error}"),
        }
    }
    assert!(plain_but_ambiguous >= 2, "{plain_but_ambiguous}");
}

/// Runs the shell with a script on its standard input, as a pipe.
/// The verdict of a walkthrough, the shell's or `walk`'s: what follows "Verdict", up to the
/// shell's note on the board.
fn verdict(text: &str) -> String {
    text.split("Verdict")
        .nth(1)
        .expect("a verdict")
        .split("(The board")
        .next()
        .unwrap_or_default()
        .trim()
        .to_string()
}

/// `jedi-judge walk` of a saved scenario, which must end as its `expect:` says (exit 0).
fn replayed(saved: &std::path::Path) -> String {
    let walk = Command::new(env!("CARGO_BIN_EXE_jedi-judge"))
        .args(["walk", &saved.display().to_string()])
        .output()
        .expect("walk runs");
    let walked = String::from_utf8_lossy(&walk.stdout).into_owned();
    let file = std::fs::read_to_string(saved).unwrap_or_default();
    assert_eq!(walk.status.code(), Some(0), "{walked}\n{file}");
    walked
}

/// A script piped into the shell, every command of which must succeed: its output.
fn piped_session(script: &str) -> String {
    let output = piped_script(script.as_bytes());
    let shell = String::from_utf8_lossy(&output.stdout).into_owned();
    assert!(output.status.success(), "{shell}");
    shell
}

fn piped_script(script: &[u8]) -> std::process::Output {
    piped_script_in(std::path::Path::new("."), script)
}

/// A script piped into the shell started in `dir`: its output.
fn piped_script_in(dir: &std::path::Path, script: &[u8]) -> std::process::Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_jedi-judge"))
        .arg("repl")
        .current_dir(dir)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary runs");
    child
        .stdin
        .take()
        .expect("stdin")
        .write_all(script)
        .expect("the script is written");
    child.wait_with_output().expect("the shell ends")
}

#[test]
fn a_piped_session_saves_a_scenario_that_walk_replays_to_the_same_verdict() {
    let binary = env!("CARGO_BIN_EXE_jedi-judge");
    let dir = std::env::temp_dir().join(format!("jedi-judge-shell-test-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a temporary folder");
    let saved = dir.join("duel.yaml");
    let script = format!(
        "{BUILD_EXAMPLE}duel\n1\n2\na\na\na\na\na\na\na\nsave {}\nquit\n",
        saved.display()
    );
    let output = piped_script(script.as_bytes());
    assert!(output.status.success());
    let shell = String::from_utf8_lossy(&output.stdout);
    let shell_verdict = shell
        .split("Verdict")
        .nth(1)
        .expect("a verdict")
        .split("(The board")
        .next()
        .unwrap_or_default()
        .to_string();
    let walk = Command::new(binary)
        .args(["walk", &saved.display().to_string()])
        .output()
        .expect("walk runs");
    assert_eq!(
        walk.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&walk.stdout)
    );
    let walked = String::from_utf8_lossy(&walk.stdout);
    let walk_verdict = walked
        .split("Verdict")
        .nth(1)
        .expect("a verdict")
        .to_string();
    assert_eq!(shell_verdict.trim(), walk_verdict.trim());
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_card_name_holding_a_field_word_is_read_whole() {
    let (out, board) = transcript(
        "planet Naboo\nadd dark maul student\nset Darth Maul, Student of the Dark Side power 4 damage 3\n",
    );
    assert!(
        out.contains("Darth Maul, Student of the Dark Side: power 4, damage 3."),
        "{out}"
    );
    let maul = board.card(jedi_judge::board::CardId(0)).expect("Maul");
    assert_eq!(
        maul.stats.power.as_ref().map(|fact| fact.value.clone()),
        Some(jedi_judge::cards::StatValue::Number(4))
    );
}

/// A folder of this test's own.
fn folder(name: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("jedi-judge-shell-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("a temporary folder");
    dir
}

#[test]
fn save_does_not_overwrite_a_file_it_did_not_write_unless_forced() {
    let dir = folder("save");
    let theirs = dir.join("theirs.yaml");
    std::fs::write(&theirs, "title: somebody's position\n").expect("a file");
    let (out, _) = transcript(&format!(
        "planet Naboo\nsave {0}\nsave --force {0}\nadd light qui-gon mentor\nsave {0}\n",
        theirs.display()
    ));
    let flat = out.split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(
        flat.contains("exists, and this session did not load or save it: `save --force"),
        "{out}"
    );
    // After the forced save the file is the session's own: saving again needs no force.
    assert_eq!(out.matches("Saved the position to").count(), 2, "{out}");
    let saved = std::fs::read_to_string(&theirs).expect("saved");
    assert!(saved.contains("Qui-Gon Jinn, Jedi Mentor"), "{saved}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[cfg(unix)]
#[test]
fn save_writes_through_a_link_keeps_the_mode_and_refuses_a_fifo() {
    use std::os::unix::fs::{FileTypeExt, PermissionsExt};
    let dir = folder("save-links");
    let target = dir.join("position.yaml");
    std::fs::write(&target, "title: the old position\n").expect("a file");
    std::fs::set_permissions(&target, std::fs::Permissions::from_mode(0o600)).expect("a mode");
    let link = dir.join("link.yaml");
    std::os::unix::fs::symlink("position.yaml", &link).expect("a link");
    let fifo = dir.join("pipe.yaml");
    let fifo_made = Command::new("mkfifo")
        .arg(&fifo)
        .status()
        .is_ok_and(|status| status.success());
    let (out, _) = transcript(&format!(
        "planet Naboo\nsave --force {}\nsave --force {}\n",
        link.display(),
        fifo.display()
    ));
    assert!(
        std::fs::symlink_metadata(&link)
            .expect("the link")
            .file_type()
            .is_symlink(),
        "{out}"
    );
    let saved = std::fs::read_to_string(&target).expect("saved");
    assert!(saved.contains("Naboo"), "{saved}");
    let mode = std::fs::metadata(&target)
        .expect("the file")
        .permissions()
        .mode();
    assert_eq!(mode & 0o777, 0o600);
    if fifo_made {
        let flat = out.split_whitespace().collect::<Vec<_>>().join(" ");
        assert!(
            flat.contains("pipe.yaml: it is a FIFO, not a regular file; nothing was written"),
            "{out}"
        );
        assert!(
            std::fs::symlink_metadata(&fifo)
                .expect("the FIFO")
                .file_type()
                .is_fifo()
        );
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn load_does_not_drop_unsaved_changes_unless_forced() {
    let dir = folder("load");
    let file = dir.join("position.yaml");
    std::fs::write(&file, "current_planet: Tatooine\n").expect("a file");
    let (out, board) = transcript(&format!(
        "planet Naboo\nload {0}\nshow\nload --force {0}\nquit\n",
        file.display()
    ));
    assert!(
        out.contains("there are unsaved changes: `save FILE` keeps them"),
        "{out}"
    );
    assert!(out.contains("Loaded"), "{out}");
    assert_eq!(
        board.current_planet.map(|planet| planet.name()),
        Some("Tatooine")
    );
    // The loaded board is saved: quit does not ask.
    assert!(!out.contains("Quit anyway?"), "{out}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn undo_takes_back_at_most_the_last_hundred_commands_and_says_so() {
    let mut script = String::new();
    for n in 0..150 {
        script.push_str(&format!("seed {n}\n"));
    }
    for _ in 0..101 {
        script.push_str("undo\n");
    }
    let (out, board) = transcript(&script);
    assert_eq!(out.matches("Undone:").count(), 100);
    assert!(out.contains("Nothing more to undo: undo takes back at most the last 100 commands."));
    assert_eq!(board.seed, 49);
}

#[test]
fn a_script_reports_errors_on_stderr_with_their_line_and_exits_1() {
    let output = piped_script(b"planet Naboo\nfrobnicate\nplanet Tatooine\n");
    let stdout = String::from_utf8_lossy(&output.stdout);
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(1), "{stdout}{stderr}");
    assert!(
        stderr.contains("line 2: error: there is no command \"frobnicate\""),
        "{stderr}"
    );
    assert!(!stdout.contains("frobnicate\"; "), "{stdout}");
    assert!(
        stdout.contains("The current planet is Tatooine"),
        "{stdout}"
    );
}

#[test]
fn a_line_that_is_not_text_is_an_error_naming_it_and_the_script_goes_on() {
    let output = piped_script(b"planet Naboo\nplanet Cor\xffuscant\nplanet Tatooine\n");
    let stdout = String::from_utf8_lossy(&output.stdout);
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(2), "{stdout}{stderr}");
    assert!(stderr.contains("line 2 is not UTF-8 text"), "{stderr}");
    assert!(
        stdout.contains("The current planet is Tatooine"),
        "{stdout}"
    );
}

#[test]
fn a_script_ends_quietly_when_its_output_is_closed() {
    let binary = env!("CARGO_BIN_EXE_jedi-judge");
    let (reader, writer) = std::io::pipe().expect("a pipe");
    drop(reader);
    let mut child = Command::new(binary)
        .arg("repl")
        .stdin(Stdio::piped())
        .stdout(writer)
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary runs");
    let script = "help\n".repeat(200);
    let _ = child
        .stdin
        .take()
        .expect("stdin")
        .write_all(script.as_bytes());
    let output = child.wait_with_output().expect("the shell ends");
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_ne!(output.status.code(), Some(101), "{stderr}");
    assert!(!stderr.contains("panicked"), "{stderr}");
}

/// At a terminal (standard input a terminal) whose standard output is a closed pipe, the
/// shell ends quietly: no panic on "Broken pipe".
#[cfg(unix)]
/// The status of a child that ends by itself within 20 seconds; `None`, and the child
/// killed, if it does not.
fn ended_by_itself(child: &mut std::process::Child) -> Option<std::process::ExitStatus> {
    let started = std::time::Instant::now();
    loop {
        if let Some(status) = child.try_wait().expect("waiting") {
            return Some(status);
        }
        if started.elapsed() > std::time::Duration::from_secs(20) {
            let _ = child.kill();
            return None;
        }
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
}

#[test]
fn the_shell_at_a_terminal_ends_quietly_when_its_output_is_closed() {
    let binary = env!("CARGO_BIN_EXE_jedi-judge");
    let pty = nix::pty::openpty(None, None).expect("a terminal");
    let (reader, writer) = std::io::pipe().expect("a pipe");
    drop(reader);
    let home = folder("terminal");
    let mut child = Command::new(binary)
        .arg("repl")
        .env("HOME", &home)
        .env("XDG_DATA_HOME", &home)
        .stdin(Stdio::from(pty.slave))
        .stdout(writer)
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary runs");
    let mut master = std::fs::File::from(pty.master);
    let _ = master.write_all(b"help\nshow\nquit\n");
    // The child must end by itself; give it a few seconds before giving up.
    let status = ended_by_itself(&mut child);
    let mut stderr = String::new();
    if let Some(mut err) = child.stderr.take() {
        let _ = std::io::Read::read_to_string(&mut err, &mut stderr);
    }
    let status = status.expect("the shell ends by itself");
    assert_ne!(status.code(), Some(101), "{stderr}");
    assert!(!stderr.contains("panicked"), "{stderr}");
    let _ = std::fs::remove_dir_all(&home);
}

#[test]
fn a_duel_under_way_is_stated_at_the_prompt_walked_and_saved_for_walk_to_replay() {
    let dir = folder("under-way");
    let saved = dir.join("under-way.yaml");
    let script = format!(
        "\
turn dark
step battle
planet Naboo
add dark maul student
set maul student power 3 damage 4 text none
add light qui-gon mentor
set qui-gon power 3 damage 3 text none
deck dark 2 2 6 6
deck light 1 1 6 6
duel under-way qui-gon / maul student
duel next light
duel pending block
add dark 4 to dueling-pile
add dark 3 to dueling-hand
add light 5 to dueling-hand
add light 3 to dueling-hand
hits qui-gon 1
check
policy block-when-able
duel
save {}
quit
",
        saved.display()
    );
    let shell = piped_session(&script);
    let flat = shell.split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(
        flat.contains("Duel under way, initiated by the Dark Side player: Qui-Gon Jinn, Jedi Mentor with no weapon for the Light Side, Darth Maul, Student of the Dark Side with no weapon for the Dark Side; next, the Light Side player: block."),
        "{shell}"
    );
    assert!(
        shell.contains("The Light Side player has no card of destiny 4 to block with."),
        "{shell}"
    );
    let file = std::fs::read_to_string(&saved).expect("saved");
    let reread = jedi_judge::procedures::parse(&file).expect("the saved file reads");
    let duel = reread
        .sections
        .section::<jedi_judge::procedures::duel::section::DuelFile>()
        .expect("the duel under way is saved");
    assert_eq!(
        duel.value.pending.value,
        jedi_judge::procedures::duel::section::PendingMove::Block
    );
    let walked = replayed(&saved);
    assert_eq!(verdict(&shell), verdict(&walked));
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn an_evacuation_at_the_prompt_is_saved_with_its_plans_and_decisions_for_walk_to_replay() {
    let dir = std::env::temp_dir().join(format!(
        "jedi-judge-shell-evacuation-{}",
        std::process::id()
    ));
    std::fs::create_dir_all(&dir).expect("a temporary folder");
    let saved = dir.join("evacuation.yaml");
    let bundled = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/scenarios/battle/evacuation-opponent-adds-starships.yaml"
    );
    // Add the Battleship from the hand (option 2; then none is left to add), then intercept:
    // at the prompt, the file's own decisions dropped.
    let script = format!(
        "load {bundled}\ndecisions off\nevacuate\n2\n1\nsave {}\nquit\n",
        saved.display()
    );
    let shell = piped_session(&script);
    assert!(shell.contains("adds Battleship"), "{shell}");
    let text = std::fs::read_to_string(&saved).expect("saved");
    assert!(text.contains("intercept: true"), "{text}");
    assert!(text.contains("starships:"), "{text}");
    assert!(text.contains("battle:"), "{text}");
    let walked = replayed(&saved);
    assert_eq!(verdict(&shell), verdict(&walked));
    assert!(walked.contains("evacuation fails"), "{walked}");
    let _ = std::fs::remove_dir_all(&dir);
}

const BUILD_BATTLE: &str = "\
turn light
step battle
planet Coruscant
add light Coruscant Guard, Peacekeeper
add light Coruscant Guard, Officer
add dark Battle Droid: Infantry, AAT Division
add light Might Of The Republic to hand
add light Jedi Force Push to discard
deck light 2 4 6 1 1 5
deck dark 5 1 3 4 5 6
add dark Coruscant • Galactic Senate
";

#[test]
fn a_battle_plan_is_stated_entry_by_entry_and_each_mistake_is_refused_with_the_board_kept() {
    let (out, board) = transcript(&format!(
        "{BUILD_BATTLE}\
battle plan light coruscant guard peacekeeper / card jedi force push
battle plan light coruscant guard peacekeeper / with might of the republic
battle plan light coruscant guard peacekeeper / sword x
battle plan light battle droid
battle plan light coruscant guard peacekeeper / together coruscant guard officer
battle plan light coruscant guard officer
check
undo
set Might Of The Republic battle_text fight-together
battle plan light coruscant guard peacekeeper / together coruscant guard officer / card might of the republic
battle plan dark battle droid
check
battle plan dark clear
battle show
"
    ));
    insta::assert_snapshot!(out);
    let setup = BattleFile::stated(&board)
        .cloned()
        .expect("a battle is stated");
    assert_eq!(setup.light.as_ref().map(|plan| plan.len()), Some(1));
    let entry = &setup.light.as_ref().expect("a Light Side plan")[0];
    assert_eq!(entry.fighters.len(), 2);
    assert_eq!(entry.battle_cards.len(), 1);
    assert!(setup.dark.is_none(), "`plan dark clear` drops the plan");
}

#[test]
fn an_evacuation_is_stated_by_hand_and_check_finds_what_its_plans_break() {
    let bundled = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/scenarios/battle/evacuation-intercepted-and-won.yaml"
    );
    let (out, board) = transcript(&format!(
        "load {bundled}
evacuate off
evacuate plan light naboo starfighter / with qui-gon jinn's lightsaber
check
evacuate plan light clear
evacuate plan light naboo starfighter
evacuate plan light republic cruiser
evacuate plan dark droid starfighter
"
    ));
    // The loaded path differs from machine to machine.
    let out = out.replace(bundled, "evacuation-intercepted-and-won.yaml");
    insta::assert_snapshot!(out);
    let setup = BattleFile::stated(&board)
        .cloned()
        .expect("an evacuation is stated");
    assert_eq!(setup.light.map(|plan| plan.len()), Some(2));
    assert_eq!(setup.dark.map(|plan| plan.len()), Some(1));
}

/// A session piped into the shell that ends by saving to a fresh file, and that file replayed
/// by `walk`, whose verdict must be the shell's.
struct Replayed {
    /// The shell's output on one line, to find a sentence however it wraps.
    flat: String,
    /// The saved scenario.
    file: String,
    /// The replay's walkthrough.
    walked: String,
}

fn saved_and_replayed(name: &str, commands: &str) -> Replayed {
    let dir = folder(name);
    let saved = dir.join("saved.yaml");
    let shell = piped_session(&format!("{commands}save {}\nquit\n", saved.display()));
    let file = std::fs::read_to_string(&saved).expect("saved");
    let walked = replayed(&saved);
    assert_eq!(verdict(&shell), verdict(&walked), "{file}");
    let _ = std::fs::remove_dir_all(&dir);
    Replayed {
        flat: shell.split_whitespace().collect::<Vec<_>>().join(" "),
        file,
        walked,
    }
}

#[test]
fn a_battle_stated_at_the_prompt_is_walked_saved_and_replayed_by_walk_to_the_same_verdict() {
    let session = saved_and_replayed(
        "battle-stated",
        &format!(
            "{BUILD_BATTLE}\
set Might Of The Republic battle_text fight-together
battle plan light coruscant guard peacekeeper / together coruscant guard officer / card might of the republic
battle plan dark battle droid
battle
"
        ),
    );
    let reread = jedi_judge::procedures::parse(&session.file).expect("the saved file reads");
    let battle = reread
        .sections
        .section::<BattleFile>()
        .cloned()
        .expect("the stated battle is saved");
    let light = battle.value.light.expect("the Light Side plan is saved");
    assert_eq!(
        light.value[0]
            .value
            .together_with
            .as_ref()
            .map(|name| name.value.as_str()),
        Some("Coruscant Guard, Officer")
    );
    assert!(
        verdict(&session.walked).contains("Defeated (Dark Side): Battle Droid"),
        "{}",
        session.walked
    );
}

#[test]
fn a_deploy_stated_at_the_prompt_is_walked_saved_and_replayed_by_walk_to_the_same_verdict() {
    // Option 2 declines the blaster the search finds: 1 DAMAGE after the reshuffle.
    let session = saved_and_replayed(
        "deploy-stated",
        "\
turn light
step deploy
planet Naboo
add light Captain Panaka, Security Commander to hand
deck light 4 1 6
add light Captain Panaka's Blaster to deck
deploy captain panaka security commander to Tatooine hidden
deploy captain panaka security commander
deploy
2
",
    );
    assert!(
        session.flat.contains(
            "Deploying Captain Panaka, Security Commander from the Light Side hand to Tatooine, hidden"
        ),
        "{}",
        session.flat
    );
    assert!(session.file.contains("fetch: none"), "{}", session.file);
    assert!(
        verdict(&session.walked).contains("nothing (he changed his mind); 1 DAMAGE as the penalty"),
        "{}",
        session.walked
    );
}

#[test]
fn a_new_location_stated_at_the_prompt_is_walked_saved_and_replayed_by_walk_to_the_same_verdict() {
    // The Dark Side player goes first: his option 1 is The Duel Begins; the Light Side
    // player then declines (option 2).
    let session = saved_and_replayed(
        "new-location-stated",
        "\
turn light
planet Tatooine
deck light count 3
add light Jedi Meditation to deck
add dark The Duel Begins to deck
new-location by dark took-control
new-location
1
2
",
    );
    assert!(
        session
            .flat
            .contains("New location on Tatooine, put down by the Dark Side player"),
        "{}",
        session.flat
    );
    assert!(
        session.file.contains("effect_card: The Duel Begins"),
        "{}",
        session.file
    );
    assert!(
        session.file.contains("effect_card: none"),
        "{}",
        session.file
    );
    assert!(
        verdict(&session.walked).contains("Dark Side: gets The Duel Begins."),
        "{}",
        session.walked
    );
}

#[test]
fn a_deploy_once_made_is_not_made_again_and_a_card_moved_out_of_the_hand_is_refused() {
    let (out, _) = transcript(
        "\
turn light
planet Naboo
add light Captain Panaka, Security Commander to hand
add light Qui-Gon Jinn, Jedi Master to hand
deck light 4 1 6
deploy qui-gon jinn jedi master
move qui-gon jinn jedi master to discard
deploy
deploy captain panaka security commander
deploy
deploy
",
    );
    let flat = out.split_whitespace().collect::<Vec<_>>().join(" ");
    // The stated card left the hand before the deploy was walked.
    assert!(
        flat.contains("Qui-Gon Jinn, Jedi Master is not in the Light Side hand"),
        "{out}"
    );
    // The second `deploy` after a walked one finds no deploy stated: it was made.
    assert!(
        flat.contains("the card deployed: state it under `deploy:`"),
        "{out}"
    );
    assert_eq!(
        flat.matches("The Light Side player deploys Captain Panaka")
            .count(),
        1,
        "{out}"
    );
}

#[test]
fn a_podrace_step_stated_at_the_prompt_is_walked_saved_and_replayed_by_walk_to_the_same_verdict() {
    // Sebulba deploys and fetches his Podracer (option 1); he thrusts; he plays the 1 and the
    // 2 (typed as their destiny numbers, not as options), and refuels one card (typed as the
    // count).
    let session = saved_and_replayed(
        "podrace-stated",
        "\
turn dark
step deploy
add dark Boonta Eve Classic to objective
add dark Sebulba, Dug Podracer Pilot to hand
add dark 1 to hand
add dark 2 to hand
deck dark 6 3 5
add dark Sebulba's Podracer to deck
podrace deploy sebulba dug podracer pilot
podrace
1
yes
1
2
1
",
    );
    assert!(
        session.flat.contains(
            "In this Deploy step, the Dark Side player deploys Sebulba, Dug Podracer Pilot to his Objective"
        ),
        "{}",
        session.flat
    );
    // The Dark Side player's Objective, not the Light Side one of the same name.
    assert!(
        session
            .file
            .contains("card: Boonta Eve Classic (Boonta Eve Podrace, Dark Side)"),
        "{}",
        session.file
    );
    // Sebulba's extra Thrust token is the catalog's text: not declared again.
    assert!(
        !session.file.contains("thrust_on_deploy"),
        "{}",
        session.file
    );
    assert!(session.file.contains("thrust: true"), "{}", session.file);
    assert!(session.file.contains("refuel: 1"), "{}", session.file);
    assert!(
        verdict(&session.walked).contains("Lap cards played: 1, 2."),
        "{}",
        session.walked
    );
}

#[test]
fn a_loaded_scenario_s_named_assumptions_hold_in_the_shell_and_are_saved_with_it() {
    let dir = folder("assumptions");
    let saved = dir.join("tied.yaml");
    let scenario = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/scenarios/battle/battle-tied-fight-overridden.yaml"
    );
    let (out, _) = transcript(&format!(
        "load {scenario}\nbattle\nsave {}\n",
        saved.display()
    ));
    // The scenario sets `tied-fight: both-defeated`: the tied fight defeats Qui-Gon too.
    assert!(
        out.contains(
            "Defeated (Light Side): Obi-Wan Kenobi, Jedi Knight, Qui-Gon Jinn, Jedi Master."
        ),
        "{out}"
    );
    assert!(
        out.contains("Damage taken: Light Side 11, Dark Side 1."),
        "{out}"
    );
    let file = std::fs::read_to_string(&saved).expect("the shell saved the walk");
    let reread = jedi_judge::procedures::parse(&file).expect("the saved file reads");
    let choices: Vec<(String, String)> = reread
        .assumptions
        .0
        .0
        .iter()
        .map(|(name, value)| (name.value.clone(), value.value.clone()))
        .collect();
    assert_eq!(
        choices,
        [("tied-fight".to_string(), "both-defeated".to_string())]
    );
    let _ = std::fs::remove_dir_all(&dir);
}

/// The end of input at an optional prompt (adding a starship before intercepting) cancels the
/// evacuation, as at any other prompt: it never means "add no more", and the board stays as
/// it was.
#[test]
fn the_end_of_input_at_an_optional_prompt_cancels_rather_than_declining() {
    let bundled = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/scenarios/battle/evacuation-opponent-adds-starships.yaml"
    );
    let (out, board) = transcript(&format!("load {bundled}\ndecisions off\nevacuate\n"));
    assert!(
        out.contains("the evacuation was cancelled; the board is as it was"),
        "{out}"
    );
    assert!(!out.contains("adds no more starships"), "{out}");
    let (_, loaded) = transcript(&format!("load {bundled}\n"));
    assert_eq!(board, loaded);
}

/// `show` marks the lap cards of a Podracing pile played as handling cards, with the number
/// each stands for.
#[test]
fn show_marks_the_handling_cards_of_a_podracing_pile() {
    let bundled = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/scenarios/check/podracing-pile-with-handling-cards.yaml"
    );
    let (out, _) = transcript(&format!("load {bundled}\nshow\n"));
    assert!(
        out.contains("Light Side Podracing pile: 4 (handling card for the 1) · 2 · 4"),
        "{out}"
    );
}

/// Where a prompt's options carry destiny numbers, they are lettered, and a number typed is a
/// destiny number: `4` blocks with the 4, never "option 4"; a number no option has is asked
/// again.
#[test]
fn a_number_typed_at_a_destiny_prompt_is_a_destiny_never_an_option() {
    // The first example, Qui-Gon defending: the Dark Side player's dueling hand holds 4, 2, 6,
    // 3 and 1. Typed `3`, the attack is the card of destiny 3 (option d), and `7` is asked
    // again.
    let (out, _) = transcript(&format!("{BUILD_EXAMPLE}duel\n1\n2\n7\n3\n"));
    assert!(
        out.contains("  a. a card with destiny 4") && out.contains("  d. a card with destiny 3"),
        "{out}"
    );
    assert!(out.contains("\"7\" is not one of the options"), "{out}");
    assert!(
        out.contains("The Dark Side player attacks with a card (destiny 3)"),
        "{out}"
    );
}

/// The session docs/repl.md shows is what the shell prints today: its lines typed after the
/// prompts, run as a script, give the same text, byte for byte.
#[test]
fn the_session_in_the_shell_guide_is_what_the_shell_prints() {
    let guide = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/docs/repl.md"))
        .expect("the guide");
    let after = guide.split("## A session").nth(1).expect("a session");
    let block = after
        .split("```text\n")
        .nth(1)
        .and_then(|rest| rest.split("\n```").next())
        .expect("the session's block");
    let script: String = block
        .lines()
        .filter_map(|line| {
            line.strip_prefix("jedi-judge> ").or_else(|| {
                line.starts_with("choice [")
                    .then(|| line.split("]: ").nth(1))?
            })
        })
        .map(|typed| format!("{typed}\n"))
        .collect();
    assert!(
        script.contains("duel\n") && script.contains("save "),
        "{script}"
    );
    let dir = std::env::temp_dir().join(format!("jedi-judge-guide-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a folder");
    let output = piped_script_in(&dir, script.as_bytes());
    let _ = std::fs::remove_dir_all(&dir);
    let printed = String::from_utf8_lossy(&output.stdout);
    assert_eq!(printed.trim_end(), block.trim_end());
}

mod saved_and_loaded {
    //! Any sequence of commands, saved and loaded again, gives the same position and the same
    //! file: `undo` and `redo` among them, and the action the position is set up for.

    use super::{common, transcript};
    use proptest::prelude::*;

    const COMMANDS: [&str; 22] = [
        "turn light",
        "turn dark",
        "step battle",
        "step deploy",
        "planet Naboo",
        "planet Tatooine",
        "add light qui-gon mentor",
        "add dark maul student",
        "add light Obi-Wan Kenobi, Young Jedi",
        "add light r2-d2 repair to hand",
        "add dark 3 to hand",
        "deck light 4 1 3",
        "deck dark 2 5",
        "set qui-gon power 5",
        "battle plan light qui-gon mentor",
        "battle plan dark maul student",
        "battle off",
        "evacuate at Naboo",
        "undo",
        "undo",
        "redo",
        "check",
    ];

    #[test]
    fn undo_then_save_keeps_the_loaded_action_and_its_sections() {
        let bundled = concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/scenarios/battle/battle-default-assumptions.yaml"
        );
        let dir = std::env::temp_dir().join(format!("jedi-judge-undo-save-{}", std::process::id()));
        std::fs::create_dir_all(&dir).expect("a folder");
        let saved = dir.join("saved.yaml");
        let (out, _) = transcript(&format!(
            "load {bundled}\nturn light\nundo\nsave --force {}\n",
            saved.display()
        ));
        let text = std::fs::read_to_string(&saved).expect("saved");
        let _ = std::fs::remove_dir_all(&dir);
        assert!(text.contains("\naction: battle\n"), "{out}\n{text}");
        assert!(text.contains("\nbattle:\n"), "{text}");
    }

    proptest! {
        #![proptest_config(common::property_config(64))]

        #[test]
        fn any_commands_saved_and_loaded_give_the_same_position(
            picks in prop::collection::vec(0..COMMANDS.len(), 1..14)
        ) {
            let dir = std::env::temp_dir().join(format!(
                "jedi-judge-saved-{}-{}",
                std::process::id(),
                picks.iter().map(usize::to_string).collect::<Vec<_>>().join("-")
            ));
            std::fs::create_dir_all(&dir).expect("a folder");
            let (first, second) = (dir.join("first.yaml"), dir.join("second.yaml"));
            let mut script: String = picks.iter().map(|pick| format!("{}\n", COMMANDS[*pick])).collect();
            script.push_str(&format!("show\nsave --force {}\n", first.display()));
            let (out, _) = transcript(&script);
            let saved = std::fs::read_to_string(&first).expect("saved");
            let (again, _) = transcript(&format!(
                "load {}\nshow\nsave --force {}\n",
                first.display(),
                second.display()
            ));
            let resaved = std::fs::read_to_string(&second).expect("saved again");
            let _ = std::fs::remove_dir_all(&dir);
            // The board as `show` gives it, without the card ids a file does not keep.
            let shown = |out: &str| -> String {
                let from = out.rfind("jedi-judge> show\n").map_or(0, |at| at);
                let to = out[from..].find("jedi-judge> save").map_or(out.len(), |at| from + at);
                out[from..to]
                    .split_whitespace()
                    .filter(|word| !(word.starts_with('#') && word[1..].chars().all(|c| c.is_ascii_digit())))
                    .collect::<Vec<_>>()
                    .join(" ")
            };
            prop_assert_eq!(shown(&out), shown(&again), "{}\n{}", saved, again);
            prop_assert_eq!(saved, resaved);
        }
    }
}

/// Identical cards in a dueling hand are one choice at the prompt, with their count, and the
/// letters go on past them: `b` is the next distinct card.
#[test]
fn identical_cards_are_one_choice_with_their_count() {
    let build = BUILD_EXAMPLE.replace(
        "deck dark 4 2 6 3 1 5 2 4 6 3",
        "deck dark 3 3 5 1 2 2 6 6 4 4",
    );
    assert_ne!(build, BUILD_EXAMPLE);
    let (out, _) = transcript(&format!("{build}duel\n1\n2\nb\n"));
    assert!(
        out.contains("  a. a card with destiny 3 (2 alike)")
            && out.contains("  b. a card with destiny 5")
            && out.contains("  c. a card with destiny 1")
            && out.contains("  d. a card with destiny 2"),
        "{out}"
    );
    assert!(out.contains("choice [a-d, or a number]"), "{out}");
    assert!(
        out.contains("The Dark Side player attacks with a card (destiny 5)"),
        "{out}"
    );
}

/// Under players-committee the shell offers the pass at an attack: typed `declare-pass` (or
/// its letter); `pass`, which declines a block, is no answer there and nothing is lost. Both
/// passes end the duel with the damage less the hits scored, and the board keeps the passes.
#[test]
fn the_shell_offers_the_players_committee_pass_under_its_own_word() {
    let (out, board) = transcript(
        "rules players-committee\nturn dark\nstep battle\nplanet Naboo\nadd dark maul student\n\
         set maul student power 3 damage 4 text none\nadd light qui-gon mentor\n\
         set qui-gon mentor power 3 damage 5 text none\nadd dark 2 2 6 6 to deck\n\
         add light 1 1 6 6 to deck\nduel under-way qui-gon mentor / maul student\n\
         add dark 4 to dueling-hand\nadd light 3 to dueling-hand\nhits qui-gon mentor 3\n\
         hits maul student 1\nduel\ndeclare-pass\npass\ndeclare-pass\n",
    );
    assert!(out.contains("b. declare-pass: make no attack"), "{out}");
    assert!(
        out.contains(
            "\"pass\" is not one of the options: type its letter, or a number an option has."
        ),
        "{out}"
    );
    assert!(
        out.contains("Both players have passed: the duel ends"),
        "{out}"
    );
    assert!(
        out.contains("Damage taken: Light Side 2, Dark Side 0."),
        "{out}"
    );
    assert!(board.player(jedi_judge::cards::Side::Dark).passed_in_duel);
    assert!(board.player(jedi_judge::cards::Side::Light).passed_in_duel);
}

/// `passed SIDE` states a pass made earlier in the turn: under players-committee, the battle
/// he then attempts is refused with the rule.
#[test]
fn a_pass_made_earlier_in_the_turn_refuses_the_battle() {
    let (out, board) = transcript(
        "rules players-committee\nturn dark\nstep battle\nplanet Naboo\n\
         add dark maul sith apprentice\nadd light qui-gon jinn, jedi master\npassed dark\nbattle\n",
    );
    assert!(board.player(jedi_judge::cards::Side::Dark).passed_in_duel);
    assert!(
        out.contains("The Dark Side player has passed in a duel this turn."),
        "{out}"
    );
    assert!(
        out.contains("No battle: the Dark Side player passed in a duel this turn"),
        "{out}"
    );
}

/// `odds` answers the board the shell built, as `jedi-judge odds` answers a file; its errors
/// name what it takes, and it changes nothing.
#[test]
fn odds_in_the_shell_answers_the_board_built() {
    let build = "\
turn dark
step battle
planet Naboo
add dark maul student
set maul student power 0 damage 5 text none
set Darth Maul's Lightsaber (The Jedi Council) type weapon side dark usable_by Darth Maul power_bonus 1
add dark Darth Maul's Lightsaber (The Jedi Council)
add light qui-gon mentor
set qui-gon power 1 damage 5 text none
deck dark 5 5 3
deck light 5 3 3 3
";
    let (_, board_before) = transcript(build);
    let (out, board) = transcript(&format!(
        "{build}odds\nodds frob\nodds samples 0\nodds best dark\npolicy never-block\nodds\n"
    ));
    assert_eq!(board, board_before);
    let answers: Vec<&str> = out.split("Odds of the position").skip(1).collect();
    assert_eq!(answers.len(), 2, "{out}");
    // The hand-checked answer of `scenarios/odds/one-card-each-checked-by-hand.yaml`.
    assert!(
        answers[0].contains("1 card   5/12 · 41.7%"),
        "{}",
        answers[0]
    );
    assert!(out.contains("odds does not take frob"), "{out}");
    assert!(
        out.contains("samples needs a number from 1 to 10,000,000"),
        "{out}"
    );
    assert!(
        out.contains("no odds: the Dark Side has no decision with more than one choice"),
        "{out}"
    );
    // The session's policy is the odds' too: no one blocks, so every duel ties.
    assert!(
        answers[1]
            .contains("the Light Side by the policy never-block, the Dark Side by never-block"),
        "{}",
        answers[1]
    );
    assert!(answers[1].contains("0 cards  1 · 100.0%"), "{}", answers[1]);
}

/// What a board remembers of who may use a weapon is forgotten when a card's facts change:
/// a check after `set … usable_by` judges the new users.
#[test]
fn a_changed_weapon_is_judged_by_its_new_users() {
    let (out, _) = transcript(&format!(
        "{BUILD_EXAMPLE}check\nset Darth Maul's Lightsaber (The Jedi Council) usable_by Qui-Gon Jinn\ncheck\n"
    ));
    let (before, after) = out
        .split_once("usable_by")
        .expect("the transcript echoes the set");
    assert!(!before.contains("weapon-without-user"), "{before}");
    assert!(after.contains("weapon-without-user"), "{after}");
}

/// A loaded file's `decisions:` answer the shell's adjudication as `walk FILE` replays them:
/// nothing is asked that they script, and the verdict is the walk's; `decisions off` drops
/// them, and the prompt asks again.
#[test]
fn a_loaded_files_decisions_answer_the_shells_adjudication_as_walk_does() {
    let bundled = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/scenarios/duel/revised-example-1-r2-d2-qui-gon-defends.yaml"
    );
    let shell = piped_session(&format!("load {bundled}\nduel\nquit\n"));
    assert!(
        shell.contains("Its `decisions:` answer what they script"),
        "{shell}"
    );
    // Nothing is asked: the input ends after `duel`, and the duel is not cancelled.
    assert!(!shell.contains("was cancelled"), "{shell}");
    let walked = replayed(std::path::Path::new(bundled));
    assert_eq!(verdict(&shell), verdict(&walked));
    let (out, board) = transcript(&format!("load {bundled}\ndecisions off\nduel\n"));
    assert!(out.contains("are dropped"), "{out}");
    assert!(
        out.contains("the duel was cancelled; the board is as it was"),
        "{out}"
    );
    let (_, loaded) = transcript(&format!("load {bundled}\n"));
    assert_eq!(board, loaded);
}

/// A console that answers nothing and, at its `after`-th print, does what Ctrl-C does: sets
/// the session's stop.
struct InterruptingConsole {
    stop: std::sync::Arc<std::sync::atomic::AtomicBool>,
    prints: usize,
    after: usize,
    out: String,
}

impl jedi_judge::shell::Console for InterruptingConsole {
    fn print(&mut self, text: &str) {
        self.prints += 1;
        if self.prints == self.after {
            self.stop.store(true, std::sync::atomic::Ordering::SeqCst);
        }
        self.out.push_str(text);
    }

    fn ask(&mut self, _prompt: &str) -> jedi_judge::shell::Answer {
        jedi_judge::shell::Answer::End
    }
}

fn built_session() -> Session<'static> {
    let (_, session) = common::shell_session(BUILD_EXAMPLE);
    assert_eq!(session.failures(), 0);
    session
}

/// Ctrl-C during an adjudication by policy stops it at its next decision: the board is as it
/// was, and the next command runs as ever.
#[test]
fn ctrl_c_during_a_duel_stops_it_and_keeps_the_board() {
    let mut session = built_session();
    let before = session.board.clone();
    let mut console = InterruptingConsole {
        stop: session.stop.clone(),
        prints: 0,
        after: 2,
        out: String::new(),
    };
    session.run_line("policy block-when-able", &mut console);
    console.after = console.prints + 2;
    session.run_line("duel", &mut console);
    assert!(
        console
            .out
            .contains("Ctrl-C stopped the duel; the board is as it was"),
        "{}",
        console.out
    );
    assert_eq!(session.board, before);
    // The next line is run in full: the stop was for the duel alone.
    console.after = 0;
    session.run_line("duel", &mut console);
    assert!(
        console
            .out
            .contains("The board now shows the position after the duel"),
        "{}",
        console.out
    );
}

/// Ctrl-C during `odds` stops it with what it reached, marked partial, the board as it was.
#[test]
fn ctrl_c_during_odds_stops_them_with_what_they_reached() {
    let mut session = built_session();
    let before = session.board.clone();
    let stop = session.stop.clone();
    let started = std::time::Instant::now();
    let pressed = std::thread::spawn(move || {
        std::thread::sleep(std::time::Duration::from_millis(300));
        stop.store(true, std::sync::atomic::Ordering::SeqCst);
    });
    let mut console = InterruptingConsole {
        stop: session.stop.clone(),
        prints: 0,
        after: 0,
        out: String::new(),
    };
    // Ten million samples take minutes; stopped, they end at once.
    session.run_line("odds samples 10000000", &mut console);
    pressed.join().expect("the key pressed");
    assert!(
        started.elapsed() < std::time::Duration::from_secs(60),
        "{:?}",
        started.elapsed()
    );
    assert!(
        console.out.contains("PARTIAL: stopped before the end"),
        "{}",
        console.out
    );
    assert_eq!(session.board, before);
}

/// At a terminal, Ctrl-C (SIGINT, as the terminal sends it) while `odds` runs stops the odds,
/// never the shell: the prompt comes back with the board as it was, and a Ctrl-C at the empty
/// prompt cancels that line only.
#[cfg(unix)]
#[test]
fn ctrl_c_at_a_terminal_stops_the_command_and_the_shell_goes_on() {
    let binary = env!("CARGO_BIN_EXE_jedi-judge");
    let pty = nix::pty::openpty(None, None).expect("a terminal");
    let home = folder("terminal-ctrl-c");
    let slave = std::fs::File::from(pty.slave);
    let mut child = Command::new(binary)
        .arg("repl")
        .env("HOME", &home)
        .env("XDG_DATA_HOME", &home)
        .env("NO_COLOR", "1")
        .stdin(slave.try_clone().expect("the terminal"))
        .stdout(slave.try_clone().expect("the terminal"))
        .stderr(slave)
        .spawn()
        .expect("the binary runs");
    let mut master = std::fs::File::from(pty.master);
    let mut reader = master.try_clone().expect("the terminal");
    let mut answerer = master.try_clone().expect("the terminal");
    let (sent, seen) = std::sync::mpsc::channel::<Vec<u8>>();
    std::thread::spawn(move || {
        let mut buffer = [0u8; 4096];
        while let Ok(read) = std::io::Read::read(&mut reader, &mut buffer) {
            let bytes = &buffer[..read];
            // The line editor asks where the cursor is; a terminal answers.
            if bytes.windows(4).any(|window| window == b"\x1b[6n") {
                let _ = answerer.write_all(b"\x1b[1;1R");
            }
            if read == 0 || sent.send(bytes.to_vec()).is_err() {
                break;
            }
        }
    });
    let mut said = String::new();
    let wait_for = |needle: &str, count: usize, said: &mut String| {
        let started = std::time::Instant::now();
        while said.matches(needle).count() < count
            && started.elapsed() < std::time::Duration::from_secs(60)
        {
            if let Ok(bytes) = seen.recv_timeout(std::time::Duration::from_millis(20)) {
                said.push_str(&String::from_utf8_lossy(&bytes));
            }
        }
        said.matches(needle).count() >= count
    };
    // Each prompt turns bracketed paste on, and off when the line is read; a line is typed
    // only at a prompt, as the line editor drops what is typed before it.
    const PROMPT: &str = "\x1b[?2004h";
    const READ: &str = "\x1b[?2004l";
    assert!(wait_for(PROMPT, 1, &mut said), "{said:?}");
    let mut prompts = 1;
    for line in BUILD_EXAMPLE.lines() {
        let _ = master.write_all(format!("{line}\r").as_bytes());
        prompts += 1;
        assert!(wait_for(PROMPT, prompts, &mut said), "{said:?}");
    }
    // Ten million samples take minutes; Ctrl-C stops them with what they reached.
    let _ = master.write_all(b"odds samples 10000000\r");
    assert!(wait_for(READ, prompts, &mut said), "{said:?}");
    std::thread::sleep(std::time::Duration::from_millis(300));
    let pid = nix::unistd::Pid::from_raw(i32::try_from(child.id()).expect("a pid"));
    nix::sys::signal::kill(pid, nix::sys::signal::Signal::SIGINT).expect("Ctrl-C");
    assert!(wait_for("PARTIAL", 1, &mut said), "{said:?}");
    prompts += 1;
    assert!(wait_for(PROMPT, prompts, &mut said), "{said:?}");
    // Ctrl-C at the empty prompt cancels the line; the shell still answers, its board kept.
    let _ = master.write_all(b"\x03");
    prompts += 1;
    assert!(wait_for(PROMPT, prompts, &mut said), "{said:?}");
    let _ = master.write_all(b"show\r");
    assert!(wait_for("counters spent", 2, &mut said), "{said:?}");
    assert!(
        said.contains("draw deck (10, top first): 4 · 2 · 6"),
        "{said:?}"
    );
    prompts += 1;
    assert!(wait_for(PROMPT, prompts, &mut said), "{said:?}");
    let _ = master.write_all(b"quit\r");
    assert!(wait_for("Quit anyway?", 1, &mut said), "{said:?}");
    let _ = master.write_all(b"y\r");
    let status = ended_by_itself(&mut child);
    let status = status.expect("the shell ends by itself");
    assert_eq!(status.code(), Some(0), "{said:?}");
    let _ = std::fs::remove_dir_all(&home);
}

/// The verdict paragraph of a walkthrough (the shell's or `walk`'s).
fn verdict_paragraph(text: &str) -> Option<String> {
    let after = text.split("\nVerdict\n").nth(1)?;
    let paragraph = after.split("\n\n").next().unwrap_or_default();
    let paragraph = paragraph.split("\njedi-judge> ").next().unwrap_or_default();
    let paragraph = paragraph.split("\n(The board").next().unwrap_or_default();
    Some(paragraph.trim().to_string())
}

/// Every bundled scenario that names its action, loaded into the shell and adjudicated there
/// (by its own decisions, then by a policy), saved, and walked from the saved file: the walk
/// reaches the shell's verdict and never stops on a fact the shell did without, and a position
/// the shell refuses is one `walk` refuses.
#[test]
fn every_bundled_adjudication_saved_in_the_shell_walks_to_the_shells_verdict() {
    let dir = folder("round-trips");
    let saved = dir.join("saved.yaml");
    let mut compared = 0;
    for path in common::bundled(&[
        "battle",
        "check",
        "deploy",
        "disputes",
        "duel",
        "new-location",
        "players-committee",
        "podrace",
        "remedy",
    ]) {
        let text = std::fs::read_to_string(&path).expect("readable");
        let Some(action) = text
            .lines()
            .find_map(|line| line.strip_prefix("action: "))
            .map(str::trim)
        else {
            continue;
        };
        for policy in ["", "policy block-when-able\n"] {
            let _ = std::fs::remove_file(&saved);
            let (out, _) = transcript(&format!(
                "load {}\n{policy}{action}\nsave --force {}\n",
                path.display(),
                saved.display()
            ));
            if !out.contains("Saved the position before the") {
                continue;
            }
            let shell = verdict_paragraph(&out).expect("the shell's verdict");
            let walked = jedi_judge::cli::execute(
                ["jedi-judge", "walk", &saved.display().to_string()],
                |_| Palette::plain(),
            );
            let file = std::fs::read_to_string(&saved).unwrap_or_default();
            assert_ne!(
                walked.code,
                2,
                "{} {policy}: {}{}\n{file}",
                path.display(),
                walked.stdout,
                walked.stderr
            );
            assert_eq!(
                verdict_paragraph(&walked.stdout).as_deref(),
                Some(shell.as_str()),
                "{} {policy}:\n{out}\n{file}",
                path.display()
            );
            compared += 1;
        }
    }
    assert!(compared > 200, "{compared} round trips");
    let _ = std::fs::remove_dir_all(&dir);
}

/// `undo` takes the board back through a long run of commands, most of them `add`s, which
/// the log keeps as their lines and replays: each undo gives the board as it stood before the
/// command it takes back, a hundred deep, past the oldest forgotten; each redo gives the board
/// after it; an `add` that fails on its last word changes nothing.
#[test]
fn undo_through_a_long_run_of_adds_gives_back_each_board_and_redo_each_after() {
    use jedi_judge::shell::terminal::ScriptConsole;
    let mut lines: Vec<String> = ["turn dark", "step battle", "planet Naboo"]
        .iter()
        .map(|line| line.to_string())
        .collect();
    for at in 0..260 {
        lines.push(match at % 9 {
            0 | 4 => "add light qui-gon mentor".to_string(),
            1 | 5 => "add dark maul student".to_string(),
            2 => format!("add dark {} {} to deck", at % 6 + 1, at % 5 + 1),
            3 => "add light 4 99 to hand".to_string(),
            6 => format!("seed {at}"),
            7 => "add light 3 to hand hidden".to_string(),
            _ => format!("hits qui-gon mentor {}", at % 3),
        });
    }
    let mut session = jedi_judge::shell::Session::new(
        jedi_judge::rules::Corpus::embedded(),
        jedi_judge::cards::Catalog::embedded(),
        Board::new(jedi_judge::rules::Ruleset::latest(), 0),
        jedi_judge::render::Palette::plain(),
    );
    let mut console = ScriptConsole::buffered(std::iter::empty());
    // The board after each command that changed it, the empty board first.
    let mut boards = vec![session.board.clone()];
    for line in &lines {
        let before = session.board.clone();
        session.run_line(line, &mut console);
        if line.contains("99") {
            assert_eq!(session.board, before, "{line} fails and changes nothing");
        } else if session.board != before {
            boards.push(session.board.clone());
        }
    }
    assert!(boards.len() > 200, "{} boards", boards.len());
    let last = boards.len() - 1;
    for back in 1..=100 {
        session.run_line("undo", &mut console);
        assert!(session.board == boards[last - back], "undo {back}");
    }
    session.run_line("undo", &mut console);
    assert!(
        session.board == boards[last - 100],
        "no undo past the hundredth"
    );
    for forward in (0..100).rev() {
        session.run_line("redo", &mut console);
        assert!(
            session.board == boards[last - forward],
            "redo to {forward} from the end"
        );
    }
    let out = String::from_utf8_lossy(&console.out);
    assert_eq!(out.matches("Undone: ").count(), 100);
    assert_eq!(out.matches("Redone: ").count(), 100);
}

/// A Double Impact card of two Battle halves is declared played as one of them at the prompt:
/// it takes that half's text, a wrong half is refused with the nearest one to write, and a
/// plan gives an entry a second weapon with `with` twice.
#[test]
fn a_double_impact_card_is_played_as_a_half_and_an_entry_takes_two_weapons_at_the_prompt() {
    let (out, session) = common::shell_session(
        "turn dark\nstep battle\nplanet Naboo\nadd dark \"Opee Sea Killer & To The Death\" to hand\nset \"Opee Sea Killer & To The Death\" played_as To The Depths\nset \"Opee Sea Killer & To The Death\" played_as To The Death\nadd dark \"Battle Droid: Infantry, MTT Division\"\nadd dark STAP\nadd dark Battle Droid Blaster Rifle (Menace of Darth Maul)\nbattle plan dark battle droid: infantry, mtt / with stap / with battle droid blaster rifle\n",
    );
    assert!(
        out.contains("(`played_as To The Death`)"),
        "the nearest half is suggested:\n{out}"
    );
    let card = session
        .board
        .definitions
        .iter()
        .find(|card| card.full_name() == "Opee Sea Killer & To The Death")
        .expect("the card");
    assert_eq!(card.played_as.as_deref(), Some("To The Death"));
    assert!(card.text.keep_breakthrough, "the half's text");
    assert!(
        out.contains("with STAP and Battle Droid Blaster Rifle"),
        "two weapons:\n{out}"
    );
}

/// A command typed at a decision's prompt is not taken for an answer that is not there: the
/// shell says how to leave the prompt (in a script, its next line answers and its end
/// leaves), and the next line answers the decision.
#[test]
fn a_command_typed_at_a_choice_prompt_says_how_to_leave_it() {
    let (out, _) = transcript(&format!("{BUILD_EXAMPLE}duel\nundo\n1\n"));
    let flat = out.split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(
        flat.contains(
            "\"undo\" is a command, not an answer to this decision: the script's next line answers it, and its end leaves the duel with the board as it was."
        ),
        "{out}"
    );
    assert!(!flat.contains("not one of the options"), "{out}");
    // The next line answered the decision: R2-D2 was chosen to defend.
    assert!(
        flat.contains(
            "The Dark Side player chooses the Light Side player's R2-D2, Repair Droid to defend."
        ),
        "{out}"
    );
    // At a terminal, Ctrl-C leaves it.
    let mut session = built_session();
    let mut console = AnsweringConsole {
        answers: vec!["undo".to_string()],
        out: String::new(),
    };
    session.run_line("duel", &mut console);
    let flat = console.out.split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(
        flat.contains("\"undo\" is a command, not an answer to this decision: answer it, or press Ctrl-C to leave the duel with the board as it was, then type undo."),
        "{}",
        console.out
    );
}

/// A console at a terminal that answers each question from a list, then as Ctrl-C does.
struct AnsweringConsole {
    answers: Vec<String>,
    out: String,
}

impl jedi_judge::shell::Console for AnsweringConsole {
    fn print(&mut self, text: &str) {
        self.out.push_str(text);
    }
    fn ask(&mut self, prompt: &str) -> jedi_judge::shell::Answer {
        self.out.push_str(prompt);
        if self.answers.is_empty() {
            return jedi_judge::shell::Answer::Cancelled;
        }
        jedi_judge::shell::Answer::Line(self.answers.remove(0))
    }
    fn interactive(&self) -> bool {
        true
    }
}

/// `save` writes a draw deck of destiny numbers as one flow list, as the bundled scenarios
/// write it; a deck with a named card stays a list of lines.
#[test]
fn save_writes_a_deck_of_numbers_as_a_flow_list() {
    let dir = folder("flow-deck");
    let path = dir.join("decks.yaml");
    let (out, _) = transcript(&format!(
        "{BUILD_EXAMPLE}add light qui-gon jinn's lightsaber to deck\nsave {}\n",
        path.display()
    ));
    assert!(out.contains("Saved the position to"), "{out}");
    let saved = std::fs::read_to_string(&path).expect("saved");
    assert!(
        saved.contains("\n  deck: [4, 2, 6, 3, 1, 5, 2, 4, 6, 3]\n"),
        "{saved}"
    );
    assert!(
        saved.contains("\n  deck:\n  - 4\n  - 1\n")
            && saved.contains("  - Qui-Gon Jinn's Lightsaber\n"),
        "{saved}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

/// Unsaved changes are changes from the position saved (or loaded): undone and redone back to
/// it, the session quits without asking; away from it, it asks.
#[test]
fn undo_and_redo_back_to_the_saved_position_leave_nothing_unsaved() {
    let dir = folder("saved-state");
    let path = dir.join("saved.yaml");
    let (out, _) = transcript(&format!(
        "planet Naboo\nadd light qui-gon mentor\nsave {}\nundo\nredo\nquit\nshow\n",
        path.with_extension("1.yaml").display()
    ));
    assert!(!out.contains("unsaved changes"), "{out}");
    assert!(!out.contains("jedi-judge> show"), "{out}");
    let (out, _) = transcript(&format!(
        "planet Naboo\nadd light qui-gon mentor\nsave {}\nadd dark maul student\nundo\nquit\n",
        path.with_extension("2.yaml").display()
    ));
    assert!(!out.contains("unsaved changes"), "{out}");
    let (out, _) = transcript(&format!(
        "planet Naboo\nadd light qui-gon mentor\nsave {}\nundo\nquit\nn\n",
        path.with_extension("3.yaml").display()
    ));
    assert!(
        out.contains("There are unsaved changes. Quit anyway? [y/N] n"),
        "{out}"
    );
    // After a duel: saved, the duel undone and redone, nothing is unsaved.
    let (out, _) = transcript(&format!(
        "{BUILD_EXAMPLE}duel\n1\n2\na\na\na\na\na\na\na\nsave {}\nundo\nredo\nquit\n",
        path.with_extension("4.yaml").display()
    ));
    assert!(out.contains("Redone: duel"), "{out}");
    assert!(!out.contains("unsaved changes"), "{out}");
    let _ = std::fs::remove_dir_all(&dir);
}

/// Every decision of a duel asked at the prompt names the player who makes it, the first
/// (the defender the initiator chooses) included.
#[test]
fn every_decision_prompt_of_a_duel_names_the_player_who_chooses() {
    let (out, _) = transcript(&format!("{BUILD_EXAMPLE}duel\n1\n2\na\na\na\na\na\na\na\n"));
    let prompts: Vec<String> = out
        .split("\nDecision: ")
        .skip(1)
        .map(|rest| {
            let prompt = rest.split("\n  ").next().unwrap_or_default();
            prompt.split_whitespace().collect::<Vec<_>>().join(" ")
        })
        .collect();
    assert_eq!(
        prompts.first().map(String::as_str),
        Some(
            "the Dark Side player chooses any one of the Light Side player's characters on Naboo to defend."
        )
    );
    assert!(prompts.len() >= 9, "{prompts:?}");
    for prompt in &prompts {
        assert!(
            prompt.starts_with("the Dark Side player ")
                || prompt.starts_with("the Light Side player "),
            "{prompt}"
        );
    }
}

/// The shell numbers the cards known by name, in the order they came to the table: a draw
/// deck set by destiny numbers takes no number, a card keeps its number while others are
/// added, and `#N` finds the card shown by it.
#[test]
fn card_numbers_count_the_cards_built_not_the_deck() {
    let (out, board) = transcript(
        "planet Naboo\nadd dark maul student\ndeck dark 4 2 6 3 1 5 2 4 6 3\ndeck light 4 1 3 5 2 6 3 3 4\nadd light r2-d2 repair\nadd light 5 to hand\nadd light qui-gon mentor\nmove #2 to hand\nshow\nmove #19 to hand\n",
    );
    assert!(
        out.contains("Added #0 Darth Maul, Student of the Dark Side"),
        "{out}"
    );
    assert!(out.contains("Added #1 R2-D2, Repair Droid"), "{out}");
    assert!(
        out.contains("Added a card with destiny 5 to the Light Side hand."),
        "{out}"
    );
    assert!(out.contains("Added #2 Qui-Gon Jinn, Jedi Mentor"), "{out}");
    assert!(
        out.contains("Moved Qui-Gon Jinn, Jedi Mentor from the Light Side cards on Naboo to the Light Side hand."),
        "{out}"
    );
    assert!(
        out.contains("hand: 5 · #2 Qui-Gon Jinn, Jedi Mentor"),
        "{out}"
    );
    assert!(out.contains("#1 R2-D2, Repair Droid"), "{out}");
    assert!(
        out.contains("there is no card #19: `show` gives each its number"),
        "{out}"
    );
    assert_eq!(board.cards.len(), 3 + 1 + 19);
}

/// The shell plays Young Jedi: `policy` completes and takes its policies, and refuses Clash of
/// the Lightsabers' `strongest` with them.
#[test]
fn the_shell_takes_the_young_jedi_policies_only() {
    let helper = ShellHelper::new(Corpus::embedded(), Catalog::embedded(), false);
    assert_eq!(
        helper.completions("policy ").1,
        ["block-when-able", "never-block", "first-option", "off"]
    );
    let (out, _) = transcript("policy strongest\npolicy never-block\n");
    let flat = out.split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(
        flat.contains("\"strongest\" is not a Young Jedi policy: block-when-able, never-block, first-option, or off"),
        "{out}"
    );
    assert!(
        out.contains("Decisions are now answered by the policy never-block."),
        "{out}"
    );
}

/// Tab never drops a word typed: `padme handm` completes to the one name whose title and
/// subtitle its words begin, a quote typed before a name is kept and closed round it (and the
/// shell reads the name inside the quotes), and where the names differ before the words typed
/// and none is the one meant, they are only listed.
#[test]
fn tab_completes_a_name_by_its_title_and_subtitle_and_keeps_a_quote() {
    let helper = ShellHelper::new(Corpus::embedded(), Catalog::embedded(), false);
    assert_eq!(
        helper.completion("card padme handm"),
        (5, vec!["Padmé Naberrie, Handmaiden".to_string()], false)
    );
    assert_eq!(
        helper.completion("add light padme handm"),
        (10, vec!["Padmé Naberrie, Handmaiden".to_string()], false)
    );
    assert_eq!(
        helper.completion("add light \"padme handm"),
        (
            10,
            vec!["\"Padmé Naberrie, Handmaiden\"".to_string()],
            false
        )
    );
    // Every version begins `Padmé Naberrie, `, which keeps the word typed.
    let (_, versions, listed) = helper.completion("card \"padme");
    assert_eq!(versions.len(), 4, "{versions:?}");
    assert!(
        versions
            .iter()
            .all(|name| name.starts_with("\"Padmé Naberrie, "))
    );
    assert!(!listed);
    // `naberrie handm`: the four names differ before `handm`, and no title begins with
    // `naberrie`: they are listed, the words typed kept.
    let (_, handmaidens, listed) = helper.completion("card naberrie handm");
    assert_eq!(handmaidens.len(), 4, "{handmaidens:?}");
    assert!(listed);
    let (out, board) = transcript(
        "planet Naboo\nadd light \"Padmé Naberrie, Handmaiden\"\nhits \"Padmé Naberrie, Handmaiden\" 1\n",
    );
    assert!(out.contains("Added #0 Padmé Naberrie, Handmaiden"), "{out}");
    assert!(
        out.contains("Padmé Naberrie, Handmaiden has 1 hit token."),
        "{out}"
    );
    assert_eq!(board.cards.len(), 1);
}
