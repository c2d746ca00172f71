//! Converts the community transcription of the Young Jedi cards (a folder of `<set>.csv`
//! files) into the project's list of printings, written to standard output.

use std::process::ExitCode;

use jedi_judge::cards::convert::{SETS, convert};

/// A set's file is a few hundred kilobytes; anything far larger is not one.
const MAX_FILE_BYTES: u64 = 4 * 1024 * 1024;

fn main() -> ExitCode {
    let Some(folder) = std::env::args_os().nth(1) else {
        eprintln!("usage: convert-cards FOLDER  (the folder of <set>.csv files)");
        return ExitCode::from(2);
    };
    let folder = std::path::PathBuf::from(folder);
    let mut files = Vec::new();
    for (stem, _) in SETS {
        let path = folder.join(format!("{stem}.csv"));
        let text = std::fs::File::open(&path).and_then(|file| {
            use std::io::Read;
            let mut text = String::new();
            file.take(MAX_FILE_BYTES + 1).read_to_string(&mut text)?;
            if text.len() as u64 > MAX_FILE_BYTES {
                return Err(std::io::Error::other("larger than 4 MiB"));
            }
            Ok(text)
        });
        match text {
            Ok(text) => files.push((stem.to_string(), text)),
            Err(error) => {
                eprintln!("cannot read {}: {error}", path.display());
                return ExitCode::from(2);
            }
        }
    }
    match convert(&files) {
        Ok(converted) => {
            print!("{converted}");
            ExitCode::SUCCESS
        }
        Err(error) => {
            eprintln!("{error}");
            ExitCode::from(2)
        }
    }
}
