use futures::TryStreamExt;
use lockdesk_api::ids::LockId;
use lockdesk_api::models::{Lock, LockModel};
use lockdesk_api::v3::{LockImage, LockQuery, LockUpdate, PageParams};

use crate::cli::LocksCmd;
use crate::error::Result;
use crate::{image, output};
use crate::{Env, Term};

fn model(m: &LockModel) -> String {
    match m {
        LockModel::Pro => "Pro".into(),
        LockModel::Ctl => "Ctl".into(),
        LockModel::Other(s) => s.clone(),
    }
}

pub(crate) fn print_locks(term: &mut Term<'_>, locks: &[Lock]) -> Result<()> {
    if term.json {
        return output::json(term.out, locks);
    }
    let rows: Vec<Vec<String>> = locks
        .iter()
        .map(|l| {
            vec![
                l.id.clone(),
                model(&l.model),
                output::opt(&l.name),
                l.battery_percentage
                    .map(|b| format!("{b}%"))
                    .unwrap_or_default(),
            ]
        })
        .collect();
    output::table(term.out, &["ID", "MODEL", "NAME", "BATTERY"], &rows)
}

fn print_lock(term: &mut Term<'_>, lock: &Lock) -> Result<()> {
    if term.json {
        output::json(term.out, lock)
    } else {
        output::record(term.out, lock)
    }
}

pub async fn run(env: &Env<'_>, term: &mut Term<'_>, cmd: LocksCmd) -> Result<()> {
    let (client, org) = env.v3_org().await?;
    let locks = client.org(&org).locks();
    match cmd {
        LocksCmd::List { ids, limit, all } => {
            let query = LockQuery {
                page: PageParams {
                    limit,
                    ..Default::default()
                },
                lock_ids: ids
                    .into_iter()
                    .map(LockId::parse)
                    .collect::<lockdesk_api::Result<_>>()?,
            };
            let list: Vec<Lock> = if all {
                locks.stream(query).try_collect().await?
            } else {
                locks.list(&query).await?
            };
            print_locks(term, &list)
        }
        LocksCmd::Show { id } => {
            let lock = locks.get(&LockId::parse(id)?).await?;
            print_lock(term, &lock)
        }
        LocksCmd::Rename { id, name } => {
            let update = LockUpdate {
                name: Some(name),
                image: None,
            };
            let lock = locks.update(&LockId::parse(id)?, &update).await?;
            if term.json {
                return output::json(term.out, &lock);
            }
            writeln!(
                term.out,
                "Renamed lock {} to {}",
                lock.id,
                output::opt(&lock.name)
            )?;
            Ok(())
        }
        LocksCmd::Image { id, path, reset } => {
            let image = match (path, reset) {
                (_, true) => LockImage::Reset,
                (Some(path), false) => LockImage::Upload(image::load(&path)?),
                (None, false) => unreachable!("clap requires a path or --reset"),
            };
            let update = LockUpdate {
                name: None,
                image: Some(image),
            };
            let lock = locks.update(&LockId::parse(id)?, &update).await?;
            if term.json {
                return output::json(term.out, &lock);
            }
            writeln!(
                term.out,
                "Image of lock {} is now {}",
                lock.id,
                lock.image_url.as_deref().unwrap_or("the default image")
            )?;
            Ok(())
        }
    }
}
