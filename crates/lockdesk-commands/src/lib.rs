//! Lockdesk's commands, written once. Everything that needs the list expands these macros:
//! the core's `dispatch` (the test host), the Tauri commands, the TypeScript command map, and
//! (through [`COMMANDS`] and [`DESKTOP_COMMANDS`], read by `src-tauri/build.rs`) the app
//! manifest and the main window's capability. No dependencies, so a build script can use it.
//!
//! Each entry is `kind name(Request) -> Response;`; the function and both types live in
//! `lockdesk_core::app` under exactly these names. `kind` is `read` (changes nothing), `local`
//! (this computer's own settings, files or stores) or `write[Operation]` (something at the
//! service, or the sign-in: journaled as that operation). The lists of write and unjournaled
//! commands and the journal's operations are made from these marks, never written again.
//!
//! The shell's own request, answer and event types are in [`shell`] (feature `types`).

#[cfg(feature = "types")]
pub mod shell;

/// Calls `$callback! { kind name(Request) -> Response; ... }` with every use-case command (the app,
/// the test host and the TS map).
#[macro_export]
macro_rules! lockdesk_commands {
    ($callback:ident) => {
        $callback! {
            read profiles_list(NoArgs) -> ProfilesListResponse;
            local profiles_add(ProfilesAddRequest) -> ProfileView;
            local profiles_remove(ProfileNameRequest) -> ProfileRemovedView;
            local profiles_use(ProfileNameRequest) -> SessionStatusResponse;
            read session_status(NoArgs) -> SessionStatusResponse;
            local session_save_sign_ins(NoArgs) -> SessionStatusResponse;
            local session_begin_sign_in(ProfileNameRequest) -> SessionBeginSignInResponse;
            write[SessionCompleteSignIn] session_complete_sign_in(SessionCompleteSignInRequest) -> SignedInView;
            local session_cancel_sign_in(ProfileNameRequest) -> Done;
            local session_start_demo(DemoSwitchRequest) -> SessionStatusResponse;
            local session_leave_demo(DemoSwitchRequest) -> SessionStatusResponse;
            write[SessionSignOut] session_sign_out(SessionSignOutRequest) -> SignedOutView;
            read orgs_list(NoArgs) -> OrgsListResponse;
            local orgs_choose(OrgsChooseRequest) -> OrganizationView;
            read locks_list(LocksListRequest) -> LocksListResponse;
            read locks_get(LockIdRequest) -> LockView;
            write[LocksRename] locks_rename(LocksRenameRequest) -> LockView;
            write[LocksSetImage] locks_set_image(LocksSetImageRequest) -> LocksSetImageResponse;
            write[LocksResetImage] locks_reset_image(LockIdRequest) -> LockView;
            read images_get(ImagesGetRequest) -> ImagesGetResponse;
            read lock_groups_list(NoArgs) -> LockGroupsListResponse;
            read lock_groups_get(LockGroupIdRequest) -> LockGroupView;
            write[LockGroupsCreate] lock_groups_create(GroupInputRequest) -> LockGroupView;
            write[LockGroupsUpdate] lock_groups_update(LockGroupsUpdateRequest) -> LockGroupView;
            write[LockGroupsDelete] lock_groups_delete(LockGroupIdRequest) -> Done;
            write[LockGroupsAddLocks] lock_groups_add_locks(LockGroupLocksRequest) -> LockGroupView;
            write[LockGroupsRemoveLocks] lock_groups_remove_locks(LockGroupLocksRequest) -> LockGroupView;
            read users_list(UsersListRequest) -> UsersListResponse;
            read users_get(UserIdRequest) -> UserView;
            read users_export_csv(UsersExportRequest) -> UsersExportResponse;
            write[UsersRegister] users_register(UsersRegisterRequest) -> UserView;
            write[UsersInvite] users_invite(UsersInviteRequest) -> UserView;
            write[UsersUpdate] users_update(UsersUpdateRequest) -> UserView;
            write[UsersRemove] users_remove(UserIdRequest) -> Done;
            read invitations_list(InvitationsListRequest) -> InvitationsListResponse;
            write[InvitationsCreate] invitations_create(InvitationsCreateRequest) -> InvitationsCreateResponse;
            read invitations_bulk_preview(BulkInviteRequest) -> BulkInvitePreview;
            write[InvitationsBulkStart] invitations_bulk_start(BulkInviteRequest) -> JobStarted;
            read user_groups_list(NoArgs) -> UserGroupsListResponse;
            read user_groups_get(UserGroupIdRequest) -> UserGroupView;
            write[UserGroupsCreate] user_groups_create(GroupInputRequest) -> UserGroupView;
            write[UserGroupsUpdate] user_groups_update(UserGroupsUpdateRequest) -> UserGroupView;
            read history_locks(NoArgs) -> HistoryLocksResponse;
            read history_accesses(HistoryAccessesRequest) -> HistoryAccessesResponse;
            local history_sync_start(HistorySyncStartRequest) -> JobStarted;
            read history_sync_status(NoArgs) -> HistorySyncStatusResponse;
            read history_archive_query(HistoryQuery) -> HistoryPage;
            read history_archive_aggregates(AggregateRequest) -> Aggregates;
            read history_archive_timecard(HistoryTimecardRequest) -> HistoryTimecardResponse;
            local history_archive_export(HistoryExportRequest) -> HistoryExportResponse;
            read account_info(NoArgs) -> AccountInfoResponse;
            local proxy_credentials_set(ProxyCredentialsSetRequest) -> ProxyCredentialsView;
            local proxy_credentials_clear(ProxyCredentialsClearRequest) -> ProxyCredentialsView;
            read today_overview(NoArgs) -> TodayOverview;
            read activity_list(ActivityQuery) -> ActivityPage;
            local activity_export_csv(ActivityExportRequest) -> ActivityExportResponse;
            read activity_storage_get(NoArgs) -> ActivityStorageView;
            local activity_retention_set(ActivityRetentionRequest) -> ActivityRetentionResponse;
            read jobs_get(JobIdRequest) -> JobView;
            local jobs_cancel(JobIdRequest) -> JobView;
            local watch_round(NoArgs) -> WatchRoundResponse;
            read watch_rules_get(NoArgs) -> WatchRules;
            local watch_rules_set(WatchRulesSetRequest) -> WatchRules;
            read watch_alerts_list(AlertQuery) -> WatchAlertsPage;
            local watch_alerts_acknowledge(WatchAcknowledgeRequest) -> WatchAcknowledgeResponse;
            local watch_mute(WatchMuteRequest) -> Done;
            local watch_unmute(WatchMuteRequest) -> Done;
            read watch_status(NoArgs) -> WatchStatusResponse;
            read reports_list(NoArgs) -> ReportsListResponse;
            local reports_add(ReportAddRequest) -> ReportDefinition;
            local reports_remove(ReportIdRequest) -> Done;
            local reports_run(ReportsRunRequest) -> ReportsRunResponse;
            read alert_destinations_list(NoArgs) -> AlertDestinationsListResponse;
            local alert_destinations_add(AlertDestinationAddRequest) -> AlertDestination;
            local alert_destinations_secret(AlertDestinationSecretRequest) -> AlertDestination;
            local alert_destinations_remove(AlertDestinationIdRequest) -> Done;
            local alert_destinations_test(AlertDestinationIdRequest) -> AlertDestinationTestResponse;
            read alert_deliveries_list(AlertDeliveriesRequest) -> AlertDeliveriesPage;
            local alert_deliveries_run(NoArgs) -> AlertDeliveryPassResponse;
            read directory_sources_list(NoArgs) -> DirectorySourcesResponse;
            local directory_entra_sign_in(EntraSource) -> DeviceSignIn;
            local directory_sources_add(DirectorySourceAddRequest) -> DirectorySource;
            local directory_sources_remove(DirectorySourceIdRequest) -> Done;
            local directory_exceptions_add(Exception) -> Exception;
            local directory_exceptions_remove(DirectoryExceptionWhoRequest) -> Done;
            read directory_plan(NoArgs) -> DirectoryPlanResponse;
            write[DirectoryApply] directory_apply(DirectoryApplyRequest) -> DirectoryApplyResponse;
            local team_status(NoArgs) -> TeamStatusView;
            local team_connect(TeamConnectRequest) -> TeamStatusView;
            local team_disconnect(NoArgs) -> TeamStatusView;
        }
    };
}

/// Calls `$callback! { kind name(Request) -> Response; ... }` with the commands only the desktop
/// shell has (they need a window or a native dialog); the test host answers them with
/// `unknown_command`.
#[macro_export]
macro_rules! lockdesk_desktop_commands {
    ($callback:ident) => {
        $callback! {
            local sign_in_window_open(ProfileNameRequest) -> SessionBeginSignInResponse;
            local sign_in_window_close(NoArgs) -> Done;
            local files_save(FileSaveRequest) -> FileSaveResponse;
            local history_archive_export_save(HistoryExportRequest) -> FileSaveResponse;
            local folders_choose(NoArgs) -> FolderChooseResponse;
            local files_choose_csv(NoArgs) -> FileChooseResponse;
            read updates_status(NoArgs) -> UpdateStatusView;
            local updates_check(NoArgs) -> UpdateStatusView;
            local updates_automatic_set(UpdatesAutomaticRequest) -> UpdateStatusView;
            local updates_restart(NoArgs) -> Done;
            read shell_settings_get(NoArgs) -> ShellSettingsView;
            local shell_settings_set(ShellSettingsView) -> ShellSettingsView;
            read watcher_status_get(NoArgs) -> WatcherStatusView;
            local watcher_pause_set(WatcherPauseRequest) -> WatcherStatusView;
        }
    };
}

macro_rules! names {
    ($($kind:ident $([$op:ident])? $name:ident($req:ident) -> $resp:ident;)*) => {
        &[$(stringify!($name)),*]
    };
}

macro_rules! kinds {
    ($($kind:ident $([$op:ident])? $name:ident($req:ident) -> $resp:ident;)*) => {
        vec![$((stringify!($name), kind!($kind))),*]
    };
}

macro_rules! kind {
    (read) => {
        CommandKind::Read
    };
    (local) => {
        CommandKind::Local
    };
    (write) => {
        CommandKind::Write
    };
}

/// The names of the `write` entries (a muncher: a macro cannot skip items of a repetition).
macro_rules! write_names {
    (@acc [$($out:tt)*]) => { &[$($out)*] };
    (@acc [$($out:tt)*] write [$op:ident] $name:ident($req:ident) -> $resp:ident; $($rest:tt)*) => {
        write_names!(@acc [$($out)* stringify!($name),] $($rest)*)
    };
    (@acc [$($out:tt)*] $kind:ident $name:ident($req:ident) -> $resp:ident; $($rest:tt)*) => {
        write_names!(@acc [$($out)*] $($rest)*)
    };
    ($($all:tt)*) => { write_names!(@acc [] $($all)*) };
}

/// The names of the `read` and `local` entries.
macro_rules! unjournaled_names {
    (@acc [$($out:tt)*]) => { &[$($out)*] };
    (@acc [$($out:tt)*] write [$op:ident] $name:ident($req:ident) -> $resp:ident; $($rest:tt)*) => {
        unjournaled_names!(@acc [$($out)*] $($rest)*)
    };
    (@acc [$($out:tt)*] $kind:ident $name:ident($req:ident) -> $resp:ident; $($rest:tt)*) => {
        unjournaled_names!(@acc [$($out)* stringify!($name),] $($rest)*)
    };
    ($($all:tt)*) => { unjournaled_names!(@acc [] $($all)*) };
}

/// Every use-case command name, in the order of [`lockdesk_commands!`].
pub const COMMANDS: &[&str] = lockdesk_commands!(names);

/// Every desktop-only command name, in the order of [`lockdesk_desktop_commands!`].
pub const DESKTOP_COMMANDS: &[&str] = lockdesk_desktop_commands!(names);

/// The commands marked `write` in the table: they change something at the service, or the
/// sign-in itself. Each one leaves an entry in the journal, done or failed
/// (`lockdesk_core::journal`, whose operations are made from the same marks); a test calls
/// every one through `dispatch` and fails when one does not.
pub const WRITE_COMMANDS: &[&str] = lockdesk_commands!(write_names);

/// The commands marked `read` (change nothing) or `local` (only this computer's settings,
/// files or alert store): not journaled. With [`WRITE_COMMANDS`], every command once.
pub const UNJOURNALED_COMMANDS: &[&str] = lockdesk_commands!(unjournaled_names);

/// What a command does, as the table marks it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CommandKind {
    /// Changes nothing.
    Read,
    /// Changes only this computer's own settings, files or stores.
    Local,
    /// Changes something at the service or the sign-in: journaled.
    Write,
}

/// Every command with its kind, use-case and desktop-only alike.
pub fn command_kinds() -> Vec<(&'static str, CommandKind)> {
    let mut all = lockdesk_commands!(kinds);
    all.extend(lockdesk_desktop_commands!(kinds));
    all
}

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
            assert_eq!(listed, 1, "{n} is listed {listed} times");
        }
        assert_eq!(
            WRITE_COMMANDS.len() + UNJOURNALED_COMMANDS.len(),
            COMMANDS.len()
        );
        assert!(WRITE_COMMANDS.contains(&"locks_rename"));
        assert!(UNJOURNALED_COMMANDS.contains(&"locks_list"));
        let kinds = command_kinds();
        assert_eq!(kinds.len(), all.len());
        for (n, k) in kinds {
            assert_eq!(k == CommandKind::Write, WRITE_COMMANDS.contains(&n), "{n}");
        }
        for n in all {
            assert!(
                n.chars().all(|c| c.is_ascii_lowercase() || c == '_'),
                "{n} is not snake_case"
            );
        }
    }
}
