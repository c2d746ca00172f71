//! The jedi-judge binary: runs the command line and writes its output.

use std::io::{IsTerminal, Write};
use std::process::ExitCode;

use jedi_judge::cli::{ColorWhen, execute_into};
use jedi_judge::render::Palette;

fn main() -> ExitCode {
    // A shell asking for Tab completions gets them and nothing else.
    jedi_judge::cli::complete_from_environment();
    let terminal = std::io::stdout().is_terminal();
    let palette_for = |when: ColorWhen| {
        let palette = match when {
            ColorWhen::Always => Palette::coloured(),
            ColorWhen::Never => Palette::plain(),
            ColorWhen::Auto => Palette {
                enabled: terminal
                    && std::env::var_os("NO_COLOR").is_none_or(|value| value.is_empty()),
                ..Palette::plain()
            },
        };
        // Text follows the terminal's width; anywhere else it is the same fixed width.
        match terminal_size::terminal_size() {
            Some((terminal_size::Width(columns), _)) if terminal => {
                palette.for_terminal(usize::from(columns))
            }
            _ => palette,
        }
    };
    // The output is written as it is made; a closed pipe (`jedi-judge rules list | head`) is
    // not an error worth reporting.
    let mut stdout = std::io::BufWriter::with_capacity(64 * 1024, std::io::stdout().lock());
    let outcome = execute_into(std::env::args_os(), palette_for, &mut stdout);
    let _ = stdout.flush();
    drop(stdout);
    let _ = std::io::stderr().write_all(outcome.stderr.as_bytes());
    ExitCode::from(u8::try_from(outcome.code).unwrap_or(2))
}
