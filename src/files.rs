//! The user's files: a scenario read with a bounded read, a file written atomically (a temporary file in the same folder, then a rename).

use std::io::Write;
use std::path::{Path, PathBuf};

/// Reads a scenario file: at most one byte more than the limit is read from anything (a
/// regular file, a FIFO, `/dev/zero`), so an endless source is refused, not exhausted.
pub fn read_scenario(path: &std::path::Path) -> Result<String, String> {
    use std::io::Read;
    let limit = crate::scenario::MAX_SCENARIO_BYTES;
    let file = std::fs::File::open(path)
        .map_err(|error| format!("cannot read {}: {error}", path.display()))?;
    if file.metadata().is_ok_and(|metadata| metadata.is_dir()) {
        return Err(format!("cannot read {}: it is a folder", path.display()));
    }
    let mut bytes = Vec::new();
    file.take(limit as u64 + 1)
        .read_to_end(&mut bytes)
        .map_err(|error| format!("cannot read {}: {error}", path.display()))?;
    if bytes.len() > limit {
        return Err(format!(
            "{} is larger than {} bytes, the most a scenario may be",
            path.display(),
            crate::render::thousands(limit)
        ));
    }
    String::from_utf8(bytes).map_err(|error| {
        format!(
            "{} is not UTF-8 text (byte {} is not)",
            path.display(),
            error.utf8_error().valid_up_to()
        )
    })
}

/// Writes a file so that it is either the old file or the whole new one, never a fragment:
/// the text goes to a temporary file in the same folder, is flushed to disk, and is renamed
/// over the file.
pub fn write_atomically(path: &Path, text: &str) -> std::io::Result<()> {
    let folder = match path.parent() {
        Some(folder) if !folder.as_os_str().is_empty() => folder.to_path_buf(),
        _ => PathBuf::from("."),
    };
    let name = path
        .file_name()
        .map(|name| name.to_string_lossy().into_owned())
        .ok_or_else(|| std::io::Error::new(std::io::ErrorKind::InvalidInput, "not a file name"))?;
    let mut attempt = 0u32;
    let (temporary, mut file) = loop {
        let temporary = folder.join(format!(
            ".{name}.{}-{attempt}.jedi-judge-tmp",
            std::process::id()
        ));
        match std::fs::File::create_new(&temporary) {
            Ok(file) => break (temporary, file),
            Err(error) if error.kind() == std::io::ErrorKind::AlreadyExists && attempt < 100 => {
                attempt += 1;
            }
            Err(error) => return Err(error),
        }
    };
    let written = file
        .write_all(text.as_bytes())
        .and_then(|()| file.sync_all());
    drop(file);
    let renamed = written.and_then(|()| std::fs::rename(&temporary, path));
    if renamed.is_err() {
        let _ = std::fs::remove_file(&temporary);
    }
    renamed
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_file_written_atomically_replaces_the_old_one_whole_and_leaves_no_temporary() {
        let folder = std::env::temp_dir().join(format!("jedi-judge-files-{}", std::process::id()));
        std::fs::create_dir_all(&folder).expect("a folder");
        let path = folder.join("position.yaml");
        std::fs::write(&path, "old\n".repeat(200)).expect("the old file");
        write_atomically(&path, "turn: light\n").expect("written");
        assert_eq!(
            std::fs::read_to_string(&path).ok().as_deref(),
            Some("turn: light\n")
        );
        let left: Vec<_> = std::fs::read_dir(&folder)
            .expect("the folder")
            .flatten()
            .map(|entry| entry.file_name())
            .collect();
        assert_eq!(left.len(), 1, "{left:?}");
        let _ = std::fs::remove_dir_all(&folder);
    }

    #[test]
    fn a_write_that_cannot_happen_leaves_the_old_file() {
        let missing = std::env::temp_dir()
            .join(format!("jedi-judge-no-such-folder-{}", std::process::id()))
            .join("position.yaml");
        assert!(write_atomically(&missing, "turn: light\n").is_err());
    }
}
