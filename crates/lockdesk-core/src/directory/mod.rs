//! The company's directory decides who should have a door: people as a source says
//! (`person`), an HR system's CSV export read (`hr_csv`), Microsoft Entra ID through Graph
//! (`entra`, kept as `entra_source`, signed in with a secret or a certificate: `entra_certificate`, or as the administrator:
//! `entra_device`), Google Workspace's Directory API (`google`), Active Directory or another LDAP
//! directory (`ldap`), the plan of leavers, joiners and
//! movers against the organization's users and invitations (`plan`) and applying it
//! (`apply`), the sources and
//! exceptions kept in `directory.json` (`settings`), and the use-cases (`commands`).

pub mod apply;
pub mod commands;
pub mod entra;
pub mod entra_certificate;
pub mod entra_device;
pub mod entra_source;
pub mod google;
pub mod hr_csv;
pub mod ldap;
pub mod person;
pub mod plan;
#[cfg(test)]
mod plan_tests;
pub mod settings;

pub use hr_csv::{read as read_hr_csv, Columns};
pub use person::{DirectoryPerson, Standing};
pub use plan::{plan, Change, DirectoryPlan, Exception, Held, PlanRow};
pub use settings::{DirectorySettings, DirectorySource, SourceKind};
