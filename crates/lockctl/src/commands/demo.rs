//! `lockctl demo`: the app's "Try the demo" (the built-in simulator with its demo data, signed
//! in through the real OAuth flow) and a tour of what the commands show. Uses a throwaway
//! profile store in a private temporary folder of its own (as "Try the demo" does) and an
//! in-memory secret store, so the user's own profiles and keychain are never touched.

use std::sync::Arc;

use chrono::{Duration, SecondsFormat, Utc};
use clap::Parser;
use lockdesk_api::clock::SystemClock;
use lockdesk_core::app::args::NoArgs;
use lockdesk_core::app::context::{AppContext, DemoFolder};
use lockdesk_core::core_context::Context;
use lockdesk_core::history::history_locks;
use lockdesk_core::organizations::commands::orgs_list;
use lockdesk_core::secrets::MemoryStore;
use lockdesk_core::sessions::commands::{session_start_demo, DemoSwitchRequest};
use lockdesk_sim::SimOptions;

use crate::cli::Cli;
use crate::dispatch::dispatch;
use crate::env::Env;
use crate::error::{Error, Result};
use crate::term::Term;

pub async fn run(term: &mut Term<'_>, serve: bool) -> Result<()> {
    let folder = DemoFolder::new()?;
    let ctx = Context::new(
        folder.path().to_owned(),
        Arc::new(MemoryStore::default()),
        Arc::new(SystemClock),
    );
    let app = AppContext::with_demo_options(ctx, SimOptions::default());
    let result = tour(&app, term, serve).await;
    // The folder goes after everything the context opened in it.
    drop(app);
    drop(folder);
    result
}

async fn tour(ctx: &AppContext, term: &mut Term<'_>, serve: bool) -> Result<()> {
    let status = session_start_demo(ctx, DemoSwitchRequest::default()).await?;
    let missing = || Error::Output("the demo did not start".into());
    let profile = status.active.ok_or_else(missing)?.name;
    let history_profile = status.history.ok_or_else(missing)?.name;
    let base_url = status.demo_base_url.ok_or_else(missing)?;
    let sim_token = status.demo_sim_token.ok_or_else(missing)?;
    let orgs = orgs_list(ctx, NoArgs {}).await?;
    let org = orgs
        .organizations
        .first()
        .map(|o| o.id.clone())
        .ok_or(lockdesk_core::error::Error::NoOrganization)?;
    let lock = history_locks(ctx, NoArgs {})
        .await?
        .locks
        .first()
        .map(|l| l.id.clone())
        .ok_or_else(|| Error::Usage("the demo has no locks".into()))?;
    let since = (Utc::now() - Duration::days(2)).to_rfc3339_opts(SecondsFormat::Secs, true);

    writeln!(
        term.out,
        "Lockdesk demo: simulator at {base_url} with seeded data, signed in as admin@example.com\n\
         through the service's OAuth flow (authorization page, state check, code exchange)."
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
        section(ctx, term, title, &profile, &args).await?;
    }
    let history_args = [
        "history", "accesses", "--lock", &lock, "--from", &since, "--format", "csv",
    ];
    section(
        ctx,
        term,
        &format!("Entry/exit history of {lock}, last two days (v2, CSV)"),
        &history_profile,
        &history_args,
    )
    .await?;

    if serve {
        // The demo's simulator guards its control API like the app's; the person who started
        // it gets the token.
        writeln!(
            term.out,
            "\nThe simulator keeps running at {base_url} until Ctrl-C. Its control API needs the \
             header x-sim-token: {sim_token} (GET {base_url}/_sim/info lists its clients and accounts)."
        )?;
        term.out.flush()?;
        let _ = tokio::signal::ctrl_c().await;
    }
    Ok(())
}

async fn section(
    ctx: &AppContext,
    term: &mut Term<'_>,
    title: &str,
    profile: &str,
    args: &[&str],
) -> Result<()> {
    writeln!(term.out, "\n== {title}  (lockctl {})", args.join(" "))?;
    let mut argv = vec!["lockctl", "--profile", profile];
    argv.extend_from_slice(args);
    let cli = Cli::try_parse_from(argv).map_err(|e| Error::Usage(e.to_string()))?;
    let env = Env::new(ctx, cli.profile.clone(), cli.org.clone());
    Box::pin(dispatch(&env, term, cli.command)).await
}
