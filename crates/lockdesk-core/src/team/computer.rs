//! This computer as the team's journal names it: an id made once and kept in the data folder
//! (`computer-id`), so its entries stay its own when the computer is renamed, its name and the
//! OS user who made a change.

use std::path::Path;

use rand::Rng;

use crate::error::{Error, Result};
use lockdesk_archive::private_fs;

pub const COMPUTER_ID_FILE: &str = "computer-id";

pub use lockdesk_team::Computer;

/// This computer: its id (made and kept on the first call), its name, the OS user.
pub fn this_computer(data_folder: &Path) -> Result<Computer> {
    Ok(Computer {
        id: computer_id(data_folder)?,
        name: crate::this_process::host_name().unwrap_or_else(|| "?".to_owned()),
        os_user: std::env::var("USERNAME")
            .or_else(|_| std::env::var("USER"))
            .unwrap_or_else(|_| "?".to_owned()),
    })
}

fn computer_id(data_folder: &Path) -> Result<String> {
    let path = data_folder.join(COMPUTER_ID_FILE);
    let valid = |s: &str| s.len() == 32 && s.chars().all(|c| c.is_ascii_hexdigit());
    if let Ok(kept) = std::fs::read_to_string(&path) {
        let kept = kept.trim();
        if valid(kept) {
            return Ok(kept.to_owned());
        }
    }
    // None yet, or a damaged one: a new id (this computer's earlier entries keep the old one).
    let id: String = (0..16)
        .map(|_| format!("{:02x}", rand::thread_rng().gen::<u8>()))
        .collect();
    private_fs::create_private_dir_all(data_folder)
        .and_then(|()| private_fs::write_private_atomic(&path, id.as_bytes()))
        .map_err(|e| {
            Error::unwritable_at(&path, id.len() as u64, e, |e| Error::FileUnwritable {
                path: path.display().to_string(),
                reason: e.to_string(),
            })
        })?;
    Ok(id)
}
