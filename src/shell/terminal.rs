//! The shell at a terminal (rustyline, history kept across runs) and, when input is not a terminal, as a script.
//!
//! Every write handles its error: when standard output is closed (a pipe whose reader has
//! gone), the session ends quietly instead of panicking.

use std::io::{BufRead, IsTerminal, Read, Write};
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

/// The longest line a script may have; a longer one is an error, not read whole.
pub const MAX_LINE_BYTES: usize = 64 * 1024;

/// Where the history is kept: the user's data directory.
pub fn history_path() -> Option<PathBuf> {
    dirs::data_dir().map(|dir| dir.join("jedi-judge").join("history.txt"))
}

/// A standard stream that notices when it is closed.
#[derive(Debug, Default)]
pub struct Stream {
    closed: bool,
    error: bool,
    /// Whether the shell colours its text: its own colour sequences are kept, and every other
    /// control character is written out (`crate::text::escaped_output`).
    colours: bool,
}

impl Stream {
    fn stdout() -> Stream {
        Stream::default()
    }

    fn stderr() -> Stream {
        Stream {
            closed: false,
            error: true,
            colours: false,
        }
    }

    /// The stream, keeping the shell's own colour sequences where it colours its text.
    fn coloured(self, colours: bool) -> Stream {
        Stream { colours, ..self }
    }

    /// Writes and flushes, every control character the text holds but the line break and the
    /// tab written out; a failed write (a closed pipe) closes the stream for good.
    fn write(&mut self, text: &str) {
        if self.closed {
            return;
        }
        let text = crate::text::escaped_output(text, self.colours);
        let written = if self.error {
            let mut out = std::io::stderr().lock();
            out.write_all(text.as_bytes()).and_then(|()| out.flush())
        } else {
            let mut out = std::io::stdout().lock();
            out.write_all(text.as_bytes()).and_then(|()| out.flush())
        };
        if written.is_err() {
            self.closed = true;
        }
    }

    pub fn closed(&self) -> bool {
        self.closed
    }
}

/// A console over standard output, reading answers from the editor.
struct TerminalConsole<'e> {
    editor: &'e mut Editor<ShellHelper, DefaultHistory>,
    out: &'e mut Stream,
}

impl Console for TerminalConsole<'_> {
    fn print(&mut self, text: &str) {
        self.out.write(text);
    }

    fn ask(&mut self, prompt: &str) -> Answer {
        if self.out.closed() {
            return Answer::End;
        }
        match self.editor.readline(prompt) {
            Ok(line) => Answer::Line(line),
            Err(ReadlineError::Interrupted) => Answer::Cancelled,
            Err(_) => Answer::End,
        }
    }

    fn interactive(&self) -> bool {
        true
    }
}

/// A line of a script as read: text, or why it is not.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ScriptLine {
    Text(String),
    /// The line is not UTF-8 text.
    NotText,
    /// The line is longer than [`MAX_LINE_BYTES`].
    TooLong,
}

/// The lines of a script from any reader, each read with a bounded buffer; reading stops at
/// the end or at a read error.
pub fn script_lines(reader: impl BufRead) -> impl Iterator<Item = ScriptLine> {
    let mut reader = reader;
    std::iter::from_fn(move || {
        let mut bytes = Vec::new();
        let mut limited = reader.by_ref().take(MAX_LINE_BYTES as u64 + 1);
        match limited.read_until(b'\n', &mut bytes) {
            Ok(0) | Err(_) => None,
            Ok(_) => {
                if bytes.len() > MAX_LINE_BYTES && !bytes.ends_with(b"\n") {
                    // Skip the rest of the long line.
                    let mut rest = Vec::new();
                    loop {
                        rest.clear();
                        let mut chunk = reader.by_ref().take(MAX_LINE_BYTES as u64);
                        match chunk.read_until(b'\n', &mut rest) {
                            Ok(0) | Err(_) => break,
                            Ok(_) if rest.ends_with(b"\n") => break,
                            Ok(_) => {}
                        }
                    }
                    return Some(ScriptLine::TooLong);
                }
                while bytes
                    .last()
                    .is_some_and(|byte| *byte == b'\n' || *byte == b'\r')
                {
                    bytes.pop();
                }
                Some(match String::from_utf8(bytes) {
                    Ok(text) => ScriptLine::Text(text),
                    Err(_) => ScriptLine::NotText,
                })
            }
        }
    })
}

/// A console for a script: commands and answers come from its lines, echoed after the
/// prompt; errors are shown with the line's number.
pub struct ScriptConsole<I: Iterator<Item = ScriptLine>> {
    lines: I,
    /// The number of the last line read, from 1.
    line: usize,
    /// What a terminal would show, when not written to standard output.
    pub out: Vec<u8>,
    to_stdout: bool,
    stdout: Stream,
    stderr: Stream,
    /// Lines that could not be read as text.
    unreadable: usize,
}

impl<I: Iterator<Item = ScriptLine>> ScriptConsole<I> {
    /// A script whose output is kept in `out`, errors in their place.
    pub fn buffered(lines: I) -> ScriptConsole<I> {
        ScriptConsole {
            lines,
            line: 0,
            out: Vec::new(),
            to_stdout: false,
            stdout: Stream::stdout(),
            stderr: Stream::stderr(),
            unreadable: 0,
        }
    }

    /// A script whose output goes to standard output, and its errors to standard error.
    pub fn streamed(lines: I) -> ScriptConsole<I> {
        ScriptConsole {
            to_stdout: true,
            ..ScriptConsole::buffered(lines)
        }
    }

    /// Keeps the shell's own colour sequences, where it colours its text.
    fn coloured(mut self, colours: bool) -> ScriptConsole<I> {
        self.stdout = Stream::stdout().coloured(colours);
        self.stderr = Stream::stderr().coloured(colours);
        self
    }

    fn write(&mut self, text: &str) {
        if self.to_stdout {
            self.stdout.write(text);
        } else {
            self.out
                .extend_from_slice(crate::text::escaped_output(text, false).as_bytes());
        }
    }

    fn closed(&self) -> bool {
        self.to_stdout && self.stdout.closed()
    }

    /// The next line as text; a line that is not text is reported with its number.
    fn next_text(&mut self) -> Option<Result<String, ()>> {
        let line = self.lines.next()?;
        self.line += 1;
        Some(match line {
            ScriptLine::Text(text) => Ok(text),
            ScriptLine::NotText => {
                self.unreadable += 1;
                let number = self.line;
                self.error(&format!("line {number} is not UTF-8 text; it is skipped\n"));
                Err(())
            }
            ScriptLine::TooLong => {
                self.unreadable += 1;
                let number = self.line;
                self.error(&format!(
                    "line {number} is longer than {} bytes; it is skipped\n",
                    crate::text::thousands(MAX_LINE_BYTES)
                ));
                Err(())
            }
        })
    }

    /// The next command line, echoed after the prompt; `None` at the end or when the output
    /// is closed.
    pub fn next_command(&mut self) -> Option<String> {
        loop {
            if self.closed() {
                return None;
            }
            match self.next_text()? {
                Ok(line) => {
                    self.write(&format!("{PROMPT}{line}\n"));
                    return Some(line);
                }
                Err(()) => continue,
            }
        }
    }

    /// The exit code of the script: 0 when every command succeeded, 1 when one failed, 2
    /// when a line could not be read.
    pub fn exit_code(&self, session: &Session<'_>) -> i32 {
        if self.unreadable > 0 {
            2
        } else if session.failures() > 0 {
            1
        } else {
            0
        }
    }
}

impl<I: Iterator<Item = ScriptLine>> Console for ScriptConsole<I> {
    fn print(&mut self, text: &str) {
        self.write(text);
    }

    fn error(&mut self, text: &str) {
        if self.to_stdout {
            self.stderr.write(text);
        } else {
            self.out
                .extend_from_slice(crate::text::escaped_output(text, false).as_bytes());
        }
    }

    fn place(&self) -> Option<String> {
        Some(format!("line {}", self.line))
    }

    fn ask(&mut self, prompt: &str) -> Answer {
        match self.next_text() {
            Some(Ok(line)) => {
                self.write(&format!("{prompt}{line}\n"));
                Answer::Line(line)
            }
            Some(Err(())) => Answer::Cancelled,
            None => {
                self.write(&format!("{prompt}\n"));
                Answer::End
            }
        }
    }
}

/// Runs a whole script through a session; the output is what a terminal would show.
pub fn run_script<I: Iterator<Item = ScriptLine>>(
    session: &mut Session<'_>,
    console: &mut ScriptConsole<I>,
) {
    while let Some(line) = console.next_command() {
        if session.run_line(&line, console) == Flow::Quit {
            return;
        }
    }
    if session.dirty() && !console.closed() {
        console.print("End of input: the unsaved changes are not saved.\n");
    }
}

/// Starts the shell: interactive on a terminal, a script otherwise. Returns the exit code.
pub fn run(
    start: Board,
    loaded: Option<&std::path::Path>,
    policy: Option<Policy>,
    palette: Palette,
) -> i32 {
    let corpus = Corpus::embedded();
    let catalog = Catalog::embedded();
    let mut session = Session::new(corpus, catalog, start, palette);
    session.policy = policy;
    let mut banner = loaded.map(|path| format!("Loaded {}.\n", path.display()));
    if let Some(path) = loaded {
        session.remember_file(path);
        // What the file says beside its position (its action, assumptions, policy and
        // decisions) the shell takes up as `load` does; the position itself came checked.
        let file = crate::files::read_scenario(path)
            .ok()
            .and_then(|text| crate::procedures::parse(&text).ok());
        if let (Some(file), Some(banner)) = (file, banner.as_mut()) {
            banner.push_str(&session.take_up(&path.display().to_string(), &file));
            if policy.is_some() {
                session.policy = policy;
            }
        }
    }
    if !std::io::stdin().is_terminal() {
        let stdin = std::io::stdin();
        let mut console =
            ScriptConsole::streamed(script_lines(stdin.lock())).coloured(palette.enabled);
        if let Some(banner) = banner {
            console.print(&banner);
        }
        run_script(&mut session, &mut console);
        return console.exit_code(&session);
    }
    // Ctrl-C while a command runs stops that command (the session's `stop`), never the shell;
    // at the prompt the line editor reads it as a key and cancels the line.
    let stop = session.stop.clone();
    let _ = ctrlc::set_handler(move || stop.store(true, std::sync::atomic::Ordering::SeqCst));
    let mut out = Stream::stdout().coloured(palette.enabled);
    let mut err = Stream::stderr().coloured(palette.enabled);
    let config = Config::builder()
        .completion_type(CompletionType::List)
        .auto_add_history(false)
        .build();
    let Ok(mut editor) = Editor::<ShellHelper, DefaultHistory>::with_config(config) else {
        err.write("cannot open the terminal for the shell\n");
        return 2;
    };
    let helper = ShellHelper::new(corpus, catalog, palette.enabled);
    let board_names = helper.board_names.clone();
    editor.set_helper(Some(helper));
    let history = history_path();
    if let Some(path) = &history {
        let _ = editor.load_history(path);
    }
    out.write(
        "jedi-judge shell: build a position and adjudicate it. `help` lists the commands; Tab completes.\n",
    );
    if let Some(banner) = banner {
        out.write(&banner);
    }
    while !out.closed() {
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
            out: &mut out,
        };
        let flow = match line {
            Ok(line) => {
                // Kept in the history even if it fails, so that nothing typed is lost.
                let _ = console.editor.add_history_entry(line.as_str());
                session.run_line(&line, &mut console)
            }
            Err(ReadlineError::Interrupted) => {
                // Ctrl-C cancels the line; the board is untouched.
                Flow::Continue
            }
            Err(ReadlineError::Eof) => session.end_of_input(&mut console),
            Err(error) => {
                err.write(&format!("cannot read the terminal: {error}\n"));
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
