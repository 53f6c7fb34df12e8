//! `locks list | show | rename | image`: the app's lock use-cases. An image file goes through
//! the app's image pipeline (checked by content, large photos downscaled, BMP converted).

use lockdesk_core::journal::journaled::{locks_rename, locks_reset_image, locks_set_image};
use lockdesk_core::locks::commands::{locks_get, locks_list};
use lockdesk_core::locks::commands::{
    LockIdRequest, LocksListRequest, LocksRenameRequest, LocksSetImageRequest,
};

use crate::cli::LocksCmd;
use crate::env::Env;
use crate::error::Result;
use crate::output::{self, words};
use crate::term::Term;

/// Page size of `list` without `--all`.
pub const PAGE: u32 = 100;

pub async fn run(env: &Env<'_>, term: &mut Term<'_>, cmd: LocksCmd) -> Result<()> {
    let ctx = env.app()?;
    match cmd {
        LocksCmd::List { ids, limit, all } => {
            let list = locks_list(
                ctx,
                LocksListRequest {
                    lock_ids: Some(ids),
                    limit: if all {
                        None
                    } else {
                        Some(limit.unwrap_or(PAGE))
                    },
                },
            )
            .await?;
            term.show(&list, |term| {
                output::cached_note(term.err, list.cached.as_ref())?;
                let rows: Vec<Vec<String>> = list.locks.iter().map(words::lock_row).collect();
                output::table(term.out, &words::LOCK_HEADERS, &rows)
            })
        }
        LocksCmd::Show { id } => {
            let lock = locks_get(ctx, LockIdRequest { lock_id: id }).await?;
            term.show(&lock, |term| {
                output::pairs(term.out, &words::lock_pairs(&lock))
            })
        }
        LocksCmd::Rename { id, name } => {
            let lock = locks_rename(ctx, LocksRenameRequest { lock_id: id, name }).await?;
            term.show(&lock, |term| {
                writeln!(term.out, "{}", words::lock_renamed(&lock))?;
                Ok(())
            })
        }
        LocksCmd::Image {
            id, reset: true, ..
        } => {
            let lock = locks_reset_image(ctx, LockIdRequest { lock_id: id }).await?;
            term.show(&lock, |term| {
                writeln!(term.out, "{}", words::lock_image_reset(&lock))?;
                Ok(())
            })
        }
        LocksCmd::Image { id, path, .. } => {
            let source = super::image_source(ctx, path)?;
            let set = locks_set_image(
                ctx,
                LocksSetImageRequest {
                    lock_id: id,
                    source,
                },
            )
            .await?;
            term.show(&set, |term| {
                writeln!(term.out, "{}", words::lock_image_set(&set))?;
                Ok(())
            })
        }
    }
}
