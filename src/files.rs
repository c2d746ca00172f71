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

/// The most symbolic links followed from the path a user gave to the file they lead to.
const MOST_LINKS: usize = 40;

/// The file a path leads to: each symbolic link followed to its target (a relative target read
/// from the link's folder), so that writing replaces the target and keeps the link.
fn followed(path: &Path) -> std::io::Result<PathBuf> {
    let mut here = path.to_path_buf();
    for _ in 0..MOST_LINKS {
        match std::fs::symlink_metadata(&here) {
            Ok(metadata) if metadata.file_type().is_symlink() => {
                let target = std::fs::read_link(&here)?;
                here = match here.parent() {
                    Some(folder) if target.is_relative() => folder.join(target),
                    _ => target,
                };
            }
            _ => return Ok(here),
        }
    }
    Err(std::io::Error::other(format!(
        "more than {MOST_LINKS} symbolic links lead from it"
    )))
}

/// What a file that is not a regular file is, in words.
fn kind_of(file_type: std::fs::FileType) -> &'static str {
    #[cfg(unix)]
    {
        use std::os::unix::fs::FileTypeExt;
        if file_type.is_fifo() {
            return "a FIFO";
        }
        if file_type.is_socket() {
            return "a socket";
        }
        if file_type.is_block_device() || file_type.is_char_device() {
            return "a device";
        }
    }
    if file_type.is_dir() {
        "a folder"
    } else {
        "not a regular file"
    }
}

/// The file writing `path` writes (its symbolic links followed) and the permissions of the
/// file there now, if there is one; an error if what is there is not a regular file.
pub fn writable(path: &Path) -> std::io::Result<(PathBuf, Option<std::fs::Permissions>)> {
    let path = followed(path)?;
    let permissions = match std::fs::metadata(&path) {
        Ok(metadata) if metadata.is_file() => Some(metadata.permissions()),
        Ok(metadata) => {
            return Err(std::io::Error::other(format!(
                "it is {}, not a regular file",
                kind_of(metadata.file_type())
            )));
        }
        Err(error) if error.kind() == std::io::ErrorKind::NotFound => None,
        Err(error) => return Err(error),
    };
    Ok((path, permissions))
}

/// Writes a file so that it is either the old file or the whole new one, never a fragment:
/// the text goes to a temporary file in the same folder, is flushed to disk, and is renamed
/// over the file. A symbolic link is followed, and its target written; a file that is there
/// keeps its permissions; anything there that is not a regular file (a FIFO, a folder, a
/// device) is refused, and nothing is written.
pub fn write_atomically(path: &Path, text: &str) -> std::io::Result<()> {
    let (path, permissions) = writable(path)?;
    let path = path.as_path();
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
        .and_then(|()| match permissions {
            Some(permissions) => file.set_permissions(permissions),
            None => Ok(()),
        })
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

    #[cfg(unix)]
    #[test]
    fn a_link_is_written_through_a_files_mode_kept_and_a_fifo_refused() {
        use std::os::unix::fs::PermissionsExt;
        let folder =
            std::env::temp_dir().join(format!("jedi-judge-files-links-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&folder);
        std::fs::create_dir_all(folder.join("kept")).expect("a folder");
        let target = folder.join("kept").join("position.yaml");
        std::fs::write(&target, "old\n").expect("the old file");
        std::fs::set_permissions(&target, std::fs::Permissions::from_mode(0o640)).expect("a mode");
        let link = folder.join("link.yaml");
        std::os::unix::fs::symlink("kept/position.yaml", &link).expect("a link");
        write_atomically(&link, "turn: light\n").expect("written");
        assert!(
            std::fs::symlink_metadata(&link)
                .expect("the link")
                .file_type()
                .is_symlink()
        );
        assert_eq!(
            std::fs::read_to_string(&target).ok().as_deref(),
            Some("turn: light\n")
        );
        let mode = std::fs::metadata(&target)
            .expect("the file")
            .permissions()
            .mode();
        assert_eq!(mode & 0o777, 0o640);
        // A link to no file yet makes its target.
        let dangling = folder.join("new.yaml");
        std::os::unix::fs::symlink("kept/made.yaml", &dangling).expect("a link");
        write_atomically(&dangling, "turn: dark\n").expect("written");
        assert_eq!(
            std::fs::read_to_string(folder.join("kept").join("made.yaml"))
                .ok()
                .as_deref(),
            Some("turn: dark\n")
        );
        // A FIFO is refused, and stays a FIFO.
        let fifo = folder.join("pipe.yaml");
        let made = std::process::Command::new("mkfifo").arg(&fifo).status();
        if made.is_ok_and(|status| status.success()) {
            let error = write_atomically(&fifo, "turn: light\n").expect_err("refused");
            assert_eq!(error.to_string(), "it is a FIFO, not a regular file");
            use std::os::unix::fs::FileTypeExt;
            assert!(
                std::fs::symlink_metadata(&fifo)
                    .expect("the FIFO")
                    .file_type()
                    .is_fifo()
            );
        }
        let error = write_atomically(&folder.join("kept"), "x").expect_err("refused");
        assert_eq!(error.to_string(), "it is a folder, not a regular file");
        // A loop of links is refused.
        std::os::unix::fs::symlink("loop-b.yaml", folder.join("loop-a.yaml")).expect("a link");
        std::os::unix::fs::symlink("loop-a.yaml", folder.join("loop-b.yaml")).expect("a link");
        assert!(write_atomically(&folder.join("loop-a.yaml"), "x").is_err());
        let left: Vec<_> = std::fs::read_dir(folder.join("kept"))
            .expect("the folder")
            .flatten()
            .map(|entry| entry.file_name())
            .collect();
        assert_eq!(left.len(), 2, "{left:?}");
        let _ = std::fs::remove_dir_all(&folder);
    }
}
