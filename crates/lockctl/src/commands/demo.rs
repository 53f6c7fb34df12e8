//! `lockctl demo`: the built-in simulator with its demo data, signed in through the real OAuth
//! flow, and a tour of what the commands show. Uses a throwaway profile store and an in-memory
//! secret store, so the user's own profiles and keychain are never touched.

use std::sync::Arc;

use chrono::{Duration, SecondsFormat, Utc};
use clap::Parser;
use lockdesk_api::clock::SystemClock;
use lockdesk_core::demo::start_demo;
use lockdesk_core::{sessions, Context, MemoryStore};
use lockdesk_sim::SimOptions;

use crate::cli::Cli;
use crate::{dispatch, Env, Error, Result, Term};

pub async fn run(term: &mut Term<'_>, serve: bool) -> Result<()> {
    let dir = std::env::temp_dir().join(format!("lockdesk-demo-{}", std::process::id()));
    let ctx = Context::new(
        dir.clone(),
        Arc::new(MemoryStore::default()),
        Arc::new(SystemClock),
    );
    let result = tour(&ctx, term, serve).await;
    let _ = std::fs::remove_dir_all(&dir);
    result
}

async fn tour(ctx: &Context, term: &mut Term<'_>, serve: bool) -> Result<()> {
    let demo = start_demo(ctx, SimOptions::default()).await?;
    let client = sessions::open_v3(ctx, &demo.profile).await?;
    let orgs = client
        .organizations()
        .list(&Default::default())
        .await
        .map_err(lockdesk_core::Error::from)?;
    let org = orgs
        .first()
        .map(|o| o.id.clone())
        .ok_or(lockdesk_core::Error::NoOrganization)?;
    let history = sessions::open_v2(ctx, &demo.history_profile).await?;
    let lock = history
        .locks()
        .await
        .map_err(lockdesk_core::Error::from)?
        .first()
        .map(|l| l.id.clone())
        .ok_or_else(|| Error::Usage("the demo has no locks".into()))?;
    let since = (Utc::now() - Duration::days(2)).to_rfc3339_opts(SecondsFormat::Secs, true);

    writeln!(
        term.out,
        "Lockdesk demo: simulator at {} with seeded data, signed in as admin@example.com\n\
         through the service's OAuth flow (authorization page, state check, code exchange).",
        demo.sim.base_url()
    )?;
    let steps: [(&str, Vec<&str>); 5] = [
        ("Organizations", vec!["orgs"]),
        ("Locks", vec!["--org", &org, "locks", "list"]),
        ("Lock groups", vec!["--org", &org, "lock-groups", "list"]),
        (
            "Users (first 15)",
            vec!["--org", &org, "users", "list", "--limit", "15"],
        ),
        (
            "Pending invitations",
            vec!["--org", &org, "invitations", "list", "--status", "active"],
        ),
    ];
    for (title, args) in steps {
        section(term, title, &demo.profile, &args, ctx).await?;
    }
    let history_args = [
        "history", "accesses", "--lock", &lock, "--from", &since, "--format", "csv",
    ];
    section(
        term,
        &format!("Entry/exit history of {lock}, last two days (v2, CSV)"),
        &demo.history_profile,
        &history_args,
        ctx,
    )
    .await?;

    if serve {
        let info = serde_json::to_string_pretty(demo.sim.info())
            .map_err(|e| Error::Output(e.to_string()))?;
        writeln!(
            term.out,
            "\nThe simulator keeps running until Ctrl-C. Its clients and accounts:\n{info}"
        )?;
        term.out.flush()?;
        let _ = tokio::signal::ctrl_c().await;
    }
    demo.sim.shutdown().await;
    Ok(())
}

async fn section(
    term: &mut Term<'_>,
    title: &str,
    profile: &str,
    args: &[&str],
    ctx: &Context,
) -> Result<()> {
    writeln!(term.out, "\n== {title}  (lockctl {})", args.join(" "))?;
    let mut argv = vec!["lockctl", "--profile", profile];
    argv.extend_from_slice(args);
    let cli = Cli::try_parse_from(argv).map_err(|e| Error::Usage(e.to_string()))?;
    let env = Env {
        ctx,
        profile: cli.profile.clone(),
        org: cli.org.clone(),
    };
    Box::pin(dispatch(&env, term, cli.command)).await
}
