//! The directory's use-cases: its sources and exceptions (`directory_sources_list/add/remove`,
//! `directory_exceptions_add/remove`, local: nothing changes at the service), the plan (`directory_plan`, read: every source read again, and the
//! organization's users and invitations from the service, never from the offline copy) and
//! applying it (`directory_apply`: each row through the users' and invitations' use-cases,
//! each journaled as a person's change is).

use std::path::Path;

use chrono::{Local, NaiveDate};
use serde::{Deserialize, Serialize};

use crate::app::args::{Done, NoArgs};
use crate::app::context::AppContext;
use crate::directory::apply::{
    apply_rows, fingerprint, mass_removal, to_apply, ApplyOutcome, ApplyResult,
};
use crate::directory::entra::{self, EntraSource};
use crate::directory::entra_certificate::AppCertificate;
use crate::directory::entra_device::{self, DeviceSignIn};
use crate::directory::google::{self, GoogleSource, ServiceKey};
use crate::directory::hr_csv::{self, Columns};
use crate::directory::ldap::{self, LdapSource};
use crate::directory::person::DirectoryPerson;
use crate::directory::plan::{plan, Change, DirectoryPlan, Exception};
use crate::directory::settings::{
    load_directory, save_directory, DirectorySource, OrganizationException, SourceKind,
};
use crate::error::{Error, Result};
use crate::invitations::{invitations_list, InvitationsListRequest};
use crate::journal::journaled::{journal_around, Journaled};
use crate::journal::Target;
use crate::secrets::directory_source_key;
use crate::users::commands::{users_list, UsersListRequest};

/// The directory sources and exceptions of the organization in use.
#[derive(Clone, Debug, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct DirectorySourcesResponse {
    pub sources: Vec<DirectorySource>,
    pub exceptions: Vec<Exception>,
}

/// A new source for the organization in use, read now (nothing is kept when it does not read)
/// and again at each plan: an HR CSV file (`path`, its columns found from the headers unless
/// named), Entra ID (`entra`, with the app's client secret), Google Workspace (`google`, with
/// the service account's JSON key file's text) or LDAP (`ldap`, with the bind password). The
/// secret goes to the keychain only.
#[derive(Clone, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct DirectorySourceAddRequest {
    pub name: String,
    /// The CSV file's path on this computer.
    #[serde(default)]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub path: Option<String>,
    #[serde(default)]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub columns: Option<Columns>,
    #[serde(default)]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub entra: Option<EntraSource>,
    #[serde(default)]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub google: Option<GoogleSource>,
    #[serde(default)]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub ldap: Option<LdapSource>,
    #[serde(default)]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub secret: Option<String>,
    /// Entra ID read as the administrator: the handle of the sign-in begun with
    /// `directory_entra_sign_in` (this call waits until the person has signed in).
    #[serde(default)]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub entra_sign_in: Option<String>,
    /// Entra ID with a certificate instead of a client secret: the PEM file's text (the
    /// certificate and its private key; the key goes to the keychain only).
    #[serde(default)]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub entra_certificate: Option<String>,
}

impl std::fmt::Debug for DirectorySourceAddRequest {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("DirectorySourceAddRequest")
            .field("name", &self.name)
            .field("path", &self.path)
            .field("columns", &self.columns)
            .field("entra", &self.entra)
            .field("google", &self.google)
            .field("ldap", &self.ldap)
            .field("secret", &self.secret.as_ref().map(|_| "[redacted]"))
            .field(
                "entra_sign_in",
                &self.entra_sign_in.as_ref().map(|_| "[redacted]"),
            )
            .field(
                "entra_certificate",
                &self.entra_certificate.as_ref().map(|_| "[redacted]"),
            )
            .finish()
    }
}

#[derive(Clone, Debug, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct DirectorySourceIdRequest {
    pub id: String,
}

/// Whom an exception names: a user code or an e-mail address.
#[derive(Clone, Debug, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct DirectoryExceptionWhoRequest {
    pub who: String,
}

/// What one source gave the plan.
#[derive(Clone, Debug, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct SourceRead {
    pub id: String,
    pub name: String,
    pub people: u32,
}

#[derive(Clone, Debug, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct DirectoryPlanResponse {
    pub organization_id: String,
    /// The day the plan is for (this computer's date): leaving and joining dates count from it.
    pub today: NaiveDate,
    pub sources: Vec<SourceRead>,
    pub users: u32,
    pub plan: DirectoryPlan,
    /// What the plan would do, in short: `directory_apply` refuses when it changed since.
    pub fingerprint: String,
}

/// Apply the plan the person saw.
#[derive(Clone, Debug, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct DirectoryApplyRequest {
    /// The `fingerprint` of the plan shown.
    pub fingerprint: String,
    /// Apply a plan that removes more than a fifth of the users (and more than five).
    #[serde(default)]
    pub allow_mass_removal: bool,
}

#[derive(Clone, Debug, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct DirectoryApplyResponse {
    pub done: u32,
    pub failed: u32,
    pub not_attempted: u32,
    pub results: Vec<ApplyResult>,
}

pub async fn directory_sources_list(
    ctx: &AppContext,
    _req: NoArgs,
) -> Result<DirectorySourcesResponse> {
    let (_, org) = ctx.org().await?;
    let all = load_directory(&ctx.core().config_dir)?;
    Ok(DirectorySourcesResponse {
        sources: all
            .sources
            .into_iter()
            .filter(|s| s.organization_id == org.as_str())
            .collect(),
        exceptions: all
            .exceptions
            .into_iter()
            .filter(|e| e.organization_id == org.as_str())
            .map(|e| e.exception)
            .collect(),
    })
}

fn read_file(path: &str) -> Result<Vec<u8>> {
    let unreadable = |e: std::io::Error| Error::FileUnreadable {
        path: path.to_owned(),
        reason: e.to_string(),
    };
    let meta = std::fs::metadata(path).map_err(unreadable)?;
    crate::invitations::check_csv_size(meta.len())?;
    std::fs::read(path).map_err(unreadable)
}

/// Adds a source: it must read now (an HR file every row; Entra ID signed in and listed), else
/// nothing is kept.
pub async fn directory_sources_add(
    ctx: &AppContext,
    req: DirectorySourceAddRequest,
) -> Result<DirectorySource> {
    let (_, org) = ctx.org().await?;
    let core = ctx.core();
    let secret = req
        .secret
        .map(|s| s.trim().to_owned())
        .filter(|s| !s.is_empty());
    let need_secret = |what: &str| {
        secret
            .clone()
            .ok_or_else(|| Error::invalid("secret", format!("give {what}")))
    };
    let (kind, secret) = match (req.path, req.entra, req.google, req.ldap) {
        (Some(path), None, None, None) => {
            let path = path.trim().to_owned();
            if !Path::new(&path).is_absolute() {
                return Err(Error::invalid("path", "give the CSV file's full path"));
            }
            // The window names only a file the person chose or dropped (never any file it likes).
            if !ctx.file_allowed(Path::new(&path)) {
                return Err(Error::invalid(
                    "path",
                    "choose the CSV file in the dialog, or drop it onto the window",
                ));
            }
            let (_, columns) = hr_csv::read(&read_file(&path)?, req.columns.as_ref())?;
            (SourceKind::HrCsv { path, columns }, None)
        }
        (None, Some(mut entra), None, None) => {
            let secret = match (&req.entra_certificate, &req.entra_sign_in) {
                (None, Some(handle)) => {
                    let details = ctx.take_device_sign_in(handle).ok_or_else(|| {
                        Error::invalid(
                            "entra_sign_in",
                            "this sign-in is over or was never begun: start it again",
                        )
                    })?;
                    entra.certificate_thumbprint = None;
                    entra.as_administrator = true;
                    let http = entra_http(ctx)?;
                    entra_device::finish(&http, &entra, &details).await?
                }
                (Some(pem), None) => {
                    let cert = AppCertificate::from_pem(pem)?;
                    entra.certificate_thumbprint = Some(cert.thumbprint);
                    entra.as_administrator = false;
                    cert.private_key_pem
                }
                (None, None) => {
                    entra.certificate_thumbprint = None;
                    entra.as_administrator = false;
                    need_secret("the app's client secret or certificate")?
                }
                (Some(_), Some(_)) => {
                    return Err(Error::invalid(
                        "entra_certificate",
                        "sign in either with a certificate or as the administrator",
                    ))
                }
            };
            entra.validate()?;
            let (_, renewed) = entra_people(ctx, &entra, &secret).await?;
            (SourceKind::EntraId(entra), Some(renewed.unwrap_or(secret)))
        }
        (None, None, Some(mut g), None) => {
            let key = ServiceKey::from_json(&need_secret("the service account's JSON key file")?)?;
            g.client_email = key.client_email;
            g.validate()?;
            google_people(ctx, &g, &key.private_key).await?;
            (SourceKind::GoogleWorkspace(g), Some(key.private_key))
        }
        (None, None, None, Some(l)) => {
            let password = need_secret("the password of the account Lockdesk signs in as")?;
            l.validate()?;
            ldap::people(&l, &password).await?;
            (SourceKind::Ldap(l), Some(password))
        }
        _ => {
            return Err(Error::invalid(
                "source",
                "give one source: an HR CSV file, an Entra ID tenant, a Google Workspace or an LDAP directory",
            ))
        }
    };
    let mut all = load_directory(&core.config_dir)?;
    let mut id = format!("s{:x}", core.clock.now().timestamp_millis());
    while all.sources.iter().any(|s| s.id == id) {
        id.push('x');
    }
    let source = DirectorySource {
        id,
        name: req.name.trim().to_owned(),
        organization_id: org.as_str().to_owned(),
        source: kind,
    };
    all.sources.push(source.clone());
    crate::settings_file::SettingsFile::validate(&all)?;
    let key = directory_source_key(&source.id);
    if let Some(secret) = &secret {
        core.secrets.set(&key, secret)?;
    }
    if let Err(e) = save_directory(&core.config_dir, &all) {
        let _ = core.secrets.delete(&key);
        return Err(e);
    }
    Ok(source)
}

/// The HTTP client for Entra ID and Graph: through the office proxy (with its login).
fn entra_http(ctx: &AppContext) -> Result<reqwest::Client> {
    let graph = url::Url::parse(entra::GRAPH).expect("a valid address");
    crate::proxy::outside::client_for(ctx, &graph)
}

/// The people of Entra ID, read now with `secret`, and the secret to keep instead when the
/// sign-in renewed it.
async fn entra_people(
    ctx: &AppContext,
    entra: &EntraSource,
    secret: &str,
) -> Result<(Vec<DirectoryPerson>, Option<String>)> {
    entra::people(&entra_http(ctx)?, entra, secret, tokio::time::sleep).await
}

/// Begins reading Entra ID as the administrator: the code to type at Microsoft's page, and
/// the handle `directory_sources_add` (`entra_sign_in`) waits on.
pub async fn directory_entra_sign_in(ctx: &AppContext, req: EntraSource) -> Result<DeviceSignIn> {
    let details = entra_device::begin(&entra_http(ctx)?, &req).await?;
    let view = DeviceSignIn {
        handle: String::new(),
        user_code: details.user_code().secret().clone(),
        verification_uri: details.verification_uri().to_string(),
        expires_in_seconds: details.expires_in().as_secs().min(u64::from(u32::MAX)) as u32,
    };
    Ok(DeviceSignIn {
        handle: ctx.keep_device_sign_in(details),
        ..view
    })
}

/// The people of Google Workspace, read now with the service account's `private_key`, through
/// the office proxy.
async fn google_people(
    ctx: &AppContext,
    src: &GoogleSource,
    private_key: &str,
) -> Result<Vec<DirectoryPerson>> {
    let api = url::Url::parse(google::API).expect("a valid address");
    let http = crate::proxy::outside::client_for(ctx, &api)?;
    google::people(&http, src, private_key, tokio::time::sleep).await
}

pub async fn directory_sources_remove(
    ctx: &AppContext,
    req: DirectorySourceIdRequest,
) -> Result<Done> {
    let core = ctx.core();
    let mut all = load_directory(&core.config_dir)?;
    let before = all.sources.len();
    all.sources.retain(|s| s.id != req.id);
    if all.sources.len() == before {
        return Err(Error::invalid("id", "no directory source has this id"));
    }
    save_directory(&core.config_dir, &all)?;
    core.secrets.delete(&directory_source_key(&req.id))?;
    Ok(Done::ok())
}

/// The people of one source, read now.
async fn people_of(ctx: &AppContext, source: &DirectorySource) -> Result<Vec<DirectoryPerson>> {
    match &source.source {
        SourceKind::HrCsv { path, columns } => {
            Ok(hr_csv::read(&read_file(path)?, Some(columns))?.0)
        }
        SourceKind::EntraId(entra) => {
            let (people, renewed) = entra_people(ctx, entra, &secret_of(ctx, source)?).await?;
            // An administrator's refresh token renewed: the next read needs the new one.
            if let Some(renewed) = renewed {
                ctx.core()
                    .secrets
                    .set(&directory_source_key(&source.id), &renewed)?;
            }
            Ok(people)
        }
        SourceKind::GoogleWorkspace(g) => google_people(ctx, g, &secret_of(ctx, source)?).await,
        SourceKind::Ldap(l) => ldap::people(l, &secret_of(ctx, source)?).await,
    }
}

/// The source's secret from the keychain.
fn secret_of(ctx: &AppContext, source: &DirectorySource) -> Result<String> {
    ctx.core()
        .secrets
        .get(&directory_source_key(&source.id))?
        .ok_or_else(|| Error::DirectorySourceFailed {
            why: crate::error::SourceFailure::SecretMissing,
            permission: None,
            reason: format!(
                "the keychain has no secret for {}: remove the source and add it again",
                source.name
            ),
        })
}

/// The plan of the organization in use: every source read, then the users and invitations
/// from the service. Nothing changes.
pub async fn directory_plan(ctx: &AppContext, _req: NoArgs) -> Result<DirectoryPlanResponse> {
    let (_, org) = ctx.org().await?;
    let all = load_directory(&ctx.core().config_dir)?;
    let sources: Vec<&DirectorySource> = all
        .sources
        .iter()
        .filter(|s| s.organization_id == org.as_str())
        .collect();
    if sources.is_empty() {
        return Err(Error::invalid(
            "sources",
            "add a directory source first (an HR system's CSV export, Entra ID, Google Workspace or Active Directory)",
        ));
    }
    let mut people = Vec::new();
    let mut read = Vec::new();
    for s in sources {
        let found = people_of(ctx, s).await?;
        read.push(SourceRead {
            id: s.id.clone(),
            name: s.name.clone(),
            people: found.len() as u32,
        });
        people.extend(found);
    }
    let users = users_list(ctx, UsersListRequest::default()).await?;
    let invitations = invitations_list(ctx, InvitationsListRequest::default()).await?;
    // A plan from the copy kept offline could remove someone who joined since.
    if users.cached.is_some() || invitations.cached.is_some() {
        return Err(Error::CachedOnly {
            what: "directory plan".to_owned(),
        });
    }
    let exceptions: Vec<_> = all
        .exceptions
        .iter()
        .filter(|e| e.organization_id == org.as_str())
        .map(|e| e.exception.clone())
        .collect();
    let today = ctx.core().clock.now().with_timezone(&Local).date_naive();
    let plan = plan(
        &people,
        &users.users,
        &invitations.invitations,
        &exceptions,
        today,
    );
    Ok(DirectoryPlanResponse {
        organization_id: org.as_str().to_owned(),
        today,
        sources: read,
        users: users.users.len() as u32,
        fingerprint: fingerprint(&plan),
        plan,
    })
}

impl Journaled for DirectoryApplyRequest {
    fn target(&self) -> Target {
        // Each row applied is an entry of its own (the users' and invitations' use-cases).
        Target::default()
    }
}

/// Applies the plan of the organization in use, made again now and refused unless it is the one
/// shown (`fingerprint`); `on_row` hears each row as it ends. Journaled as `directory_apply`
/// (refused, or how it ended), each row besides.
pub async fn apply_plan(
    ctx: &AppContext,
    req: DirectoryApplyRequest,
    on_row: impl FnMut(&ApplyResult, usize, usize) + Send,
) -> Result<DirectoryApplyResponse> {
    let target = req.target();
    journal_around(
        ctx,
        "directory_apply",
        target,
        None,
        Box::pin(apply_now(ctx, req, on_row)),
    )
    .await
}

async fn apply_now(
    ctx: &AppContext,
    req: DirectoryApplyRequest,
    on_row: impl FnMut(&ApplyResult, usize, usize) + Send,
) -> Result<DirectoryApplyResponse> {
    let now = directory_plan(ctx, NoArgs {}).await?;
    if now.fingerprint != req.fingerprint.trim() {
        return Err(Error::invalid(
            "fingerprint",
            "the plan changed since it was shown (the directory or the organization changed): look at it again",
        ));
    }
    let rows = to_apply(&now.plan);
    let removals = rows
        .iter()
        .filter(|r| matches!(r.change, Change::Remove { .. }))
        .count();
    if mass_removal(removals, now.users as usize) && !req.allow_mass_removal {
        return Err(Error::invalid(
            "plan",
            format!(
                "the plan removes {removals} of the organization's {} users: check the source (a file cut short, a wrong group), and apply it on purpose if it is right",
                now.users
            ),
        ));
    }
    let results = apply_rows(ctx, rows, on_row).await;
    let count = |o: ApplyOutcome| results.iter().filter(|r| r.outcome == o).count() as u32;
    Ok(DirectoryApplyResponse {
        done: count(ApplyOutcome::Done),
        failed: count(ApplyOutcome::Failed),
        not_attempted: count(ApplyOutcome::NotAttempted),
        results,
    })
}

/// [`apply_plan`] as one command (the app's).
pub async fn directory_apply(
    ctx: &AppContext,
    req: DirectoryApplyRequest,
) -> Result<DirectoryApplyResponse> {
    apply_plan(ctx, req, |_, _, _| {}).await
}

/// Adds (or replaces) an exception of the organization in use: the directory does not decide
/// for `who` (a user code or e-mail address) until `until`, for `reason`.
pub async fn directory_exceptions_add(ctx: &AppContext, req: Exception) -> Result<Exception> {
    let (_, org) = ctx.org().await?;
    let core = ctx.core();
    let today = core.clock.now().with_timezone(&Local).date_naive();
    let exception = Exception {
        who: req.who.trim().to_owned(),
        reason: req.reason.trim().to_owned(),
        until: req.until,
    };
    if exception.who.is_empty() || exception.who.chars().any(char::is_control) {
        return Err(Error::invalid(
            "who",
            "name the user code or e-mail address",
        ));
    }
    if exception.reason.is_empty() || exception.reason.chars().count() > 200 {
        return Err(Error::invalid(
            "reason",
            "give a reason of 1 to 200 characters",
        ));
    }
    if exception.until < today {
        return Err(Error::invalid(
            "until",
            "the day the exception ends is past",
        ));
    }
    let mut all = load_directory(&core.config_dir)?;
    all.exceptions
        .retain(|e| !(e.organization_id == org.as_str() && e.exception.who == exception.who));
    all.exceptions.push(OrganizationException {
        organization_id: org.as_str().to_owned(),
        exception: exception.clone(),
    });
    save_directory(&core.config_dir, &all)?;
    Ok(exception)
}

/// Removes the exception of `who` of the organization in use.
pub async fn directory_exceptions_remove(
    ctx: &AppContext,
    req: DirectoryExceptionWhoRequest,
) -> Result<Done> {
    let (_, org) = ctx.org().await?;
    let core = ctx.core();
    let mut all = load_directory(&core.config_dir)?;
    let before = all.exceptions.len();
    let who = req.who.trim();
    all.exceptions
        .retain(|e| !(e.organization_id == org.as_str() && e.exception.who == who));
    if all.exceptions.len() == before {
        return Err(Error::invalid(
            "who",
            "no exception names this user code or address",
        ));
    }
    save_directory(&core.config_dir, &all)?;
    Ok(Done::ok())
}
