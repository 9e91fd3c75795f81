//! Where `cardroom play` keeps a game no `--save FILE` named: a file of its own in the
//! platform's data folder, so leaving a game never writes into the folder it was started from.

use crate::session::Session;
use std::ffi::OsString;
use std::path::{Path, PathBuf};
use std::time::{SystemTime, UNIX_EPOCH};

/// `$XDG_DATA_HOME/cardroom/saves`, else `~/.local/share/cardroom/saves` (on macOS
/// `~/Library/Application Support/cardroom/saves`, on Windows `%APPDATA%\cardroom\saves`).
pub fn save_folder() -> Result<PathBuf, String> {
    save_folder_from(&|key| std::env::var_os(key))
}

fn save_folder_from(var: &dyn Fn(&str) -> Option<OsString>) -> Result<PathBuf, String> {
    // The XDG specification says a relative path in these variables is to be ignored.
    let absolute = |key: &str| var(key).map(PathBuf::from).filter(|p| p.is_absolute());
    let data = match absolute("XDG_DATA_HOME") {
        Some(dir) => dir,
        None if cfg!(windows) => absolute("APPDATA").ok_or("APPDATA is not set")?,
        None => {
            let home = absolute("HOME").ok_or("neither XDG_DATA_HOME nor HOME is set")?;
            if cfg!(target_os = "macos") {
                home.join("Library").join("Application Support")
            } else {
                home.join(".local").join("share")
            }
        }
    };
    Ok(data.join("cardroom").join("saves"))
}

/// A new, empty file in the save folder (made if needed): `hearts-20261125T211417Z-seed1.json`,
/// with `-2`, `-3`... when that name is taken. Creating it claims the name, so two games left
/// in the same second cannot take the same file.
pub fn new_save_file(game: &str, seed: u64) -> Result<PathBuf, String> {
    let dir = save_folder().map_err(|e| format!("cannot find a folder for saves ({e}): give --save FILE"))?;
    std::fs::create_dir_all(&dir).map_err(|e| format!("cannot make the folder for saves {}: {e}", dir.display()))?;
    let stamp = utc_stamp(SystemTime::now());
    for n in 1..=1000 {
        let suffix = if n == 1 { String::new() } else { format!("-{n}") };
        let path = dir.join(format!("{game}-{stamp}-seed{seed}{suffix}.json"));
        match std::fs::OpenOptions::new().write(true).create_new(true).open(&path) {
            Ok(_) => return Ok(path),
            Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => continue,
            Err(e) => return Err(format!("cannot save to {}: {e}", path.display())),
        }
    }
    Err(format!(
        "cannot save in {}: every name for this game is taken",
        dir.display()
    ))
}

/// Saves the session as the person leaves it: to its file if it has one, else to a new file
/// in the save folder, which it keeps from then on. Returns the file.
pub fn save_on_leaving(session: &mut Session) -> Result<PathBuf, String> {
    if let Some(path) = session.save_path() {
        let path = path.to_path_buf();
        session.save()?;
        return Ok(path);
    }
    let record = session.table().record();
    let path = new_save_file(&record.game, record.seed)?;
    session.save_as(path.clone())?;
    Ok(path)
}

/// "The game is saved in …; continue it with: cardroom play --resume …".
pub fn saved_message(path: &Path) -> String {
    format!(
        "The game is saved in {}; continue it with: cardroom play --resume {}",
        path.display(),
        shell_word(&path.to_string_lossy())
    )
}

/// The text as one shell word, quoted only when it must be (a data folder may hold spaces).
fn shell_word(text: &str) -> String {
    let plain = |c: char| c.is_ascii_alphanumeric() || "/._-+:@%,=".contains(c);
    if !text.is_empty() && text.chars().all(plain) {
        text.to_string()
    } else {
        format!("'{}'", text.replace('\'', r"'\''"))
    }
}

/// `20261125T211417Z`: the date and time in UTC, so names sort by when they were made.
fn utc_stamp(now: SystemTime) -> String {
    let secs = now.duration_since(UNIX_EPOCH).map_or(0, |d| d.as_secs());
    let (days, rest) = (secs / 86_400, secs % 86_400);
    // Days since 1970-01-01 to a civil date (Howard Hinnant's algorithm).
    let z = days as i64 + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = doy - (153 * mp + 2) / 5 + 1;
    let month = if mp < 10 { mp + 3 } else { mp - 9 };
    let year = yoe + era * 400 + i64::from(month <= 2);
    format!(
        "{year:04}{month:02}{day:02}T{:02}{:02}{:02}Z",
        rest / 3600,
        rest % 3600 / 60,
        rest % 60
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Duration;

    #[test]
    fn the_folder_follows_xdg_then_home() {
        let env = |pairs: &'static [(&'static str, &'static str)]| {
            move |key: &str| pairs.iter().find(|(k, _)| *k == key).map(|(_, v)| OsString::from(v))
        };
        let xdg = save_folder_from(&env(&[("XDG_DATA_HOME", "/data"), ("HOME", "/home/a")]));
        assert_eq!(xdg.unwrap(), Path::new("/data/cardroom/saves"));
        if !cfg!(windows) && !cfg!(target_os = "macos") {
            let home = save_folder_from(&env(&[("XDG_DATA_HOME", "relative"), ("HOME", "/home/a")]));
            assert_eq!(home.unwrap(), Path::new("/home/a/.local/share/cardroom/saves"));
            assert!(save_folder_from(&env(&[])).is_err());
        }
    }

    #[test]
    fn stamps_are_utc_dates() {
        assert_eq!(utc_stamp(UNIX_EPOCH), "19700101T000000Z");
        let leap = UNIX_EPOCH + Duration::from_secs(951_782_400 + 3_723);
        assert_eq!(utc_stamp(leap), "20000229T010203Z");
        let later = UNIX_EPOCH + Duration::from_secs(1_795_641_257);
        assert_eq!(utc_stamp(later), "20261125T211417Z");
    }

    #[test]
    fn paths_with_spaces_are_quoted_for_the_shell() {
        assert_eq!(shell_word("/home/a/x-1.json"), "/home/a/x-1.json");
        assert_eq!(
            shell_word("/Library/Application Support/it's.json"),
            r"'/Library/Application Support/it'\''s.json'"
        );
    }
}
