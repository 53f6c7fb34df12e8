// The Directory screen's logic, without Svelte: the add-a-source form (fields as typed, checked
// with the core's rules from crates/lockdesk-core/src/directory/{settings,entra,google,ldap}.rs),
// the request it sends, the core's refusals mapped to their fields, the exceptions' form, and a
// source, a plan row, a held row and an applied row in words. The secrets (Entra ID's client
// secret, Google's JSON key file, the LDAP password) go into the add request once and are never
// shown; the key file's service account address is.
import type {
  ApplyOutcome,
  Change,
  DirectoryPlan,
  DirectorySourceAddRequest,
  Exception,
  Held,
  PlanRow,
  SourceKind,
  UserView,
} from '../../backend';
import { BackendError } from '../../backend/errors';
import { formatDay } from '../../format';
import type { MessageKey } from '../../i18n/en';
import { charCount, type Problem } from '../../validate';
import type { Tr } from '../../words/types';
import { isFullPath } from '../reports/reports';

/**
 * The field of a value the core refused (`Error::invalid`: `invalid_input`; a request the
 * command layer could not take: `invalid_arguments`), or null for any other error.
 */
export function refusedField(err: unknown): string | null {
  if (!(err instanceof BackendError)) return null;
  if (err.code !== 'invalid_input' && err.code !== 'invalid_arguments') return null;
  return err.details.field ?? '';
}

/** The longest source name and exception reason, in characters (the core's limits). */
export const NAME_MAX = 100;
export const REASON_MAX = 200;

export type Kind = SourceKind['kind'];
export const KINDS: readonly Kind[] = ['hr_csv', 'entra_id', 'google_workspace', 'ldap'];

const KIND_KEYS: Record<Kind, { kind: MessageKey; hint: MessageKey }> = {
  hr_csv: { kind: 'directory.kind.hr_csv', hint: 'directory.hint.hr_csv' },
  entra_id: { kind: 'directory.kind.entra_id', hint: 'directory.hint.entra_id' },
  google_workspace: {
    kind: 'directory.kind.google_workspace',
    hint: 'directory.hint.google_workspace',
  },
  ldap: { kind: 'directory.kind.ldap', hint: 'directory.hint.ldap' },
};

/** A kind of source in words ("Microsoft Entra ID"). */
export const kindWords = (k: Kind, tr: Tr) => tr(KIND_KEYS[k].kind);
/** What the kind needs from IT, in a sentence or two (the form's hint). */
export const kindHint = (k: Kind, tr: Tr) => tr(KIND_KEYS[k].hint);

/** The add form, as typed. */
export interface SourceForm {
  kind: Kind;
  name: string;
  /** HR CSV: the file's full path (chosen in the dialog on the desktop). */
  path: string;
  tenant: string;
  clientId: string;
  groupId: string;
  clientSecret: string;
  /** Entra ID: a client secret, a certificate (the PEM file's text, its file name), or the
   * administrator signing in with a code (device code) when the form is sent. */
  entraAuth: 'secret' | 'certificate' | 'administrator';
  certText: string;
  certName: string;
  admin: string;
  /** Google: the key file's text (the secret), its file name, and its service account. */
  keyText: string;
  keyName: string;
  keyEmail: string;
  query: string;
  url: string;
  bindDn: string;
  baseDn: string;
  password: string;
  filter: string;
  employeeIdAttribute: string;
  mailAttribute: string;
  nameAttribute: string;
  disabledAttribute: string;
}

export type SourceField =
  | 'name'
  | 'path'
  | 'tenant'
  | 'clientId'
  | 'groupId'
  | 'clientSecret'
  | 'certificate'
  | 'admin'
  | 'key'
  | 'query'
  | 'url'
  | 'bindDn'
  | 'baseDn'
  | 'password'
  | 'filter'
  | 'employeeIdAttribute'
  | 'mailAttribute'
  | 'nameAttribute'
  | 'disabledAttribute';
export type SourceProblems = Partial<Record<SourceField, NonNullable<Problem>>>;

export function newSourceForm(kind: Kind, name: string): SourceForm {
  return {
    kind,
    name,
    path: '',
    tenant: '',
    clientId: '',
    groupId: '',
    clientSecret: '',
    entraAuth: 'secret',
    certText: '',
    certName: '',
    admin: '',
    keyText: '',
    keyName: '',
    keyEmail: '',
    query: '',
    url: '',
    bindDn: '',
    baseDn: '',
    password: '',
    filter: '',
    employeeIdAttribute: '',
    mailAttribute: '',
    nameAttribute: '',
    disabledAttribute: '',
  };
}

/** The form once added: the secrets gone from it. */
export function withoutSecrets(f: SourceForm): SourceForm {
  return {
    ...f,
    clientSecret: '',
    certText: '',
    certName: '',
    password: '',
    keyText: '',
    keyName: '',
    keyEmail: '',
  };
}

/** Whether a file's text holds a certificate and a private key (PEM), as Entra ID's sign-in
 * with a certificate needs; the core checks the rest. */
export function isCertificateFile(text: string): boolean {
  return (
    text.includes('-----BEGIN CERTIFICATE-----') && /-----BEGIN (RSA )?PRIVATE KEY-----/.test(text)
  );
}

/** The service account a JSON key file is of, or null when the text is not such a file. */
export function keyFileAccount(text: string): string | null {
  let v: unknown;
  try {
    v = JSON.parse(text.trim());
  } catch {
    return null;
  }
  if (!v || typeof v !== 'object') return null;
  const k = v as { type?: unknown; client_email?: unknown; private_key?: unknown };
  if (k.type !== 'service_account') return null;
  if (typeof k.client_email !== 'string' || !k.client_email.includes('@')) return null;
  if (typeof k.private_key !== 'string' || !k.private_key.includes('PRIVATE KEY')) return null;
  return k.client_email.trim();
}

const looksLikeMail = (s: string) => /^[^\s@]+@[^\s@]+$/.test(s.trim());
const required: NonNullable<Problem> = { key: 'directory.invalid.required' };
const plain = (s: string) => s.trim() !== '' && !/\p{Cc}/u.test(s);

/** Every problem of the add form, by field (empty: it can be sent). */
export function checkSourceForm(f: SourceForm): SourceProblems {
  const out: SourceProblems = {};
  const name = f.name.trim();
  if (name === '' || charCount(name) > NAME_MAX || /\p{Cc}/u.test(name))
    out.name = { key: 'directory.invalid.name', params: { max: NAME_MAX } };
  switch (f.kind) {
    case 'hr_csv':
      if (!isFullPath(f.path.trim())) out.path = { key: 'directory.invalid.path' };
      break;
    case 'entra_id':
      if (!plain(f.tenant)) out.tenant = required;
      if (!plain(f.clientId)) out.clientId = required;
      if (f.groupId.trim() !== '' && !plain(f.groupId)) out.groupId = required;
      if (f.entraAuth === 'secret' && f.clientSecret.trim() === '') out.clientSecret = required;
      if (f.entraAuth === 'certificate' && !isCertificateFile(f.certText))
        out.certificate = { key: 'directory.invalid.certificate' };
      break;
    case 'google_workspace':
      if (!looksLikeMail(f.admin)) out.admin = { key: 'directory.invalid.mail' };
      if (!f.keyEmail) out.key = { key: 'directory.invalid.keyFile' };
      break;
    case 'ldap': {
      if (!/^ldaps?:\/\/[^/\s]+\/?$/i.test(f.url.trim()))
        out.url = { key: 'directory.invalid.url' };
      if (!plain(f.bindDn)) out.bindDn = required;
      if (!plain(f.baseDn)) out.baseDn = required;
      if (f.password === '') out.password = required;
      const filter = f.filter.trim();
      if (filter !== '' && !(filter.startsWith('(') && filter.endsWith(')')))
        out.filter = { key: 'directory.invalid.filter' };
      break;
    }
  }
  return out;
}

const optional = (s: string) => (s.trim() === '' ? undefined : s.trim());

/** The request to send, or the problems when the form cannot be sent (nothing is sent then).
 * The HR file's path is the one typed or chosen; the desktop's dialog has allowed it. */
export function toSourceRequest(
  f: SourceForm,
): { ok: true; request: DirectorySourceAddRequest } | { ok: false; problems: SourceProblems } {
  const problems = checkSourceForm(f);
  if (Object.keys(problems).length > 0) return { ok: false, problems };
  const name = f.name.trim();
  switch (f.kind) {
    case 'hr_csv':
      return { ok: true, request: { name, path: f.path.trim() } };
    case 'entra_id':
      return {
        ok: true,
        request: {
          name,
          entra: {
            tenant: f.tenant.trim(),
            client_id: f.clientId.trim(),
            group_id: optional(f.groupId),
            as_administrator: f.entraAuth === 'administrator',
          },
          ...(f.entraAuth === 'certificate'
            ? { entra_certificate: f.certText }
            : f.entraAuth === 'secret'
              ? { secret: f.clientSecret.trim() }
              : {}),
        },
      };
    case 'google_workspace':
      return {
        ok: true,
        request: {
          name,
          // The core takes the service account from the key file itself.
          google: { admin: f.admin.trim(), client_email: f.keyEmail, query: optional(f.query) },
          secret: f.keyText,
        },
      };
    case 'ldap':
      return {
        ok: true,
        request: {
          name,
          ldap: {
            url: f.url.trim(),
            bind_dn: f.bindDn.trim(),
            base_dn: f.baseDn.trim(),
            filter: optional(f.filter),
            employee_id_attribute: optional(f.employeeIdAttribute),
            mail_attribute: optional(f.mailAttribute),
            name_attribute: optional(f.nameAttribute),
            disabled_attribute: optional(f.disabledAttribute),
          },
          secret: f.password,
        },
      };
  }
}

/** The core's `details.field` of a refused source, the form's field and what to say there. */
const SERVER_FIELDS: Record<string, { field: SourceField; problem: NonNullable<Problem> }> = {
  name: { field: 'name', problem: { key: 'directory.invalid.name', params: { max: NAME_MAX } } },
  path: { field: 'path', problem: { key: 'directory.invalid.pathRefused' } },
  columns: { field: 'path', problem: { key: 'directory.invalid.columns' } },
  file: { field: 'path', problem: { key: 'directory.invalid.fileRow' } },
  tenant: { field: 'tenant', problem: { key: 'directory.invalid.value' } },
  client_id: { field: 'clientId', problem: { key: 'directory.invalid.value' } },
  group_id: { field: 'groupId', problem: { key: 'directory.invalid.value' } },
  admin: { field: 'admin', problem: { key: 'directory.invalid.mail' } },
  client_email: { field: 'key', problem: { key: 'directory.invalid.keyFile' } },
  certificate: { field: 'certificate', problem: { key: 'directory.invalid.certificate' } },
  entra_certificate: { field: 'certificate', problem: { key: 'directory.invalid.certificate' } },
  query: { field: 'query', problem: { key: 'directory.invalid.value' } },
  url: { field: 'url', problem: { key: 'directory.invalid.url' } },
  bind_dn: { field: 'bindDn', problem: { key: 'directory.invalid.value' } },
  base_dn: { field: 'baseDn', problem: { key: 'directory.invalid.value' } },
  filter: { field: 'filter', problem: { key: 'directory.invalid.filter' } },
  employee_id_attribute: {
    field: 'employeeIdAttribute',
    problem: { key: 'directory.invalid.value' },
  },
  mail_attribute: { field: 'mailAttribute', problem: { key: 'directory.invalid.value' } },
  name_attribute: { field: 'nameAttribute', problem: { key: 'directory.invalid.value' } },
  disabled_attribute: { field: 'disabledAttribute', problem: { key: 'directory.invalid.value' } },
};

/** Where the core's `secret` belongs: the kind's own secret field. */
const SECRET_FIELDS: Record<Kind, SourceField> = {
  hr_csv: 'path',
  entra_id: 'clientSecret',
  google_workspace: 'key',
  ldap: 'password',
};

/**
 * A refusal of `directory_sources_add` shown next to its field (or, `field` null, by the
 * buttons); null when it is no refused value (then the whole error is shown under the form).
 */
export function serverSourceProblem(
  err: unknown,
  kind: Kind,
): { field: SourceField | null; problem: NonNullable<Problem> } | null {
  const field = refusedField(err);
  if (field === null) return null;
  if (field === 'secret')
    return {
      field: SECRET_FIELDS[kind],
      problem: kind === 'google_workspace' ? { key: 'directory.invalid.keyFile' } : required,
    };
  if (field === 'sources') return { field: null, problem: { key: 'directory.invalid.tooMany' } };
  return SERVER_FIELDS[field] ?? null;
}

/** Where a source reads from, in words: the file, the tenant, the administrator, the server. */
export function sourceWhere(s: SourceKind, tr: Tr): string {
  switch (s.kind) {
    case 'hr_csv':
      return s.path;
    case 'entra_id':
      return s.group_id
        ? tr('directory.where.group', { tenant: s.tenant, group: s.group_id })
        : s.tenant;
    case 'google_workspace':
      return s.query ? tr('directory.where.query', { admin: s.admin, query: s.query }) : s.admin;
    case 'ldap':
      return tr('directory.where.ldap', { url: s.url, base: s.base_dn });
  }
}

/** The plan's counts: what apply would do, what is held for a person, who joins later. */
export interface PlanCounts {
  remove: number;
  invite: number;
  update: number;
  held: number;
  later: number;
}

export function planCounts(p: DirectoryPlan): PlanCounts {
  const free = (rows: PlanRow[]) => rows.filter((r) => !r.held).length;
  const held = [...p.leavers, ...p.joiners, ...p.movers, ...p.ambiguous].filter(
    (r) => r.held,
  ).length;
  return {
    remove: free(p.leavers),
    invite: free(p.joiners),
    update: free(p.movers),
    held,
    later: p.joining_later,
  };
}

/** Whether apply has anything to do. */
export const hasWork = (c: PlanCounts) => c.remove + c.invite + c.update > 0;

/** The groups of the plan, in the order the screen shows them. */
export const GROUPS = ['leavers', 'joiners', 'movers', 'ambiguous'] as const;
export type Group = (typeof GROUPS)[number];
export const GROUP_KEYS: Record<Group, { title: MessageKey; hint: MessageKey }> = {
  leavers: { title: 'directory.group.leavers', hint: 'directory.group.leaversHint' },
  joiners: { title: 'directory.group.joiners', hint: 'directory.group.joinersHint' },
  movers: { title: 'directory.group.movers', hint: 'directory.group.moversHint' },
  ambiguous: { title: 'directory.group.ambiguous', hint: 'directory.group.ambiguousHint' },
};

/** A user's current value, or "(none)". */
const was = (v: string | null | undefined, tr: Tr) => (v ? v : tr('directory.change.none'));

/**
 * What a row would change, a line each: the removal and why, the invitation, or each field of
 * an update as old → new (the old value from the organization's users, when they are known).
 */
export function changeLines(
  c: Change,
  users: Map<string, UserView>,
  locale: string,
  tr: Tr,
): string[] {
  switch (c.kind) {
    case 'remove':
      if (c.left) return [tr('directory.change.removeLeft', { day: formatDay(c.left, locale) })];
      return [tr(c.in_directory ? 'directory.change.removeOff' : 'directory.change.removeMissing')];
    case 'invite':
      return [
        c.code
          ? tr('directory.change.invite', { mail: c.mail, code: c.code })
          : tr('directory.change.inviteNoCode', { mail: c.mail }),
      ];
    case 'update': {
      const u = users.get(c.user_id);
      const lines: string[] = [];
      if (c.name !== undefined)
        lines.push(tr('directory.change.name', { old: was(u?.name, tr), new: c.name }));
      if (c.mail !== undefined)
        lines.push(tr('directory.change.mail', { old: was(u?.mail, tr), new: c.mail }));
      if (c.code !== undefined)
        lines.push(tr('directory.change.code', { old: was(u?.code, tr), new: c.code }));
      return lines;
    }
  }
}

/** Why a row is held for a person, in words (candidates named by the users' names). */
export function heldWords(h: Held, users: Map<string, UserView>, locale: string, tr: Tr): string {
  switch (h.kind) {
    case 'manager':
      return tr('directory.held.manager');
    case 'exception':
      return tr('directory.held.exception', {
        day: formatDay(h.until, locale),
        reason: h.reason,
      });
    case 'no_mail':
      return tr('directory.held.noMail');
    case 'ambiguous':
      return tr('directory.held.ambiguous', {
        names: h.candidates
          .map((id) => users.get(id)?.name || id)
          .join(tr('directory.held.separator')),
      });
  }
}

const OUTCOME_KEYS: Record<ApplyOutcome, MessageKey> = {
  done: 'directory.outcome.done',
  failed: 'directory.outcome.failed',
  not_attempted: 'directory.outcome.not_attempted',
};
export const outcomeWords = (o: ApplyOutcome, tr: Tr) => tr(OUTCOME_KEYS[o]);

/**
 * Why apply refused the plan shown: it removes more than a fifth of the users (`mass`, applied
 * only when asked for on purpose), or it changed since it was shown (`changed`); null for any
 * other error.
 */
export function applyRefusal(err: unknown): 'mass' | 'changed' | null {
  const field = refusedField(err);
  if (field === 'plan') return 'mass';
  if (field === 'fingerprint') return 'changed';
  return null;
}

/** The exceptions' add form, as typed; `until` is `YYYY-MM-DD` or ''. */
export interface ExceptionForm {
  who: string;
  reason: string;
  until: string;
}
export type ExceptionField = keyof ExceptionForm;

export function checkException(
  f: ExceptionForm,
  today: string,
): Partial<Record<ExceptionField, NonNullable<Problem>>> {
  const out: Partial<Record<ExceptionField, NonNullable<Problem>>> = {};
  if (!plain(f.who)) out.who = { key: 'directory.invalid.who' };
  const reason = f.reason.trim();
  if (reason === '' || charCount(reason) > REASON_MAX)
    out.reason = { key: 'directory.invalid.reason', params: { max: REASON_MAX } };
  if (!/^\d{4}-\d{2}-\d{2}$/.test(f.until) || f.until < today)
    out.until = { key: 'directory.invalid.until' };
  return out;
}

export function toException(
  f: ExceptionForm,
  today: string,
):
  | { ok: true; request: Exception }
  | { ok: false; problems: Partial<Record<ExceptionField, NonNullable<Problem>>> } {
  const problems = checkException(f, today);
  if (Object.keys(problems).length > 0) return { ok: false, problems };
  return { ok: true, request: { who: f.who.trim(), reason: f.reason.trim(), until: f.until } };
}

/** A refusal of `directory_exceptions_add` shown next to its field. */
export function serverExceptionProblem(
  err: unknown,
): { field: ExceptionField; problem: NonNullable<Problem> } | null {
  switch (refusedField(err)) {
    case 'who':
      return { field: 'who', problem: { key: 'directory.invalid.who' } };
    case 'reason':
      return {
        field: 'reason',
        problem: { key: 'directory.invalid.reason', params: { max: REASON_MAX } },
      };
    case 'until':
      return { field: 'until', problem: { key: 'directory.invalid.until' } };
    default:
      return null;
  }
}
