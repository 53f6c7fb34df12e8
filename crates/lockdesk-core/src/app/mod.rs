//! The app's command layer: one use-case per UI command, written once and used by the Tauri
//! shell (one thin `#[tauri::command]` each) and by the loopback HTTP test host (through
//! [`dispatch`]). Every use-case is `async fn name(ctx: &AppContext, req: NameRequest) ->
//! Result<NameResponse>`; requests and responses derive `ts_rs::TS` and are generated into
//! `ui/src/lib/backend/types/` by [`export::export_types`] (checked by a drift test).
//!
//! The list of commands lives in one place, [`lockdesk_commands!`]; everything that needs the
//! list (dispatch, the Tauri handlers, the TS command map, the capability file) expands it.

pub mod account;
mod context;
pub mod export;
pub mod history;
pub mod image;
pub mod images;
pub mod invitations;
pub mod jobs;
pub mod lock_groups;
pub mod locks;
pub mod orgs;
pub mod profiles;
pub mod session;
pub mod user_groups;
pub mod users;
pub mod views;

pub use account::*;
pub use context::AppContext;
pub use export::{FileSaveRequest, FileSaveResponse};
pub use history::*;
pub use images::*;
pub use invitations::*;
pub use jobs::*;
pub use lock_groups::*;
pub use locks::*;
pub use orgs::*;
pub use profiles::*;
pub use session::*;
pub use user_groups::*;
pub use users::*;
pub use views::*;

use serde::{Deserialize, Serialize};
use serde_json::Value;
use ts_rs::TS;

use crate::error::{ErrorCode, ErrorDetails, ErrorPayload};

/// The arguments of a command that takes none (`{}`).
#[derive(Clone, Debug, Default, Serialize, Deserialize, TS)]
pub struct NoArgs {}

/// The answer of a command that has nothing to say beyond success.
#[derive(Clone, Debug, Default, Serialize, Deserialize, TS)]
pub struct Done {
    pub ok: bool,
}

impl Done {
    pub fn ok() -> Done {
        Done { ok: true }
    }
}

/// Calls `$callback! { name(Request) -> Response; ... }` with every command of the app. The
/// function and both types live in `lockdesk_core::app` under exactly these names.
#[macro_export]
macro_rules! lockdesk_commands {
    ($callback:ident) => {
        $callback! {
            profiles_list(NoArgs) -> ProfilesListResponse;
            profiles_add(ProfilesAddRequest) -> ProfileView;
            profiles_remove(ProfileNameRequest) -> Done;
            profiles_use(ProfileNameRequest) -> SessionStatusResponse;
            session_status(NoArgs) -> SessionStatusResponse;
            session_begin_sign_in(ProfileNameRequest) -> SessionBeginSignInResponse;
            session_complete_sign_in(SessionCompleteSignInRequest) -> SignedInView;
            session_cancel_sign_in(ProfileNameRequest) -> Done;
            session_start_demo(NoArgs) -> SessionStatusResponse;
            session_sign_out(SessionSignOutRequest) -> SignedOutView;
            orgs_list(NoArgs) -> OrgsListResponse;
            orgs_choose(OrgsChooseRequest) -> OrganizationView;
            locks_list(NoArgs) -> LocksListResponse;
            locks_get(LockIdRequest) -> LockView;
            locks_rename(LocksRenameRequest) -> LockView;
            locks_set_image(LocksSetImageRequest) -> LocksSetImageResponse;
            locks_reset_image(LockIdRequest) -> LockView;
            images_get(ImagesGetRequest) -> ImagesGetResponse;
            lock_groups_list(NoArgs) -> LockGroupsListResponse;
            lock_groups_get(LockGroupIdRequest) -> LockGroupView;
            lock_groups_create(GroupInputRequest) -> LockGroupView;
            lock_groups_update(LockGroupsUpdateRequest) -> LockGroupView;
            lock_groups_delete(LockGroupIdRequest) -> Done;
            lock_groups_add_locks(LockGroupLocksRequest) -> LockGroupView;
            lock_groups_remove_locks(LockGroupLocksRequest) -> LockGroupView;
            users_list(UsersListRequest) -> UsersListResponse;
            users_get(UserIdRequest) -> UserView;
            users_register(UsersRegisterRequest) -> UserView;
            users_invite(UsersInviteRequest) -> UserView;
            users_update(UsersUpdateRequest) -> UserView;
            users_remove(UserIdRequest) -> Done;
            invitations_list(InvitationsListRequest) -> InvitationsListResponse;
            invitations_create(InvitationsCreateRequest) -> InvitationsCreateResponse;
            invitations_bulk_preview(BulkInviteRequest) -> BulkInvitePreview;
            invitations_bulk_start(BulkInviteRequest) -> JobStarted;
            user_groups_list(NoArgs) -> UserGroupsListResponse;
            user_groups_get(UserGroupIdRequest) -> UserGroupView;
            user_groups_create(GroupInputRequest) -> UserGroupView;
            user_groups_update(UserGroupsUpdateRequest) -> UserGroupView;
            history_locks(NoArgs) -> HistoryLocksResponse;
            history_accesses(HistoryAccessesRequest) -> HistoryAccessesResponse;
            history_sync_start(HistorySyncStartRequest) -> JobStarted;
            history_sync_status(NoArgs) -> HistorySyncStatusResponse;
            history_archive_query(HistoryQuery) -> HistoryPage;
            history_archive_aggregates(AggregateRequest) -> Aggregates;
            history_archive_timecard(TimecardRequest) -> HistoryTimecardResponse;
            history_archive_export(HistoryExportRequest) -> HistoryExportResponse;
            account_info(NoArgs) -> AccountInfoResponse;
            jobs_get(JobIdRequest) -> JobView;
            jobs_cancel(JobIdRequest) -> JobView;
        }
    };
}

/// Calls `$callback! { name(Request) -> Response; ... }` with the commands only the desktop
/// shell has (`src-tauri/src/`): they need a window or a native dialog. The types live in
/// `lockdesk_core::app`; the test host answers these names with `unknown_command`.
#[macro_export]
macro_rules! lockdesk_desktop_commands {
    ($callback:ident) => {
        $callback! {
            sign_in_window_open(ProfileNameRequest) -> SessionBeginSignInResponse;
            sign_in_window_close(NoArgs) -> Done;
            files_save(FileSaveRequest) -> FileSaveResponse;
            history_archive_export_save(HistoryExportRequest) -> FileSaveResponse;
        }
    };
}

macro_rules! define_desktop_types {
    ($($name:ident($req:ident) -> $resp:ident;)*) => {
        /// Every desktop-only command name, in the order of [`lockdesk_desktop_commands!`].
        pub const DESKTOP_COMMANDS: &[&str] = &[$(stringify!($name)),*];

        pub(crate) fn desktop_command_types() -> Vec<(&'static str, &'static str, &'static str)> {
            vec![$((stringify!($name), stringify!($req), stringify!($resp))),*]
        }

        pub(crate) fn export_desktop_command_types(
            cfg: &ts_rs::Config,
        ) -> Result<(), ts_rs::ExportError> {
            $(
                <$req as ts_rs::TS>::export_all(cfg)?;
                <$resp as ts_rs::TS>::export_all(cfg)?;
            )*
            Ok(())
        }
    };
}

crate::lockdesk_desktop_commands!(define_desktop_types);

fn parse_args<T: serde::de::DeserializeOwned>(
    command: &str,
    args: Value,
) -> Result<T, ErrorPayload> {
    let args = if args.is_null() {
        Value::Object(Default::default())
    } else {
        args
    };
    serde_json::from_value(args).map_err(|e| {
        ErrorPayload::new(
            ErrorCode::InvalidArguments,
            format!("the arguments of {command} are not valid: {e}"),
        )
        .with_details(ErrorDetails {
            command: Some(command.to_owned()),
            ..ErrorDetails::default()
        })
    })
}

fn to_json<T: Serialize>(value: T) -> Result<Value, ErrorPayload> {
    serde_json::to_value(value).map_err(|e| ErrorPayload::new(ErrorCode::Internal, e.to_string()))
}

macro_rules! define_dispatch {
    ($($name:ident($req:ident) -> $resp:ident;)*) => {
        /// Every command name, in the order of [`lockdesk_commands!`].
        pub const COMMANDS: &[&str] = &[$(stringify!($name)),*];

        /// Runs one command by name with JSON arguments (the HTTP test host's only entry).
        /// Unknown names give `unknown_command`, malformed arguments `invalid_arguments`.
        pub async fn dispatch(
            ctx: &AppContext,
            command: &str,
            args: Value,
        ) -> Result<Value, ErrorPayload> {
            $(
                if command == stringify!($name) {
                    let req: $req = parse_args(command, args)?;
                    let resp: $resp = $name(ctx, req).await.map_err(|e| e.payload())?;
                    return to_json(resp);
                }
            )*
            Err(ErrorPayload::new(
                ErrorCode::UnknownCommand,
                format!("there is no command {command:?}"),
            )
            .with_details(ErrorDetails {
                command: Some(command.to_owned()),
                ..ErrorDetails::default()
            }))
        }

        /// `(command, request type, response type)` for the generated command map.
        pub(crate) fn command_types() -> Vec<(&'static str, &'static str, &'static str)> {
            vec![$((stringify!($name), stringify!($req), stringify!($resp))),*]
        }

        pub(crate) fn export_command_types(cfg: &ts_rs::Config) -> Result<(), ts_rs::ExportError> {
            $(
                <$req as ts_rs::TS>::export_all(cfg)?;
                <$resp as ts_rs::TS>::export_all(cfg)?;
            )*
            Ok(())
        }
    };
}

crate::lockdesk_commands!(define_dispatch);
