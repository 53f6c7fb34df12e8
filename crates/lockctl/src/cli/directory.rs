//! `directory`'s subcommands: the sources that say who should have a door, and the plan.

use clap::{Args, Subcommand};

#[derive(Debug, Subcommand)]
pub enum DirectoryCmd {
    /// The sources of the organization in use.
    #[command(subcommand)]
    Sources(SourcesCmd),
    /// People the directory does not decide for (contractors, cleaning staff, shared accounts),
    /// each with a reason and the day it ends; listed with `directory sources list`.
    #[command(subcommand)]
    Exceptions(ExceptionsCmd),
    /// What the directory says should change: leavers to remove, joiners to invite, movers to
    /// update, and who is held back for a person to decide (managers, exceptions, ambiguous
    /// matches). Nothing changes.
    Plan,
    /// Make the plan again, show it, and after one "yes" (or with --yes) apply it: each row
    /// through the same use-cases as a person's change, journaled; a run stopped part way does
    /// what remains when run again.
    Apply {
        /// Apply without asking (a scheduled task).
        #[arg(long)]
        yes: bool,
        /// Apply a plan that removes more than a fifth of the users (more than five): refused
        /// without it, as a source cut short would remove everyone it lost.
        #[arg(long)]
        allow_mass_removal: bool,
    },
}

#[derive(Debug, Subcommand)]
pub enum SourcesCmd {
    /// Every source and exception of the organization in use.
    List,
    /// Add a source, read now and again at each plan: an HR system's CSV export (--hr-csv; CP932
    /// or UTF-8, Japanese or English headers, the columns found from the headers unless named)
    /// , Microsoft Entra ID (--entra-tenant and --entra-client-id: an app registration with the
    /// application permission User.Read.All, or GroupMember.Read.All with --entra-group; its
    /// client secret from LOCKDESK_ENTRA_SECRET), Google Workspace (--google-key, the service
    /// account's JSON key file, and --google-admin: the account needs domain-wide delegation
    /// with the scope admin.directory.user.readonly) or Active Directory / LDAP (--ldap-url
    /// ldaps://… or ldap://… with StartTLS, --ldap-bind-dn, --ldap-base-dn; the password from
    /// LOCKDESK_LDAP_PASSWORD). A secret not in the environment is typed unseen or given as one
    /// line on stdin; it is kept in the keychain only.
    Add(Box<AddSourceArgs>),
    /// Remove a source.
    Remove { id: String },
}

/// `directory sources add`'s arguments.
#[derive(Debug, Args)]
pub struct AddSourceArgs {
    #[arg(long)]
    pub name: String,
    /// The CSV file.
    #[arg(long, conflicts_with_all = ["entra_tenant", "google_key", "ldap_url"])]
    pub hr_csv: Option<std::path::PathBuf>,
    /// The Entra ID tenant's id or domain.
    #[arg(long, requires = "entra_client_id")]
    pub entra_tenant: Option<String>,
    /// The app registration's application (client) id.
    #[arg(long)]
    pub entra_client_id: Option<String>,
    /// Sign in with this certificate (a PEM file with the certificate uploaded to the app
    /// registration and its private key) instead of a client secret.
    #[arg(long, requires = "entra_tenant")]
    pub entra_certificate: Option<std::path::PathBuf>,
    /// Read as yourself instead of as the app: sign in at Microsoft's page with the code shown
    /// (device code; the app registration allows public client flows and has Graph's delegated
    /// permission User.Read.All or GroupMember.Read.All). Your refresh token is kept in the
    /// keychain.
    #[arg(long, requires = "entra_tenant", conflicts_with = "entra_certificate")]
    pub entra_sign_in: bool,
    /// Only the (transitive) members of this group (its object id).
    #[arg(long)]
    pub entra_group: Option<String>,
    /// A stand-in for Microsoft's sign-in on this computer (tests).
    #[arg(long, hide = true)]
    pub entra_login_url: Option<String>,
    /// A stand-in for Microsoft Graph on this computer (tests).
    #[arg(long, hide = true)]
    pub entra_graph_url: Option<String>,
    /// The Google service account's JSON key file (its private key goes to the keychain).
    #[arg(long, requires = "google_admin", conflicts_with_all = ["entra_tenant", "ldap_url"])]
    pub google_key: Option<std::path::PathBuf>,
    /// The Google Workspace administrator the service account acts for.
    #[arg(long, requires = "google_key")]
    pub google_admin: Option<String>,
    /// Only the users this Directory API search finds (orgUnitPath='/社員').
    #[arg(long)]
    pub google_query: Option<String>,
    /// Stand-ins for Google's token and Directory API addresses on this computer (tests).
    #[arg(long, hide = true)]
    pub google_token_url: Option<String>,
    #[arg(long, hide = true)]
    pub google_api_url: Option<String>,
    /// The directory server: ldaps://host[:port], or ldap://host[:port] with StartTLS.
    #[arg(long, requires_all = ["ldap_bind_dn", "ldap_base_dn"], conflicts_with = "entra_tenant")]
    pub ldap_url: Option<String>,
    /// The read-only account Lockdesk signs in as (its DN, or user@domain on AD).
    #[arg(long, requires = "ldap_url")]
    pub ldap_bind_dn: Option<String>,
    /// Where the people are (OU=…,DC=…).
    #[arg(long, requires = "ldap_url")]
    pub ldap_base_dn: Option<String>,
    /// Which entries are people (Active Directory's people when not given).
    #[arg(long, requires = "ldap_url")]
    pub ldap_filter: Option<String>,
    /// The attributes with the employee number (employeeID), e-mail (mail), name (displayName),
    /// and what says the account is off (userAccountControl's disabled flag; another attribute
    /// when it holds TRUE).
    #[arg(long, requires = "ldap_url")]
    pub ldap_employee_id_attribute: Option<String>,
    #[arg(long, requires = "ldap_url")]
    pub ldap_mail_attribute: Option<String>,
    #[arg(long, requires = "ldap_url")]
    pub ldap_name_attribute: Option<String>,
    #[arg(long, requires = "ldap_url")]
    pub ldap_disabled_attribute: Option<String>,
    /// The header of the employee-number column (matched against the user code).
    #[arg(long)]
    pub employee_id_column: Option<String>,
    #[arg(long)]
    pub name_column: Option<String>,
    #[arg(long)]
    pub mail_column: Option<String>,
    #[arg(long)]
    pub joined_column: Option<String>,
    #[arg(long)]
    pub left_column: Option<String>,
}

#[derive(Debug, Subcommand)]
pub enum ExceptionsCmd {
    /// Add (or replace) the exception of a user code or e-mail address.
    Add {
        /// The user code or e-mail address.
        who: String,
        #[arg(long)]
        reason: String,
        /// The last day it holds (YYYY-MM-DD).
        #[arg(long)]
        until: chrono::NaiveDate,
    },
    /// Remove the exception of a user code or e-mail address.
    Remove { who: String },
}
