//! Profiles: which service, which registration, which API; kept as JSON in
//! `<config_dir>/profiles.json` with per-profile settings (the chosen organization). No secret
//! is ever written here: the client secret and the tokens live in the [`SecretStore`].
//!
//! The file is checked whole on every load; a malformed file is reported as `config_invalid`
//! with the line and column of the problem, and is never overwritten (every change loads it
//! first). Writes are whole and keep the version replaced as `profiles.json.bak`; the folder
//! is 0700 and the file 0600 on Unix (`settings_file.rs`).

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::sync::Arc;

use lockdesk_api::config::parse_redirect_uri;
use lockdesk_api::ids::OrganizationId;
use lockdesk_api::{ApiVersion, ServiceUrl};
use serde::{Deserialize, Serialize};

use crate::core_context::{Context, PROFILES_FILE};
use crate::error::{Error, Result};
use crate::secrets::{client_secret_key, tokens_key, SecretStore};
use crate::settings_file::{self, Refused, Step};

const FORMAT_VERSION: u32 = 1;

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Profile {
    pub name: String,
    pub base_url: String,
    pub client_id: String,
    pub redirect_uri: String,
    pub api: ApiVersion,
}

impl Profile {
    /// Checks every field; normalizes the base URL.
    pub fn validated(mut self) -> Result<Profile> {
        validate_name(&self.name)?;
        self.base_url = ServiceUrl::parse(&self.base_url)?.as_str().to_owned();
        if self.client_id.trim().is_empty() {
            return Err(Error::invalid("client_id", "the client id is empty"));
        }
        self.client_id = self.client_id.trim().to_owned();
        parse_redirect_uri(&self.redirect_uri)?;
        self.redirect_uri = self.redirect_uri.trim().to_owned();
        Ok(self)
    }

    pub fn service_url(&self) -> Result<ServiceUrl> {
        Ok(ServiceUrl::parse(&self.base_url)?)
    }
}

pub fn validate_name(name: &str) -> Result<()> {
    if name.is_empty() {
        return Err(Error::invalid("name", "the profile name is empty"));
    }
    if name.len() > 64 {
        return Err(Error::invalid(
            "name",
            "the profile name is longer than 64 characters",
        ));
    }
    if !name
        .chars()
        .all(|c| c.is_ascii_alphanumeric() || matches!(c, '_' | '.' | '-'))
    {
        return Err(Error::invalid(
            "name",
            format!("{name:?}: use only letters A-Z a-z, digits, '_', '.' and '-'"),
        ));
    }
    Ok(())
}

#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ProfileSettings {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub organization_id: Option<String>,
}

#[derive(Debug, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct ProfilesFile {
    version: u32,
    #[serde(default)]
    profiles: Vec<Profile>,
    #[serde(default)]
    settings: BTreeMap<String, ProfileSettings>,
}

/// Reads and writes `profiles.json`; removes a profile's keychain entries with it.
pub struct ProfileStore {
    path: PathBuf,
    secrets: Arc<dyn SecretStore>,
}

impl ProfileStore {
    pub fn new(ctx: &Context) -> ProfileStore {
        ProfileStore {
            path: ctx.config_dir.join(PROFILES_FILE),
            secrets: ctx.secrets.clone(),
        }
    }

    pub fn path(&self) -> &Path {
        &self.path
    }

    pub fn list(&self) -> Result<Vec<Profile>> {
        Ok(self.load()?.profiles)
    }

    pub fn get(&self, name: &str) -> Result<Profile> {
        self.load()?
            .profiles
            .into_iter()
            .find(|p| p.name == name)
            .ok_or_else(|| Error::ProfileNotFound(name.to_owned()))
    }

    pub fn settings(&self, name: &str) -> Result<ProfileSettings> {
        let file = self.load()?;
        if !file.profiles.iter().any(|p| p.name == name) {
            return Err(Error::ProfileNotFound(name.to_owned()));
        }
        Ok(file.settings.get(name).cloned().unwrap_or_default())
    }

    /// Adds a profile (validated); refuses an existing name.
    pub fn add(&self, profile: Profile) -> Result<Profile> {
        let profile = profile.validated()?;
        let mut file = self.load()?;
        if file.profiles.iter().any(|p| p.name == profile.name) {
            return Err(Error::ProfileExists(profile.name));
        }
        file.profiles.push(profile.clone());
        self.save(&file)?;
        Ok(profile)
    }

    /// Removes the profile, its settings and its keychain entries.
    pub fn remove(&self, name: &str) -> Result<Profile> {
        let mut file = self.load()?;
        let index = file
            .profiles
            .iter()
            .position(|p| p.name == name)
            .ok_or_else(|| Error::ProfileNotFound(name.to_owned()))?;
        self.secrets.delete(&tokens_key(name))?;
        self.secrets.delete(&client_secret_key(name))?;
        let removed = file.profiles.remove(index);
        file.settings.remove(name);
        self.save(&file)?;
        Ok(removed)
    }

    /// Remembers the organization chosen for a profile (`None` forgets it).
    pub fn set_organization(
        &self,
        name: &str,
        organization: Option<&OrganizationId>,
    ) -> Result<()> {
        let mut file = self.load()?;
        if !file.profiles.iter().any(|p| p.name == name) {
            return Err(Error::ProfileNotFound(name.to_owned()));
        }
        let entry = file.settings.entry(name.to_owned()).or_default();
        let chosen = organization.map(|o| o.as_str().to_owned());
        // The same choice again (each `lockctl --org` run) writes nothing: a command that only
        // reads never fails for a full disk here.
        if entry.organization_id == chosen {
            return Ok(());
        }
        entry.organization_id = chosen;
        self.save(&file)
    }

    fn load(&self) -> Result<ProfilesFile> {
        let Some(bytes) = settings_file::read(&self.path)? else {
            return Ok(ProfilesFile {
                version: FORMAT_VERSION,
                ..Default::default()
            });
        };
        let file: ProfilesFile = settings_file::parse(&self.path, &bytes)?;
        let refuse = |at: Vec<Step>, e: Error| {
            settings_file::refused(&self.path, &bytes, Refused::at(at, e))
        };
        let key = |k: &str| Step::Key(k.to_owned());
        if file.version != FORMAT_VERSION {
            return Err(refuse(
                vec![key("version")],
                Error::invalid(
                    "version",
                    format!(
                        "format version {} is not supported (expected {FORMAT_VERSION})",
                        file.version
                    ),
                ),
            ));
        }
        let mut seen = std::collections::HashSet::new();
        let mut profiles = Vec::with_capacity(file.profiles.len());
        for (i, p) in file.profiles.into_iter().enumerate() {
            let at = |field: &str| vec![key("profiles"), Step::Index(i), key(field)];
            let name = p.name.clone();
            if !seen.insert(name.clone()) {
                return Err(refuse(
                    at("name"),
                    Error::invalid("name", format!("profile {name:?} appears twice")),
                ));
            }
            let p = p.validated().map_err(|e| {
                let field = match &e {
                    Error::Api(lockdesk_api::Error::BaseUrl { .. }) => "base_url".to_owned(),
                    e => e.details().field.unwrap_or_default(),
                };
                let e = Error::invalid(&field, format!("profile {name:?}: {e}"));
                refuse(at(&field), e)
            })?;
            profiles.push(p);
        }
        for (name, settings) in &file.settings {
            if let Some(org) = &settings.organization_id {
                OrganizationId::parse(org.as_str()).map_err(|e| {
                    let at = vec![key("settings"), key(name), key("organization_id")];
                    let e = Error::invalid("organization_id", format!("settings of {name:?}: {e}"));
                    refuse(at, e)
                })?;
            }
        }
        Ok(ProfilesFile {
            version: file.version,
            profiles,
            settings: file.settings,
        })
    }

    fn save(&self, file: &ProfilesFile) -> Result<()> {
        let mut text = serde_json::to_vec_pretty(file).map_err(|e| Error::ConfigWrite {
            path: self.path.clone(),
            reason: e.to_string(),
        })?;
        text.push(b'\n');
        settings_file::write(&self.path, &text)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::secrets::MemoryStore;

    fn profile(name: &str) -> Profile {
        Profile {
            name: name.into(),
            base_url: "https://api.example.com/".into(),
            client_id: "cid".into(),
            redirect_uri: "https://localhost/cb".into(),
            api: ApiVersion::V3,
        }
    }

    fn ctx(dir: &Path) -> Context {
        Context::for_tests(dir, Arc::new(MemoryStore::new()))
    }

    #[test]
    fn add_get_remove() {
        let dir = std::env::temp_dir().join(format!("lockdesk-core-prof-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        let ctx = ctx(&dir);
        let store = ProfileStore::new(&ctx);
        assert!(store.list().unwrap().is_empty());
        let p = store.add(profile("work")).unwrap();
        assert_eq!(p.base_url, "https://api.example.com");
        assert_eq!(
            store.add(profile("work")).unwrap_err().code(),
            crate::error::ErrorCode::ProfileExists
        );
        let org = OrganizationId::parse("O-aaaaa-bbbbb").unwrap();
        store.set_organization("work", Some(&org)).unwrap();
        assert_eq!(
            store.settings("work").unwrap().organization_id.as_deref(),
            Some("O-aaaaa-bbbbb")
        );
        ctx.secrets.set("work/tokens", "t").unwrap();
        store.remove("work").unwrap();
        assert_eq!(ctx.secrets.get("work/tokens").unwrap(), None);
        assert_eq!(
            store.get("work").unwrap_err().code(),
            crate::error::ErrorCode::ProfileNotFound
        );
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn names_and_urls_are_checked() {
        for bad in ["", "a b", "x/y", "ä"] {
            assert!(profile(bad).validated().is_err(), "{bad:?}");
        }
        let mut p = profile("ok_1.2-3");
        assert!(p.clone().validated().is_ok());
        p.base_url = "http://example.com".into();
        assert_eq!(
            p.clone().validated().unwrap_err().code(),
            crate::error::ErrorCode::InsecureBaseUrl
        );
        let mut p = profile("x");
        p.redirect_uri = "http://localhost/cb".into();
        assert_eq!(
            p.validated().unwrap_err().code(),
            crate::error::ErrorCode::Validation
        );
    }
}
