//! The users list as a CSV file for Excel (`excel_csv`): everyone in the organization, or the
//! people a screen lists (a user group, a search) in its order; headers and roles in the
//! export's language, dates in this computer's time.

use std::collections::HashMap;

use chrono::{DateTime, Local, Utc};
use lockdesk_archive::model::Language;
use serde::{Deserialize, Serialize};

use super::commands::{users_list, UsersListRequest};
use super::view::{UserRole, UserView};
use crate::app::context::AppContext;
use crate::error::Result;
use crate::excel_csv::excel_csv;

#[derive(Clone, Debug, Default, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct UsersExportRequest {
    /// Only these users, in this order (what the screen lists); absent: everyone. An id no
    /// longer in the organization is left out.
    #[serde(default)]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub user_ids: Option<Vec<String>>,
    /// The language of the headers and the roles (`en` when absent).
    #[serde(default)]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub language: Option<Language>,
}

#[derive(Clone, Debug, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct UsersExportResponse {
    /// Users written.
    #[cfg_attr(feature = "ts", ts(type = "number"))]
    pub users: u64,
    pub file_name: String,
    /// The CSV, starting with the byte-order mark.
    pub content: String,
}

pub async fn users_export_csv(
    ctx: &AppContext,
    req: UsersExportRequest,
) -> Result<UsersExportResponse> {
    let list = users_list(
        ctx,
        UsersListRequest {
            with_dates: Some(true),
            ..UsersListRequest::default()
        },
    )
    .await?;
    let users: Vec<&UserView> = match &req.user_ids {
        None => list.users.iter().collect(),
        Some(ids) => {
            let by_id: HashMap<&str, &UserView> =
                list.users.iter().map(|u| (u.id.as_str(), u)).collect();
            ids.iter()
                .filter_map(|id| by_id.get(id.as_str()).copied())
                .collect()
        }
    };
    Ok(UsersExportResponse {
        users: users.len() as u64,
        file_name: "lockdesk-users.csv".into(),
        content: to_csv(&users, req.language.unwrap_or_default())?,
    })
}

fn headers(lang: Language) -> [&'static str; 8] {
    match lang {
        Language::En => [
            "User ID", "Name", "E-mail", "Role", "Code", "IC cards", "Created", "Updated",
        ],
        Language::Ja => [
            "ユーザーID",
            "名前",
            "メールアドレス",
            "権限",
            "ユーザーコード",
            "ICカード",
            "作成日時",
            "更新日時",
        ],
    }
}

fn role_words(role: Option<&UserRole>, lang: Language) -> String {
    let (en, ja) = match role {
        None => return String::new(),
        Some(UserRole::Other(value)) => return value.clone(),
        Some(UserRole::SuperManager) => ("Super manager", "スーパーマネージャー"),
        Some(UserRole::Manager) => ("Manager", "マネージャー"),
        Some(UserRole::Member) => ("Member", "メンバー"),
    };
    match lang {
        Language::En => en,
        Language::Ja => ja,
    }
    .to_owned()
}

/// A time as Excel reads a date and time, in this computer's zone.
fn local_time(at: Option<DateTime<Utc>>) -> String {
    at.map(|t| {
        t.with_timezone(&Local)
            .format("%Y-%m-%d %H:%M:%S")
            .to_string()
    })
    .unwrap_or_default()
}

fn to_csv(users: &[&UserView], lang: Language) -> Result<String> {
    let rows = users.iter().map(|u| {
        [
            u.id.clone(),
            u.name.clone(),
            u.mail.clone().unwrap_or_default(),
            role_words(u.authority.as_ref(), lang),
            u.code.clone().unwrap_or_default(),
            u.ic_cards.join("; "),
            local_time(u.created_at),
            local_time(u.updated_at),
        ]
    });
    excel_csv(&headers(lang), rows)
}
