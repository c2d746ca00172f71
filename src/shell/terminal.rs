//! The shell at a terminal (rustyline, history kept across runs) and, when input is not a terminal, as a script.

use std::io::{BufRead, IsTerminal, Write};
use std::path::PathBuf;

use rustyline::error::ReadlineError;
use rustyline::history::DefaultHistory;
use rustyline::{CompletionType, Config, Editor};

use super::helper::ShellHelper;
use super::{Answer, Console, Flow, Session};
use crate::board::Board;
use crate::cards::Catalog;
use crate::engine::deciders::Policy;
use crate::render::Palette;
use crate::rules::Corpus;

const PROMPT: &str = "jedi-judge> ";

/// Where the history is kept: the user's data directory.
pub fn history_path() -> Option<PathBuf> {
    dirs::data_dir().map(|dir| dir.join("jedi-judge").join("history.txt"))
}

/// A console over standard output, reading answers from the editor.
struct TerminalConsole<'e> {
    editor: &'e mut Editor<ShellHelper, DefaultHistory>,
}

impl Console for TerminalConsole<'_> {
    fn print(&mut self, text: &str) {
        let mut out = std::io::stdout();
        let _ = out.write_all(text.as_bytes());
        let _ = out.flush();
    }

    fn ask(&mut self, prompt: &str) -> Answer {
        match self.editor.readline(prompt) {
            Ok(line) => Answer::Line(line),
            Err(ReadlineError::Interrupted) => Answer::Cancelled,
            Err(_) => Answer::End,
        }
    }
}

/// A console for a script: answers come from the next lines of input, echoed.
pub struct ScriptConsole<I: Iterator<Item = String>> {
    pub lines: I,
    pub out: Vec<u8>,
    pub to_stdout: bool,
}

impl<I: Iterator<Item = String>> ScriptConsole<I> {
    fn write(&mut self, text: &str) {
        if self.to_stdout {
            let mut out = std::io::stdout();
            let _ = out.write_all(text.as_bytes());
            let _ = out.flush();
        } else {
            self.out.extend_from_slice(text.as_bytes());
        }
    }

    /// The next command line, echoed after the prompt.
    pub fn next_command(&mut self) -> Option<String> {
        let line = self.lines.next()?;
        self.write(&format!("{PROMPT}{line}\n"));
        Some(line)
    }
}

impl<I: Iterator<Item = String>> Console for ScriptConsole<I> {
    fn print(&mut self, text: &str) {
        self.write(text);
    }

    fn ask(&mut self, prompt: &str) -> Answer {
        match self.lines.next() {
            Some(line) => {
                self.write(&format!("{prompt}{line}\n"));
                Answer::Line(line)
            }
            None => {
                self.write(&format!("{prompt}\n"));
                Answer::End
            }
        }
    }
}

/// Runs a whole script through a session; the output is what a terminal would show.
pub fn run_script<I: Iterator<Item = String>>(
    session: &mut Session<'_>,
    console: &mut ScriptConsole<I>,
) {
    while let Some(line) = console.next_command() {
        if session.run_line(&line, console) == Flow::Quit {
            return;
        }
    }
    if session.dirty() {
        console.print("End of input: the unsaved changes are not saved.\n");
    }
}

/// Starts the shell: interactive on a terminal, a script otherwise. Returns the exit code.
pub fn run(start: Board, banner: Option<String>, policy: Option<Policy>, colour: bool) -> i32 {
    let corpus = Corpus::embedded();
    let catalog = Catalog::embedded();
    let palette = Palette { enabled: colour };
    let mut session = Session::new(corpus, catalog, start, palette);
    session.policy = policy;
    if !std::io::stdin().is_terminal() {
        let stdin = std::io::stdin();
        let lines = stdin.lock().lines().map_while(Result::ok);
        let mut console = ScriptConsole {
            lines,
            out: Vec::new(),
            to_stdout: true,
        };
        if let Some(banner) = banner {
            console.print(&banner);
        }
        run_script(&mut session, &mut console);
        return 0;
    }
    let config = Config::builder()
        .completion_type(CompletionType::List)
        .auto_add_history(false)
        .build();
    let Ok(mut editor) = Editor::<ShellHelper, DefaultHistory>::with_config(config) else {
        eprintln!("cannot open the terminal for the shell");
        return 2;
    };
    let helper = ShellHelper::new(corpus, catalog, colour);
    let board_names = helper.board_names.clone();
    editor.set_helper(Some(helper));
    let history = history_path();
    if let Some(path) = &history {
        let _ = editor.load_history(path);
    }
    println!(
        "jedi-judge shell: build a position and adjudicate it. `help` lists the commands; Tab completes."
    );
    if let Some(banner) = banner {
        print!("{banner}");
    }
    loop {
        *board_names.borrow_mut() = session
            .board
            .definitions
            .iter()
            .filter(|card| !card.anonymous)
            .map(|card| card.full_name())
            .collect();
        let line = editor.readline(PROMPT);
        let mut console = TerminalConsole {
            editor: &mut editor,
        };
        let flow = match line {
            Ok(line) => {
                let _ = console.editor.add_history_entry(line.as_str());
                session.run_line(&line, &mut console)
            }
            Err(ReadlineError::Interrupted) => {
                // Ctrl-C cancels the line; the board is untouched.
                Flow::Continue
            }
            Err(ReadlineError::Eof) => session.end_of_input(&mut console),
            Err(error) => {
                eprintln!("cannot read the terminal: {error}");
                Flow::Quit
            }
        };
        if flow == Flow::Quit {
            break;
        }
    }
    if let Some(path) = &history {
        if let Some(dir) = path.parent() {
            let _ = std::fs::create_dir_all(dir);
        }
        let _ = editor.save_history(path);
    }
    0
}
