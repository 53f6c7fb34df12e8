//! Every command of the command table with its request and response types, in one namespace:
//! the table's macros (dispatch, the Tauri handlers, the generated TypeScript) expand a command's
//! bare name, so the names must stand side by side somewhere. Nothing else imports from here;
//! code names the domain module that defines a thing.

pub use crate::app::args::{Done, NoArgs};
pub use crate::app::context::{sweep_stale_demos, AppContext, DemoFolder};
pub use crate::app::job_kind::JobKind;
pub use crate::app::job_registry::{JobIdRequest, JobState};
pub use crate::app::job_results::{JobStarted, JobView};
pub use crate::app::jobs::{jobs_cancel, jobs_get};
pub use crate::directory::apply::{ApplyOutcome, ApplyResult};
pub use crate::directory::commands::{
    directory_apply, directory_entra_sign_in, directory_exceptions_add,
    directory_exceptions_remove, directory_plan, directory_sources_add, directory_sources_list,
    directory_sources_remove, DirectoryApplyRequest, DirectoryApplyResponse,
    DirectoryExceptionWhoRequest, DirectoryPlanResponse, DirectorySourceAddRequest,
    DirectorySourceIdRequest, DirectorySourcesResponse, SourceRead,
};
pub use crate::directory::entra::EntraSource;
pub use crate::directory::entra_device::DeviceSignIn;
pub use crate::directory::{DirectorySource, Exception};
pub use crate::groups::commands::{
    lock_groups_get, lock_groups_list, user_groups_get, user_groups_list, GroupInputRequest,
    LockGroupIdRequest, LockGroupsListResponse, LockGroupsUpdateRequest, UserGroupIdRequest,
    UserGroupsListResponse, UserGroupsUpdateRequest,
};
pub use crate::groups::lock_members::LockGroupLocksRequest;
pub use crate::groups::view::{LockGroupView, MemberView, UserGroupView};
pub use crate::history::view::{AccessAction, AccessView, ClientKind, HistoryLockView};
pub use crate::history::{
    export_file_name, history_accesses, history_archive_aggregates, history_archive_export,
    history_archive_export_to, history_archive_query, history_archive_timecard, history_locks,
    history_sync_start, history_sync_status, AggregateRequest, Aggregates, ExportWritten,
    HistoryAccessesRequest, HistoryAccessesResponse, HistoryExportRequest, HistoryExportResponse,
    HistoryLockSyncView, HistoryLocksResponse, HistoryPage, HistoryQuery, HistorySyncRunView,
    HistorySyncStartRequest, HistorySyncStatusResponse, HistoryTimecardRequest,
    HistoryTimecardResponse, LockSyncState, TeamArchiveView, TimecardRequest,
    SESSION_EXPIRED_MESSAGE,
};
pub use crate::images::upload::ImageSource;
pub use crate::images::{images_get, ImagesGetRequest, ImagesGetResponse, MAX_IMAGE_BYTES};
pub use crate::invitations::{
    check_csv_size, invitations_bulk_preview, invitations_bulk_send, invitations_list,
    run_bulk_invite, BulkInvitePreview, BulkInviteReport, BulkInviteRequest, BulkProgress,
    CsvEncoding, InvitationsCreateRequest, InvitationsCreateResponse, InvitationsListRequest,
    InvitationsListResponse, InviteOutcome, InviteProblem, InviteProblemCode, InviteResult,
    InviteRow, InviteRowStatus, INVITATION_LIMIT, MAX_CSV_BYTES, MAX_CSV_ROWS,
};
pub use crate::journal::activity::{
    activity_export_csv, activity_list, activity_prune_when_due, activity_retention_set,
    activity_storage_get, ActivityExportRequest, ActivityExportResponse, ActivityPage,
    ActivityQuery, ActivityRetentionRequest, ActivityRetentionResponse, ActivityStorageView,
};
pub use crate::journal::journaled::{
    invitations_bulk_start, invitations_create, lock_groups_add_locks, lock_groups_create,
    lock_groups_delete, lock_groups_remove_locks, lock_groups_update, locks_rename,
    locks_reset_image, locks_set_image, session_complete_sign_in, session_sign_out,
    user_groups_create, user_groups_update, users_invite, users_register, users_remove,
    users_update,
};
pub use crate::locks::commands::{
    locks_get, locks_list, LockIdRequest, LocksListRequest, LocksListResponse, LocksRenameRequest,
    LocksSetImageRequest, LocksSetImageResponse,
};
pub use crate::locks::settings_view::{LockRemoteView, LockSettings, LockType, ScheduleView};
pub use crate::locks::view::{
    Battery, BatteryLevel, DeviceKind, DeviceView, LockModelKind, LockView,
};
pub use crate::offline::{CachedReason, CachedView};
pub use crate::organizations::commands::{
    orgs_choose, orgs_list, OrgsChooseRequest, OrgsListResponse,
};
pub use crate::profiles::commands::{
    profiles_add, profiles_list, profiles_remove, profiles_use, ProfileRemovedView,
    ProfilesAddRequest, ProfilesListResponse,
};
pub use crate::profiles::view::{Api, OrganizationView, ProfileView};
pub use crate::proxy::commands::{
    proxy_credentials_clear, proxy_credentials_set, proxy_with_login, ProxyCredentialsClearRequest,
    ProxyCredentialsSetRequest, ProxyCredentialsView,
};
pub use crate::reports::commands::{
    reports_add, reports_list, reports_remove, reports_run, ReportAddRequest, ReportIdRequest,
    ReportOutcome, ReportRunResult, ReportView, ReportsListResponse, ReportsRunRequest,
    ReportsRunResponse,
};
pub use crate::reports::{
    ReportDefinition, ReportFormat, ReportKind, ReportLanguage, ReportRunView, Schedule,
};
pub use crate::sessions::account::{
    account_info, AccountInfoResponse, ScopeView, TokenView, SCOPES,
};
pub use crate::sessions::commands::{
    session_begin_sign_in, session_cancel_sign_in, session_leave_demo, session_save_sign_ins,
    session_start_demo, session_status, DemoSwitchRequest, SessionBeginSignInResponse,
    SessionCompleteSignInRequest, SessionSignOutRequest, SignInFinishedEvent, SignedInView,
    SignedOutView,
};
pub use crate::sessions::status::{ProfileNameRequest, SessionStatusResponse, UnsavedSignIn};
pub use crate::team::commands::{
    team_connect, team_disconnect, team_status, TeamConnectRequest, TeamStatusView,
};
pub use crate::team_alerts::commands::{
    alert_deliveries_list, alert_deliveries_run, alert_destinations_add, alert_destinations_list,
    alert_destinations_remove, alert_destinations_secret, alert_destinations_test,
    AlertDeliveriesPage, AlertDeliveriesRequest, AlertDeliveryPassResponse,
    AlertDestinationAddRequest, AlertDestinationIdRequest, AlertDestinationSecretRequest,
    AlertDestinationTestResponse, AlertDestinationsListResponse, MailDestinationRequest,
};
pub use crate::team_alerts::{
    AlertDestination, DeliveryState, DeliveryView, DestinationKind, Digest, MailSecurity,
    MailSettings, RuleSelection,
};
pub use crate::today::{
    today_overview, AfterHoursReason, TodayAfterHours, TodayAfterHoursEntry, TodayBatteries,
    TodayBattery, TodayHealth, TodayInvitation, TodayInvitations, TodayLockDay, TodayMissing,
    TodayOverview, TodaySilent, TodaySilentLock, TodayYesterday,
};
pub use crate::users::commands::{
    users_get, users_list, UserIdRequest, UsersInviteRequest, UsersListRequest, UsersListResponse,
    UsersRegisterRequest, UsersUpdateRequest,
};
pub use crate::users::export::{users_export_csv, UsersExportRequest, UsersExportResponse};
pub use crate::users::view::{
    AccountRole, InvitationState, InvitationView, Role, UserRole, UserView,
};
pub use crate::watch::commands::{
    evaluate, round_due, round_window_start, watch_alerts_acknowledge, watch_alerts_list,
    watch_mute, watch_round, watch_rules_get, watch_rules_set, watch_status, watch_unmute,
    WatchAcknowledgeRequest, WatchAcknowledgeResponse, WatchAlertsPage, WatchMuteRequest,
    WatchRoundResponse, WatchRulesSetRequest, WatchStatusResponse, WatchSyncOutcome,
};
pub use crate::watch::words::MessageLanguage;
pub use crate::watch::{AlertQuery, WatchRules};
pub use lockdesk_commands::shell::{
    FileChooseResponse, FileDropEvent, FileDropKind, FileSaveRequest, FileSaveResponse,
    FolderChooseResponse, OpenScreenEvent, ShellScreen, ShellSettingsView, UiLanguage, UpdateState,
    UpdateStatusView, UpdatesAutomaticRequest, UpdatesOffReason, WatcherPauseRequest,
    WatcherStatusView, FILE_DROP_EVENT, OPEN_SCREEN_EVENT, SIGN_IN_FINISHED_EVENT,
    UPDATE_STATUS_EVENT,
};
pub use lockdesk_commands::{COMMANDS, DESKTOP_COMMANDS, UNJOURNALED_COMMANDS, WRITE_COMMANDS};
