//! The interactive shell: its evaluator driven by scripts (snapshots of the transcript),
//! completion, and an end-to-end session piped into the binary and replayed by `walk`.

use std::io::Write;
use std::process::{Command, Stdio};

use jedi_judge::board::Board;
use jedi_judge::cards::Catalog;
use jedi_judge::render::Palette;
use jedi_judge::rules::{Corpus, Ruleset};
use jedi_judge::shell::Session;
use jedi_judge::shell::helper::ShellHelper;
use jedi_judge::shell::terminal::{ScriptConsole, run_script};

/// Runs script lines through a fresh session; returns the transcript and the final board.
fn transcript(script: &str) -> (String, Board) {
    let mut session = Session::new(
        Corpus::embedded(),
        Catalog::embedded(),
        Board::new(Ruleset::latest(), 0),
        Palette::plain(),
    );
    let mut console = ScriptConsole {
        lines: script
            .lines()
            .map(str::to_string)
            .collect::<Vec<_>>()
            .into_iter(),
        out: Vec::new(),
        to_stdout: false,
    };
    run_script(&mut session, &mut console);
    (
        String::from_utf8_lossy(&console.out).into_owned(),
        session.board,
    )
}

const BUILD_EXAMPLE: &str = "\
turn dark
step battle
planet Naboo
add dark maul student
set maul student power 4 damage 3
set Darth Maul's Lightsaber type weapon side dark usable_by Darth Maul power_bonus 1
add dark Darth Maul's Lightsaber
add light r2-d2 repair
set r2-d2 damage 0
add light qui-gon mentor
set qui-gon power 4 damage 3
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
    let (out, board) = transcript(&format!("{BUILD_EXAMPLE}duel\n1\n2\n1\n1\n1\n1\n1\n1\n1\n"));
    assert!(out.contains("Defeated: Qui-Gon Jinn, Jedi Mentor (Light Side)."));
    assert!(board.conservation_holds());
    insta::assert_snapshot!(out);
}

#[test]
fn an_error_never_changes_the_board() {
    let (out, board) = transcript(
        "planet Naboo\nadd light qui-gon mentor\nadd light Qui-Gon Jin Jedi Mentr\nmove qui-gon to Mars\nset plo koon power 5\nfrobnicate\nadd purple booma\n",
    );
    assert_eq!(board.cards.len(), 1);
    insta::assert_snapshot!(out);
}

#[test]
fn undo_and_redo_take_back_any_command_a_whole_duel_included() {
    let (out, board) = transcript(&format!(
        "{BUILD_EXAMPLE}duel\n1\n2\n1\n1\n1\n1\n1\n1\n1\nundo\nundo\nredo\n"
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
    assert_eq!(cards, ["Darth Maul, Student of the Dark Side"]);
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
    assert!(
        helper
            .completions("move r2 to dis")
            .1
            .contains(&"discard".to_string())
    );
}

#[test]
fn a_piped_session_saves_a_scenario_that_walk_replays_to_the_same_verdict() {
    let binary = env!("CARGO_BIN_EXE_jedi-judge");
    let dir = std::env::temp_dir().join(format!("jedi-judge-shell-test-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a temporary folder");
    let saved = dir.join("duel.yaml");
    let script = format!(
        "{BUILD_EXAMPLE}duel\n1\n2\n1\n1\n1\n1\n1\n1\n1\nsave {}\nquit\n",
        saved.display()
    );
    let mut child = Command::new(binary)
        .arg("repl")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary runs");
    child
        .stdin
        .take()
        .expect("stdin")
        .write_all(script.as_bytes())
        .expect("the script is written");
    let output = child.wait_with_output().expect("the shell ends");
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
