//! The app's command layer: one use-case per UI command, written once and used by the Tauri
//! shell (one thin `#[tauri::command]` each), by the loopback HTTP test host (through
//! [`dispatch`]) and by `lockctl` (which only parses arguments and prints the answers). Every use-case is `async fn name(ctx: &AppContext, req: NameRequest) ->
//! Result<NameResponse>`; requests and responses derive `ts_rs::TS` (feature `ts`) and are generated
//! into `ui/src/lib/backend/types/` by `ts_types::export_types` (checked by a drift test).
//!
//! The list of commands lives in one place, the `lockdesk-commands` crate; everything that needs
//! the list (dispatch, the Tauri handlers, the TS command map, the capability file) expands it.

pub mod account;
pub mod activity;
mod args;
mod context;
#[cfg(test)]
mod contract_doc;
mod dispatch;
mod groups;
pub mod history;
pub mod image_upload;
pub mod images;
pub mod invitations;
pub mod job_kind;
pub mod job_registry;
pub mod jobs;
mod journal_entry;
mod journal_notes;
mod journaled;
pub mod lock_groups;
pub mod locks;
pub mod lost_answer;
pub mod offline;
pub mod orgs;
pub mod profiles;
pub mod proxy;
pub mod reports;
pub mod session;
pub mod status;
pub mod team_alerts;
pub mod today;
#[cfg(feature = "ts")]
pub mod ts_types;
pub mod users;
pub mod views;
pub mod watch;

pub use crate::reports::{
    ReportDefinition, ReportFormat, ReportKind, ReportLanguage, ReportRunView, Schedule,
};
pub use crate::team_alerts::{
    AlertDestination, DeliveryState, DeliveryView, DestinationKind, Digest, MailSecurity,
    MailSettings, MessageLanguage, RuleSelection,
};
pub use crate::watch::{AlertQuery, WatchRules};
pub use account::{account_info, AccountInfoResponse, ScopeView, TokenView, SCOPES};
pub use activity::{
    activity_export_csv, activity_list, activity_prune_when_due, activity_retention_set,
    activity_storage_get, ActivityExportRequest, ActivityExportResponse, ActivityPage,
    ActivityQuery, ActivityRetentionRequest, ActivityRetentionResponse, ActivityStorageView,
};
pub use context::{sweep_stale_demos, AppContext, DemoFolder};
pub use groups::{
    lock_groups_get, lock_groups_list, user_groups_get, user_groups_list, GroupInputRequest,
    LockGroupIdRequest, LockGroupsListResponse, LockGroupsUpdateRequest, UserGroupIdRequest,
    UserGroupsListResponse, UserGroupsUpdateRequest,
};
pub use history::{
    export_file_name, history_accesses, history_archive_aggregates, history_archive_export,
    history_archive_export_to, history_archive_query, history_archive_timecard, history_locks,
    history_sync_start, history_sync_status, AggregateRequest, Aggregates, ExportWritten,
    HistoryAccessesRequest, HistoryAccessesResponse, HistoryExportRequest, HistoryExportResponse,
    HistoryLockSyncView, HistoryLocksResponse, HistoryPage, HistoryQuery, HistorySyncRunView,
    HistorySyncStartRequest, HistorySyncStatusResponse, HistoryTimecardResponse, LockSyncState,
    TimecardRequest, SESSION_EXPIRED_MESSAGE,
};
pub use image_upload::ImageSource;
pub use images::{images_get, ImagesGetRequest, ImagesGetResponse, MAX_IMAGE_BYTES};
pub use invitations::{check_csv_size, CsvEncoding, MAX_CSV_BYTES, MAX_CSV_ROWS};
pub use invitations::{
    invitations_bulk_preview, invitations_bulk_send, invitations_list, run_bulk_invite,
    BulkInvitePreview, BulkInviteReport, BulkInviteRequest, BulkProgress, InvitationsCreateRequest,
    InvitationsCreateResponse, InvitationsListRequest, InvitationsListResponse, InviteOutcome,
    InviteProblem, InviteProblemCode, InviteResult, InviteRow, InviteRowStatus, INVITATION_LIMIT,
};
pub use jobs::{jobs_cancel, jobs_get, JobIdRequest, JobKind, JobStarted, JobState, JobView};
pub use journaled::{
    invitations_bulk_start, invitations_create, lock_groups_add_locks, lock_groups_create,
    lock_groups_delete, lock_groups_remove_locks, lock_groups_update, locks_rename,
    locks_reset_image, locks_set_image, session_complete_sign_in, session_sign_out,
    user_groups_create, user_groups_update, users_invite, users_register, users_remove,
    users_update,
};
pub use lock_groups::LockGroupLocksRequest;
pub use lockdesk_commands::shell::{
    FileDropEvent, FileDropKind, FileSaveRequest, FileSaveResponse, FolderChooseResponse,
    OpenScreenEvent, ShellScreen, ShellSettingsView, UiLanguage, UpdateState, UpdateStatusView,
    UpdatesAutomaticRequest, UpdatesOffReason, WatcherPauseRequest, WatcherStatusView,
    FILE_DROP_EVENT, OPEN_SCREEN_EVENT, SIGN_IN_FINISHED_EVENT, UPDATE_STATUS_EVENT,
};
pub use locks::{
    locks_get, locks_list, LockIdRequest, LocksListRequest, LocksListResponse, LocksRenameRequest,
    LocksSetImageRequest, LocksSetImageResponse,
};
pub use offline::{CachedReason, CachedView};
pub use orgs::{orgs_choose, orgs_list, OrgsChooseRequest, OrgsListResponse};
pub use profiles::{
    profiles_add, profiles_list, profiles_remove, profiles_use, ProfileRemovedView,
    ProfilesAddRequest, ProfilesListResponse,
};
pub use proxy::{
    proxy_credentials_clear, proxy_credentials_set, proxy_with_login, ProxyCredentialsClearRequest,
    ProxyCredentialsSetRequest, ProxyCredentialsView,
};
pub use reports::{
    reports_add, reports_list, reports_remove, reports_run, ReportAddRequest, ReportIdRequest,
    ReportOutcome, ReportRunResult, ReportView, ReportsListResponse, ReportsRunRequest,
    ReportsRunResponse,
};
pub use session::{
    session_begin_sign_in, session_cancel_sign_in, session_leave_demo, session_save_sign_ins,
    session_start_demo, session_status, DemoSwitchRequest, SessionBeginSignInResponse,
    SessionCompleteSignInRequest, SessionSignOutRequest, SignInFinishedEvent, SignedInView,
    SignedOutView,
};
pub use status::{ProfileNameRequest, SessionStatusResponse, UnsavedSignIn};
pub use team_alerts::{
    alert_deliveries_list, alert_deliveries_run, alert_destinations_add, alert_destinations_list,
    alert_destinations_remove, alert_destinations_test, AlertDeliveriesPage,
    AlertDeliveriesRequest, AlertDeliveryPassResponse, AlertDestinationAddRequest,
    AlertDestinationIdRequest, AlertDestinationTestResponse, AlertDestinationsListResponse,
    MailDestinationRequest,
};
pub use today::{
    today_overview, AfterHoursReason, TodayAfterHours, TodayAfterHoursEntry, TodayBatteries,
    TodayBattery, TodayHealth, TodayInvitation, TodayInvitations, TodayLockDay, TodayMissing,
    TodayOverview, TodaySilent, TodaySilentLock, TodayYesterday,
};
pub use users::{
    users_get, users_list, UserIdRequest, UsersInviteRequest, UsersListRequest, UsersListResponse,
    UsersRegisterRequest, UsersUpdateRequest,
};
pub use views::{
    AccessAction, AccessView, AccountRole, Api, Battery, BatteryLevel, ClientKind, DeviceKind,
    DeviceView, HistoryLockView, InvitationState, InvitationView, LockGroupView, LockModelKind,
    LockRemoteView, LockSettings, LockType, LockView, MemberView, OrganizationView, ProfileView,
    Role, ScheduleView, UserGroupView, UserRole, UserView,
};
pub use watch::{
    evaluate, round_due, round_window_start, watch_alerts_acknowledge, watch_alerts_list,
    watch_mute, watch_round, watch_rules_get, watch_rules_set, watch_status, watch_unmute,
    WatchAcknowledgeRequest, WatchAcknowledgeResponse, WatchAlertsPage, WatchMuteRequest,
    WatchRoundResponse, WatchRulesSetRequest, WatchStatusResponse, WatchSyncOutcome,
};

pub use args::{Done, NoArgs};
pub use dispatch::dispatch;
#[cfg(any(test, feature = "ts"))]
pub(crate) use dispatch::{command_types, desktop_command_types};
#[cfg(feature = "ts")]
pub(crate) use dispatch::{export_command_types, export_desktop_command_types};
pub use lockdesk_commands::{COMMANDS, DESKTOP_COMMANDS, UNJOURNALED_COMMANDS, WRITE_COMMANDS};
