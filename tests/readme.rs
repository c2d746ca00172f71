//! The README's examples run as written: every `jedi-judge` command of its shell blocks is
//! pasted into bash (and zsh, where it is installed), with the scenarios at hand, and none is refused as bad usage or leaves a
//! file behind (an unquoted `power>=5` would write a file named `=5`); a block that writes a
//! scenario with a here-document runs as a whole, as a new user follows it.

use std::path::Path;
use std::process::{Command, Stdio};

/// The README's `sh` blocks, each as its lines.
fn shell_blocks() -> Vec<Vec<String>> {
    let readme = std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("README.md"))
        .expect("the README");
    let mut blocks = Vec::new();
    let mut block: Option<Vec<String>> = None;
    for line in readme.lines() {
        if line.starts_with("```") {
            match block.take() {
                Some(done) => blocks.push(done),
                None if line == "```sh" => block = Some(Vec::new()),
                None => {}
            }
            continue;
        }
        if let Some(block) = block.as_mut() {
            block.push(line.to_string());
        }
    }
    blocks
}

/// A block that writes a scenario with a here-document, to run as a whole.
fn is_a_walkthrough(block: &[String]) -> bool {
    block.iter().any(|line| line.contains("<<'EOF'"))
}

/// The `jedi-judge` command lines of the README's other `sh` blocks, their comments cut off;
/// those that write a file where a user must choose (a completion script, a manual page)
/// are left out.
fn readme_commands() -> Vec<String> {
    let mut commands = Vec::new();
    for line in shell_blocks()
        .into_iter()
        .filter(|block| !is_a_walkthrough(block))
        .flatten()
    {
        if !line.starts_with("jedi-judge ") {
            continue;
        }
        let command = match line.find(" # ") {
            Some(at) => line[..at].trim_end(),
            None => line.trim_end(),
        };
        if command.contains(" > ") {
            continue;
        }
        commands.push(command.to_string());
    }
    commands
}

#[test]
fn every_jedi_judge_command_of_the_readme_runs_as_written_in_bash() {
    let commands = readme_commands();
    assert!(commands.len() >= 25, "{} commands", commands.len());
    let binary = Path::new(env!("CARGO_BIN_EXE_jedi-judge"));
    let dir = std::env::temp_dir().join(format!("jedi-judge-readme-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a folder");
    let scenarios = Path::new(env!("CARGO_MANIFEST_DIR")).join("scenarios");
    let _ = std::fs::remove_file(dir.join("scenarios"));
    std::os::unix::fs::symlink(&scenarios, dir.join("scenarios")).expect("a link");
    let path = format!(
        "{}:{}",
        binary.parent().expect("the binary's folder").display(),
        std::env::var("PATH").unwrap_or_default()
    );
    let walkthroughs: Vec<String> = shell_blocks()
        .into_iter()
        .filter(|block| is_a_walkthrough(block))
        .map(|block| block.join("\n"))
        .collect();
    assert!(
        !walkthroughs.is_empty(),
        "the README walks a new user through a position"
    );
    let written: Vec<String> = walkthroughs
        .iter()
        .flat_map(|script| script.lines())
        .filter_map(|line| {
            // `cat > FILE <<'EOF'`, and a command's output sent to a file.
            let at = line.find("> ")?;
            line.get(at + 2..)?
                .split_whitespace()
                .next()
                .map(str::to_string)
        })
        .collect();
    // bash always; zsh too where it is installed (it reads `>=` and `#` as bash does only when
    // quoted and non-interactive).
    let zsh = std::env::var_os("PATH")
        .is_some_and(|paths| std::env::split_paths(&paths).any(|dir| dir.join("zsh").is_file()));
    let shells: &[&str] = if zsh { &["bash", "zsh"] } else { &["bash"] };
    if !zsh {
        eprintln!("zsh is not installed: the README's commands ran in bash only");
    }
    for (shell, command) in shells.iter().flat_map(|shell| {
        commands
            .iter()
            .chain(&walkthroughs)
            .map(move |command| (*shell, command))
    }) {
        let output = Command::new(shell)
            .arg("-c")
            .arg(command)
            .current_dir(&dir)
            .env("PATH", &path)
            .env("NO_COLOR", "1")
            .stdin(Stdio::null())
            .output()
            .expect("bash runs");
        let code = output.status.code().unwrap_or(-1);
        assert!(
            code == 0 || code == 1,
            "{shell}: `{command}` exits {code}:\n{}",
            String::from_utf8_lossy(&output.stderr)
        );
        assert!(
            !output.stdout.is_empty(),
            "{shell}: `{command}` printed nothing"
        );
        if walkthroughs.contains(command) {
            // Followed step by step: the position is legal, nothing is refused as input, and
            // the walk comes to its verdict.
            let stdout = String::from_utf8_lossy(&output.stdout);
            assert!(
                output.stderr.is_empty(),
                "{}",
                String::from_utf8_lossy(&output.stderr)
            );
            assert!(
                stdout.contains(": legal") && stdout.contains("Verdict"),
                "{stdout}"
            );
        }
    }
    let left: Vec<String> = std::fs::read_dir(&dir)
        .expect("the folder")
        .flatten()
        .map(|entry| entry.file_name().to_string_lossy().into_owned())
        .filter(|name| name != "scenarios" && !written.contains(name))
        .collect();
    let _ = std::fs::remove_dir_all(&dir);
    assert!(
        left.is_empty(),
        "the README's commands left files: {left:?}"
    );
}
