//! Lockdesk's commands, written once. Everything that needs the list expands these macros:
//! the core's `dispatch` (the test host), the Tauri commands, the TypeScript command map, and
//! (through [`COMMANDS`] and [`DESKTOP_COMMANDS`], read by `src-tauri/build.rs`) the app
//! manifest and the main window's capability. No dependencies, so a build script can use it.
//!
//! Each entry is `name(Request) -> Response;`; the function and both types live in
//! `lockdesk_core::app` under exactly these names.

/// Calls `$callback! { name(Request) -> Response; ... }` with every use-case command (the app,
/// the test host and the TS map).
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
            session_leave_demo(NoArgs) -> SessionStatusResponse;
            session_sign_out(SessionSignOutRequest) -> SignedOutView;
            orgs_list(NoArgs) -> OrgsListResponse;
            orgs_choose(OrgsChooseRequest) -> OrganizationView;
            locks_list(LocksListRequest) -> LocksListResponse;
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
/// shell has (they need a window or a native dialog); the test host answers them with
/// `unknown_command`.
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

macro_rules! names {
    ($($name:ident($req:ident) -> $resp:ident;)*) => {
        &[$(stringify!($name)),*]
    };
}

/// Every use-case command name, in the order of [`lockdesk_commands!`].
pub const COMMANDS: &[&str] = lockdesk_commands!(names);

/// Every desktop-only command name, in the order of [`lockdesk_desktop_commands!`].
pub const DESKTOP_COMMANDS: &[&str] = lockdesk_desktop_commands!(names);

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_are_unique_snake_case() {
        let all: Vec<&str> = COMMANDS.iter().chain(DESKTOP_COMMANDS).copied().collect();
        let mut sorted = all.clone();
        sorted.sort();
        sorted.dedup();
        assert_eq!(sorted.len(), all.len(), "a command is listed twice");
        assert!(all.contains(&"locks_rename") && all.contains(&"files_save"));
        for n in all {
            assert!(
                n.chars().all(|c| c.is_ascii_lowercase() || c == '_'),
                "{n} is not snake_case"
            );
        }
    }
}
