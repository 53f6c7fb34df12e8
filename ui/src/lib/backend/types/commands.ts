// Generated from Rust by lockdesk-core (app::ts_types). Do not edit; run scripts/gen-types.
import type { AccountInfoResponse } from "./AccountInfoResponse";
import type { ActivityExportRequest } from "./ActivityExportRequest";
import type { ActivityExportResponse } from "./ActivityExportResponse";
import type { ActivityPage } from "./ActivityPage";
import type { ActivityQuery } from "./ActivityQuery";
import type { ActivityRetentionRequest } from "./ActivityRetentionRequest";
import type { ActivityRetentionResponse } from "./ActivityRetentionResponse";
import type { ActivityStorageView } from "./ActivityStorageView";
import type { AggregateRequest } from "./AggregateRequest";
import type { Aggregates } from "./Aggregates";
import type { AlertDeliveriesPage } from "./AlertDeliveriesPage";
import type { AlertDeliveriesRequest } from "./AlertDeliveriesRequest";
import type { AlertDeliveryPassResponse } from "./AlertDeliveryPassResponse";
import type { AlertDestination } from "./AlertDestination";
import type { AlertDestinationAddRequest } from "./AlertDestinationAddRequest";
import type { AlertDestinationIdRequest } from "./AlertDestinationIdRequest";
import type { AlertDestinationSecretRequest } from "./AlertDestinationSecretRequest";
import type { AlertDestinationTestResponse } from "./AlertDestinationTestResponse";
import type { AlertDestinationsListResponse } from "./AlertDestinationsListResponse";
import type { AlertQuery } from "./AlertQuery";
import type { BulkInvitePreview } from "./BulkInvitePreview";
import type { BulkInviteRequest } from "./BulkInviteRequest";
import type { DemoSwitchRequest } from "./DemoSwitchRequest";
import type { DeviceSignIn } from "./DeviceSignIn";
import type { DirectoryApplyRequest } from "./DirectoryApplyRequest";
import type { DirectoryApplyResponse } from "./DirectoryApplyResponse";
import type { DirectoryExceptionWhoRequest } from "./DirectoryExceptionWhoRequest";
import type { DirectoryPlanResponse } from "./DirectoryPlanResponse";
import type { DirectorySource } from "./DirectorySource";
import type { DirectorySourceAddRequest } from "./DirectorySourceAddRequest";
import type { DirectorySourceIdRequest } from "./DirectorySourceIdRequest";
import type { DirectorySourcesResponse } from "./DirectorySourcesResponse";
import type { Done } from "./Done";
import type { EntraSource } from "./EntraSource";
import type { Exception } from "./Exception";
import type { FileChooseResponse } from "./FileChooseResponse";
import type { FileSaveRequest } from "./FileSaveRequest";
import type { FileSaveResponse } from "./FileSaveResponse";
import type { FolderChooseResponse } from "./FolderChooseResponse";
import type { GroupInputRequest } from "./GroupInputRequest";
import type { HistoryAccessesRequest } from "./HistoryAccessesRequest";
import type { HistoryAccessesResponse } from "./HistoryAccessesResponse";
import type { HistoryExportRequest } from "./HistoryExportRequest";
import type { HistoryExportResponse } from "./HistoryExportResponse";
import type { HistoryLocksResponse } from "./HistoryLocksResponse";
import type { HistoryPage } from "./HistoryPage";
import type { HistoryQuery } from "./HistoryQuery";
import type { HistorySyncStartRequest } from "./HistorySyncStartRequest";
import type { HistorySyncStatusResponse } from "./HistorySyncStatusResponse";
import type { HistoryTimecardRequest } from "./HistoryTimecardRequest";
import type { HistoryTimecardResponse } from "./HistoryTimecardResponse";
import type { ImagesGetRequest } from "./ImagesGetRequest";
import type { ImagesGetResponse } from "./ImagesGetResponse";
import type { InvitationsCreateRequest } from "./InvitationsCreateRequest";
import type { InvitationsCreateResponse } from "./InvitationsCreateResponse";
import type { InvitationsListRequest } from "./InvitationsListRequest";
import type { InvitationsListResponse } from "./InvitationsListResponse";
import type { InviteResult } from "./InviteResult";
import type { JobIdRequest } from "./JobIdRequest";
import type { JobStarted } from "./JobStarted";
import type { JobView } from "./JobView";
import type { LockGroupIdRequest } from "./LockGroupIdRequest";
import type { LockGroupLocksRequest } from "./LockGroupLocksRequest";
import type { LockGroupView } from "./LockGroupView";
import type { LockGroupsListResponse } from "./LockGroupsListResponse";
import type { LockGroupsUpdateRequest } from "./LockGroupsUpdateRequest";
import type { LockIdRequest } from "./LockIdRequest";
import type { LockView } from "./LockView";
import type { LocksListRequest } from "./LocksListRequest";
import type { LocksListResponse } from "./LocksListResponse";
import type { LocksRenameRequest } from "./LocksRenameRequest";
import type { LocksSetImageRequest } from "./LocksSetImageRequest";
import type { LocksSetImageResponse } from "./LocksSetImageResponse";
import type { NoArgs } from "./NoArgs";
import type { Operation } from "./Operation";
import type { OrganizationView } from "./OrganizationView";
import type { OrgsChooseRequest } from "./OrgsChooseRequest";
import type { OrgsListResponse } from "./OrgsListResponse";
import type { ProfileNameRequest } from "./ProfileNameRequest";
import type { ProfileRemovedView } from "./ProfileRemovedView";
import type { ProfileView } from "./ProfileView";
import type { ProfilesAddRequest } from "./ProfilesAddRequest";
import type { ProfilesListResponse } from "./ProfilesListResponse";
import type { ProxyCredentialsClearRequest } from "./ProxyCredentialsClearRequest";
import type { ProxyCredentialsSetRequest } from "./ProxyCredentialsSetRequest";
import type { ProxyCredentialsView } from "./ProxyCredentialsView";
import type { ReportAddRequest } from "./ReportAddRequest";
import type { ReportDefinition } from "./ReportDefinition";
import type { ReportIdRequest } from "./ReportIdRequest";
import type { ReportsListResponse } from "./ReportsListResponse";
import type { ReportsRunRequest } from "./ReportsRunRequest";
import type { ReportsRunResponse } from "./ReportsRunResponse";
import type { SessionBeginSignInResponse } from "./SessionBeginSignInResponse";
import type { SessionCompleteSignInRequest } from "./SessionCompleteSignInRequest";
import type { SessionSignOutRequest } from "./SessionSignOutRequest";
import type { SessionStatusResponse } from "./SessionStatusResponse";
import type { ShellSettingsView } from "./ShellSettingsView";
import type { SignedInView } from "./SignedInView";
import type { SignedOutView } from "./SignedOutView";
import type { TeamConnectRequest } from "./TeamConnectRequest";
import type { TeamStatusView } from "./TeamStatusView";
import type { TodayOverview } from "./TodayOverview";
import type { UpdateStatusView } from "./UpdateStatusView";
import type { UpdatesAutomaticRequest } from "./UpdatesAutomaticRequest";
import type { UserGroupIdRequest } from "./UserGroupIdRequest";
import type { UserGroupView } from "./UserGroupView";
import type { UserGroupsListResponse } from "./UserGroupsListResponse";
import type { UserGroupsUpdateRequest } from "./UserGroupsUpdateRequest";
import type { UserIdRequest } from "./UserIdRequest";
import type { UserView } from "./UserView";
import type { UsersExportRequest } from "./UsersExportRequest";
import type { UsersExportResponse } from "./UsersExportResponse";
import type { UsersInviteRequest } from "./UsersInviteRequest";
import type { UsersListRequest } from "./UsersListRequest";
import type { UsersListResponse } from "./UsersListResponse";
import type { UsersRegisterRequest } from "./UsersRegisterRequest";
import type { UsersUpdateRequest } from "./UsersUpdateRequest";
import type { WatchAcknowledgeRequest } from "./WatchAcknowledgeRequest";
import type { WatchAcknowledgeResponse } from "./WatchAcknowledgeResponse";
import type { WatchAlertsPage } from "./WatchAlertsPage";
import type { WatchMuteRequest } from "./WatchMuteRequest";
import type { WatchRoundResponse } from "./WatchRoundResponse";
import type { WatchRules } from "./WatchRules";
import type { WatchRulesSetRequest } from "./WatchRulesSetRequest";
import type { WatchStatusResponse } from "./WatchStatusResponse";
import type { WatcherPauseRequest } from "./WatcherPauseRequest";
import type { WatcherStatusView } from "./WatcherStatusView";

/** Every command: its request (arguments) and response types. */
export type Commands = {
  profiles_list: { req: NoArgs; res: ProfilesListResponse };
  profiles_add: { req: ProfilesAddRequest; res: ProfileView };
  profiles_remove: { req: ProfileNameRequest; res: ProfileRemovedView };
  profiles_use: { req: ProfileNameRequest; res: SessionStatusResponse };
  session_status: { req: NoArgs; res: SessionStatusResponse };
  session_save_sign_ins: { req: NoArgs; res: SessionStatusResponse };
  session_begin_sign_in: { req: ProfileNameRequest; res: SessionBeginSignInResponse };
  session_complete_sign_in: { req: SessionCompleteSignInRequest; res: SignedInView };
  session_cancel_sign_in: { req: ProfileNameRequest; res: Done };
  session_start_demo: { req: DemoSwitchRequest; res: SessionStatusResponse };
  session_leave_demo: { req: DemoSwitchRequest; res: SessionStatusResponse };
  session_sign_out: { req: SessionSignOutRequest; res: SignedOutView };
  orgs_list: { req: NoArgs; res: OrgsListResponse };
  orgs_choose: { req: OrgsChooseRequest; res: OrganizationView };
  locks_list: { req: LocksListRequest; res: LocksListResponse };
  locks_get: { req: LockIdRequest; res: LockView };
  locks_rename: { req: LocksRenameRequest; res: LockView };
  locks_set_image: { req: LocksSetImageRequest; res: LocksSetImageResponse };
  locks_reset_image: { req: LockIdRequest; res: LockView };
  images_get: { req: ImagesGetRequest; res: ImagesGetResponse };
  lock_groups_list: { req: NoArgs; res: LockGroupsListResponse };
  lock_groups_get: { req: LockGroupIdRequest; res: LockGroupView };
  lock_groups_create: { req: GroupInputRequest; res: LockGroupView };
  lock_groups_update: { req: LockGroupsUpdateRequest; res: LockGroupView };
  lock_groups_delete: { req: LockGroupIdRequest; res: Done };
  lock_groups_add_locks: { req: LockGroupLocksRequest; res: LockGroupView };
  lock_groups_remove_locks: { req: LockGroupLocksRequest; res: LockGroupView };
  users_list: { req: UsersListRequest; res: UsersListResponse };
  users_get: { req: UserIdRequest; res: UserView };
  users_export_csv: { req: UsersExportRequest; res: UsersExportResponse };
  users_register: { req: UsersRegisterRequest; res: UserView };
  users_invite: { req: UsersInviteRequest; res: UserView };
  users_update: { req: UsersUpdateRequest; res: UserView };
  users_remove: { req: UserIdRequest; res: Done };
  invitations_list: { req: InvitationsListRequest; res: InvitationsListResponse };
  invitations_create: { req: InvitationsCreateRequest; res: InvitationsCreateResponse };
  invitations_bulk_preview: { req: BulkInviteRequest; res: BulkInvitePreview };
  invitations_bulk_start: { req: BulkInviteRequest; res: JobStarted<InviteResult> };
  user_groups_list: { req: NoArgs; res: UserGroupsListResponse };
  user_groups_get: { req: UserGroupIdRequest; res: UserGroupView };
  user_groups_create: { req: GroupInputRequest; res: UserGroupView };
  user_groups_update: { req: UserGroupsUpdateRequest; res: UserGroupView };
  history_locks: { req: NoArgs; res: HistoryLocksResponse };
  history_accesses: { req: HistoryAccessesRequest; res: HistoryAccessesResponse };
  history_sync_start: { req: HistorySyncStartRequest; res: JobStarted<InviteResult> };
  history_sync_status: { req: NoArgs; res: HistorySyncStatusResponse };
  history_archive_query: { req: HistoryQuery; res: HistoryPage };
  history_archive_aggregates: { req: AggregateRequest; res: Aggregates };
  history_archive_timecard: { req: HistoryTimecardRequest; res: HistoryTimecardResponse };
  history_archive_export: { req: HistoryExportRequest; res: HistoryExportResponse };
  account_info: { req: NoArgs; res: AccountInfoResponse };
  proxy_credentials_set: { req: ProxyCredentialsSetRequest; res: ProxyCredentialsView };
  proxy_credentials_clear: { req: ProxyCredentialsClearRequest; res: ProxyCredentialsView };
  today_overview: { req: NoArgs; res: TodayOverview };
  activity_list: { req: ActivityQuery; res: ActivityPage };
  activity_export_csv: { req: ActivityExportRequest; res: ActivityExportResponse };
  activity_storage_get: { req: NoArgs; res: ActivityStorageView };
  activity_retention_set: { req: ActivityRetentionRequest; res: ActivityRetentionResponse };
  jobs_get: { req: JobIdRequest; res: JobView<InviteResult> };
  jobs_cancel: { req: JobIdRequest; res: JobView<InviteResult> };
  watch_round: { req: NoArgs; res: WatchRoundResponse };
  watch_rules_get: { req: NoArgs; res: WatchRules };
  watch_rules_set: { req: WatchRulesSetRequest; res: WatchRules };
  watch_alerts_list: { req: AlertQuery; res: WatchAlertsPage };
  watch_alerts_acknowledge: { req: WatchAcknowledgeRequest; res: WatchAcknowledgeResponse };
  watch_mute: { req: WatchMuteRequest; res: Done };
  watch_unmute: { req: WatchMuteRequest; res: Done };
  watch_status: { req: NoArgs; res: WatchStatusResponse };
  reports_list: { req: NoArgs; res: ReportsListResponse };
  reports_add: { req: ReportAddRequest; res: ReportDefinition };
  reports_remove: { req: ReportIdRequest; res: Done };
  reports_run: { req: ReportsRunRequest; res: ReportsRunResponse };
  alert_destinations_list: { req: NoArgs; res: AlertDestinationsListResponse };
  alert_destinations_add: { req: AlertDestinationAddRequest; res: AlertDestination };
  alert_destinations_secret: { req: AlertDestinationSecretRequest; res: AlertDestination };
  alert_destinations_remove: { req: AlertDestinationIdRequest; res: Done };
  alert_destinations_test: { req: AlertDestinationIdRequest; res: AlertDestinationTestResponse };
  alert_deliveries_list: { req: AlertDeliveriesRequest; res: AlertDeliveriesPage };
  alert_deliveries_run: { req: NoArgs; res: AlertDeliveryPassResponse };
  directory_sources_list: { req: NoArgs; res: DirectorySourcesResponse };
  directory_entra_sign_in: { req: EntraSource; res: DeviceSignIn };
  directory_sources_add: { req: DirectorySourceAddRequest; res: DirectorySource };
  directory_sources_remove: { req: DirectorySourceIdRequest; res: Done };
  directory_exceptions_add: { req: Exception; res: Exception };
  directory_exceptions_remove: { req: DirectoryExceptionWhoRequest; res: Done };
  directory_plan: { req: NoArgs; res: DirectoryPlanResponse };
  directory_apply: { req: DirectoryApplyRequest; res: DirectoryApplyResponse };
  team_status: { req: NoArgs; res: TeamStatusView };
  team_connect: { req: TeamConnectRequest; res: TeamStatusView };
  team_disconnect: { req: NoArgs; res: TeamStatusView };
};

export type CommandName = keyof Commands;

export const COMMAND_NAMES: CommandName[] = [
  "profiles_list",
  "profiles_add",
  "profiles_remove",
  "profiles_use",
  "session_status",
  "session_save_sign_ins",
  "session_begin_sign_in",
  "session_complete_sign_in",
  "session_cancel_sign_in",
  "session_start_demo",
  "session_leave_demo",
  "session_sign_out",
  "orgs_list",
  "orgs_choose",
  "locks_list",
  "locks_get",
  "locks_rename",
  "locks_set_image",
  "locks_reset_image",
  "images_get",
  "lock_groups_list",
  "lock_groups_get",
  "lock_groups_create",
  "lock_groups_update",
  "lock_groups_delete",
  "lock_groups_add_locks",
  "lock_groups_remove_locks",
  "users_list",
  "users_get",
  "users_export_csv",
  "users_register",
  "users_invite",
  "users_update",
  "users_remove",
  "invitations_list",
  "invitations_create",
  "invitations_bulk_preview",
  "invitations_bulk_start",
  "user_groups_list",
  "user_groups_get",
  "user_groups_create",
  "user_groups_update",
  "history_locks",
  "history_accesses",
  "history_sync_start",
  "history_sync_status",
  "history_archive_query",
  "history_archive_aggregates",
  "history_archive_timecard",
  "history_archive_export",
  "account_info",
  "proxy_credentials_set",
  "proxy_credentials_clear",
  "today_overview",
  "activity_list",
  "activity_export_csv",
  "activity_storage_get",
  "activity_retention_set",
  "jobs_get",
  "jobs_cancel",
  "watch_round",
  "watch_rules_get",
  "watch_rules_set",
  "watch_alerts_list",
  "watch_alerts_acknowledge",
  "watch_mute",
  "watch_unmute",
  "watch_status",
  "reports_list",
  "reports_add",
  "reports_remove",
  "reports_run",
  "alert_destinations_list",
  "alert_destinations_add",
  "alert_destinations_secret",
  "alert_destinations_remove",
  "alert_destinations_test",
  "alert_deliveries_list",
  "alert_deliveries_run",
  "directory_sources_list",
  "directory_entra_sign_in",
  "directory_sources_add",
  "directory_sources_remove",
  "directory_exceptions_add",
  "directory_exceptions_remove",
  "directory_plan",
  "directory_apply",
  "team_status",
  "team_connect",
  "team_disconnect",
];

/** Commands only the desktop shell has (a window or a native dialog); the test host answers them with `unknown_command`. */
export type DesktopCommands = {
  sign_in_window_open: { req: ProfileNameRequest; res: SessionBeginSignInResponse };
  sign_in_window_close: { req: NoArgs; res: Done };
  files_save: { req: FileSaveRequest; res: FileSaveResponse };
  history_archive_export_save: { req: HistoryExportRequest; res: FileSaveResponse };
  folders_choose: { req: NoArgs; res: FolderChooseResponse };
  files_choose_csv: { req: NoArgs; res: FileChooseResponse };
  updates_status: { req: NoArgs; res: UpdateStatusView };
  updates_check: { req: NoArgs; res: UpdateStatusView };
  updates_automatic_set: { req: UpdatesAutomaticRequest; res: UpdateStatusView };
  updates_restart: { req: NoArgs; res: Done };
  shell_settings_get: { req: NoArgs; res: ShellSettingsView };
  shell_settings_set: { req: ShellSettingsView; res: ShellSettingsView };
  watcher_status_get: { req: NoArgs; res: WatcherStatusView };
  watcher_pause_set: { req: WatcherPauseRequest; res: WatcherStatusView };
};

export type DesktopCommandName = keyof DesktopCommands;

export const DESKTOP_COMMAND_NAMES: DesktopCommandName[] = [
  "sign_in_window_open",
  "sign_in_window_close",
  "files_save",
  "history_archive_export_save",
  "folders_choose",
  "files_choose_csv",
  "updates_status",
  "updates_check",
  "updates_automatic_set",
  "updates_restart",
  "shell_settings_get",
  "shell_settings_set",
  "watcher_status_get",
  "watcher_pause_set",
];

/** Limits the core enforces, for checking as the person types (from the Rust constants). */
export const LIMITS = {
  /** minutes between watch rounds, at least */
  watch_interval_min: 1,
  /** minutes between watch rounds, at most */
  watch_interval_max: 1440,
  /** low-battery threshold, at least */
  watch_threshold_min: 1,
  /** low-battery threshold, at most */
  watch_threshold_max: 100,
  /** minutes left unlocked, at least */
  watch_unlocked_min: 1,
  /** minutes left unlocked, at most */
  watch_unlocked_max: 1440,
  /** days of silence, at least */
  watch_silent_days_min: 1,
  /** days of silence, at most */
  watch_silent_days_max: 365,
  /** users the watcher lists */
  watch_listed_users_max: 500,
  /** characters of a lock name */
  lock_name_max_chars: 50,
  /** items per page of a service list */
  list_limit_max: 1000,
  /** bytes of an e-mail address */
  mail_max_bytes: 254,
  /** bytes of a bulk invitation file */
  csv_max_bytes: 5242880,
  /** rows of a bulk invitation file */
  csv_max_rows: 10000,
  /** bytes of a lock image file before it is reduced */
  image_max_source_bytes: 41943040,
  /** invitations active at once per organization */
  invitation_limit: 500,
  /** days the journal keeps, at least */
  journal_keep_days_min: 1,
  /** days the journal keeps, at most */
  journal_keep_days_max: 3650,
} as const;

/** Every operation of the journal, in the command table's order. */
export const OPERATIONS: Operation[] = [
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
  "directory_apply",
  "invitations_bulk_row",
  "report_run",
  "journal_reset",
];

/** Desktop events (listen with @tauri-apps/api/event). */
export const SIGN_IN_FINISHED_EVENT = "lockdesk://sign-in-finished";
export const FILE_DROP_EVENT = "lockdesk://file-drop";
export const OPEN_SCREEN_EVENT = "lockdesk://open-screen";
export const UPDATE_STATUS_EVENT = "updates://status";
