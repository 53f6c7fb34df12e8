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
            profiles_remove(ProfileNameRequest) -> ProfileRemovedView;
            profiles_use(ProfileNameRequest) -> SessionStatusResponse;
            session_status(NoArgs) -> SessionStatusResponse;
            session_save_sign_ins(NoArgs) -> SessionStatusResponse;
            session_begin_sign_in(ProfileNameRequest) -> SessionBeginSignInResponse;
            session_complete_sign_in(SessionCompleteSignInRequest) -> SignedInView;
            session_cancel_sign_in(ProfileNameRequest) -> Done;
            session_start_demo(DemoSwitchRequest) -> SessionStatusResponse;
            session_leave_demo(DemoSwitchRequest) -> SessionStatusResponse;
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
            proxy_credentials_set(ProxyCredentialsSetRequest) -> ProxyCredentialsView;
            proxy_credentials_clear(ProxyCredentialsClearRequest) -> ProxyCredentialsView;
            today_overview(NoArgs) -> TodayOverview;
            activity_list(ActivityQuery) -> ActivityPage;
            activity_export_csv(ActivityExportRequest) -> ActivityExportResponse;
            activity_storage_get(NoArgs) -> ActivityStorageView;
            activity_retention_set(ActivityRetentionRequest) -> ActivityRetentionResponse;
            jobs_get(JobIdRequest) -> JobView;
            jobs_cancel(JobIdRequest) -> JobView;
            watch_round(NoArgs) -> WatchRoundResponse;
            watch_rules_get(NoArgs) -> WatchRules;
            watch_rules_set(WatchRulesSetRequest) -> WatchRules;
            watch_alerts_list(AlertQuery) -> WatchAlertsPage;
            watch_alerts_acknowledge(WatchAcknowledgeRequest) -> WatchAcknowledgeResponse;
            watch_mute(WatchMuteRequest) -> Done;
            watch_unmute(WatchMuteRequest) -> Done;
            watch_status(NoArgs) -> WatchStatusResponse;
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
            shell_settings_get(NoArgs) -> ShellSettingsView;
            shell_settings_set(ShellSettingsView) -> ShellSettingsView;
            watcher_status_get(NoArgs) -> WatcherStatusView;
            watcher_pause_set(WatcherPauseRequest) -> WatcherStatusView;
        }
    };
}

/// The commands that change something: at the service, or the sign-in itself. Each one leaves
/// an entry in the journal, done or failed (`lockdesk_core::journal`); a test calls every one
/// through `dispatch` and fails when one does not.
pub const WRITE_COMMANDS: &[&str] = &[
    "session_complete_sign_in",
    "session_sign_out",
    "locks_rename",
    "locks_set_image",
    "locks_reset_image",
    "lock_groups_create",
    "lock_groups_update",
    "lock_groups_delete",
    "lock_groups_add_locks",
    "lock_groups_remove_locks",
    "users_register",
    "users_invite",
    "users_update",
    "users_remove",
    "invitations_create",
    "invitations_bulk_start",
    "user_groups_create",
    "user_groups_update",
];

/// The commands that change nothing at the service: reads, previews, background reads
/// (history sync), and this machine's own settings (connections, the organization in use,
/// the demo). Every command is in exactly one of this list and [`WRITE_COMMANDS`].
pub const UNJOURNALED_COMMANDS: &[&str] = &[
    "profiles_list",
    "profiles_add",
    "profiles_remove",
    "profiles_use",
    "session_status",
    "session_save_sign_ins",
    "session_begin_sign_in",
    "session_cancel_sign_in",
    "session_start_demo",
    "session_leave_demo",
    "orgs_list",
    "orgs_choose",
    "locks_list",
    "locks_get",
    "images_get",
    "lock_groups_list",
    "lock_groups_get",
    "users_list",
    "users_get",
    "invitations_list",
    "invitations_bulk_preview",
    "user_groups_list",
    "user_groups_get",
    "history_locks",
    "history_accesses",
    "history_sync_start",
    "history_sync_status",
    "history_archive_query",
    "history_archive_aggregates",
    "history_archive_timecard",
    "history_archive_export",
    "account_info",
    // The proxy's user name and password are this computer's own (the keychain).
    "proxy_credentials_set",
    "proxy_credentials_clear",
    // Today reads the service and the archive; it changes nothing.
    "today_overview",
    "activity_list",
    "activity_export_csv",
    // The journal's size and retention: this computer's own setting and its own file.
    "activity_storage_get",
    "activity_retention_set",
    "jobs_get",
    "jobs_cancel",
    // The watcher: a round reads the service (sync, locks) and writes only this computer's
    // alert store; rules, acknowledgements and mutes are this computer's own settings. The
    // journal records changes to the service, so none of these is journaled.
    "watch_round",
    "watch_rules_get",
    "watch_rules_set",
    "watch_alerts_list",
    "watch_alerts_acknowledge",
    "watch_mute",
    "watch_unmute",
    "watch_status",
];

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
        for n in COMMANDS {
            let listed = WRITE_COMMANDS.contains(n) as u8 + UNJOURNALED_COMMANDS.contains(n) as u8;
            assert_eq!(
                listed, 1,
                "{n} must be in exactly one of WRITE_COMMANDS and UNJOURNALED_COMMANDS"
            );
        }
        for n in WRITE_COMMANDS.iter().chain(UNJOURNALED_COMMANDS) {
            assert!(COMMANDS.contains(n), "{n} is not a command");
        }
        for n in all {
            assert!(
                n.chars().all(|c| c.is_ascii_lowercase() || c == '_'),
                "{n} is not snake_case"
            );
        }
    }
}
