//! Converts the community transcription of the Young Jedi cards (a folder of `<set>.csv`
//! files) into the project's list of printings, written to a file atomically (the build reads
//! that file, so it is never left half-written).

use std::process::ExitCode;

use jedi_judge::cards::convert::{SETS, convert};

/// A set's file is a few hundred kilobytes; anything far larger is not one.
const MAX_FILE_BYTES: u64 = 4 * 1024 * 1024;

fn main() -> ExitCode {
    let (Some(folder), Some(output)) = (std::env::args_os().nth(1), std::env::args_os().nth(2))
    else {
        eprintln!(
            "usage: convert-cards FOLDER OUTPUT  (the folder of <set>.csv files; the file to write, such as src/cards/young-jedi.yaml)"
        );
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
            let output = std::path::PathBuf::from(output);
            match jedi_judge::files::write_atomically(&output, &converted) {
                Ok(()) => ExitCode::SUCCESS,
                Err(error) => {
                    eprintln!("cannot write {}: {error}", output.display());
                    ExitCode::from(2)
                }
            }
        }
        Err(error) => {
            eprintln!("{error}");
            ExitCode::from(2)
        }
    }
}
