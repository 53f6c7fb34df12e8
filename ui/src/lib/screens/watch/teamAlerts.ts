// The team chat alerts of the Watch screen, without Svelte: the add form (fields as typed, checked
// with the core's rules from crates/lockdesk-core/src/team_alerts/destinations.rs and
// team_alerts/commands.rs), the request it sends, the core's refusals mapped to their fields, and a
// destination and its deliveries in words. The webhook address and Chatwork's token are secrets:
// they go into the add request once and are never shown; a destination shows its host.
import type {
  AlertDestination,
  AlertDestinationAddRequest,
  AlertDeliveryPassResponse,
  DeliveryView,
  DestinationKind,
  MailDestinationRequest,
  MailSecurity,
  MessageLanguage,
  RuleKind,
  RuleSelection,
} from '../../backend';
import { BackendError } from '../../backend/errors';
import { payloadText, type CodeText } from '../../errors';
import type { MessageKey } from '../../i18n/en';
import { charCount, type Problem } from '../../validate';
import type { Tr } from '../../words/types';

/** `DESTINATION_NAME_MAX` and `DESTINATIONS_MAX` of the core. */
export const NAME_MAX = 100;
export const DESTINATIONS_MAX = 50;
/** The longest Chatwork token and room id the core takes. */
const TOKEN_MAX = 200;
const ROOM_MAX = 20;

export const KINDS: readonly DestinationKind[] = [
  'slack',
  'teams',
  'chatwork',
  'line_works',
  'generic',
  'email',
];
/** The SMTP connection's protection, as the form offers it (`none`: this computer only). */
export const SECURITIES: readonly MailSecurity[] = ['starttls', 'tls', 'none'];
/** `MAIL_TO_MAX`, `MAIL_USERNAME_MAX` and `MAIL_PASSWORD_MAX` of the core (team_alerts/mail.rs). */
export const MAIL_TO_MAX = 20;
const MAIL_USERNAME_MAX = 256;
const MAIL_PASSWORD_MAX = 1024;
/** A digest's time when none is typed. */
export const DIGEST_AT = '08:30';
/** The rules in the order the Watch screen lists them. */
export const RULES: readonly RuleKind[] = [
  'low_battery',
  'unlocked_too_long',
  'outside_hours',
  'listed_user',
  'silent_lock',
  'leaver_still_user',
];
export const LANGUAGES: readonly MessageLanguage[] = ['ja', 'en'];

const KIND_KEYS: Record<DestinationKind, MessageKey> = {
  slack: 'teamalerts.kind.slack',
  teams: 'teamalerts.kind.teams',
  chatwork: 'teamalerts.kind.chatwork',
  line_works: 'teamalerts.kind.line_works',
  generic: 'teamalerts.kind.generic',
  email: 'teamalerts.kind.email',
};
const HINT_KEYS: Record<DestinationKind, MessageKey> = {
  slack: 'teamalerts.hint.slack',
  teams: 'teamalerts.hint.teams',
  chatwork: 'teamalerts.hint.chatwork',
  line_works: 'teamalerts.hint.line_works',
  generic: 'teamalerts.hint.generic',
  email: 'teamalerts.hint.email',
};
const LANGUAGE_KEYS: Record<MessageLanguage, MessageKey> = {
  ja: 'teamalerts.language.ja',
  en: 'teamalerts.language.en',
};

/** The service's name ("Microsoft Teams", "JSON（任意のアドレス）"). */
export const kindWords = (k: DestinationKind, tr: Tr) => tr(KIND_KEYS[k]);
/** Where to get the address (or Chatwork's token and room) in that service. */
export const kindHint = (k: DestinationKind, tr: Tr) => tr(HINT_KEYS[k]);
export const languageWords = (l: MessageLanguage, tr: Tr) => tr(LANGUAGE_KEYS[l]);

/** Which alerts a destination receives: all, or the rules' names in the screen's order. */
export function rulesWords(rules: RuleSelection, tr: Tr): string {
  if (rules.which === 'all') return tr('teamalerts.rules.all');
  return RULES.filter((r) => rules.rules.includes(r))
    .map((r) => tr(`watch.rule.${r}`))
    .join(tr('teamalerts.separator'));
}

const SECURITY_KEYS: Record<MailSecurity, MessageKey> = {
  starttls: 'teamalerts.security.starttls',
  tls: 'teamalerts.security.tls',
  none: 'teamalerts.security.none',
};
export const securityWords = (s: MailSecurity, tr: Tr) => tr(SECURITY_KEYS[s]);

/**
 * Where a destination posts: its host (the address itself is in the keychain), and its room;
 * an e-mail destination's server and port, and its recipients (its password is in the keychain).
 */
export function whereWords(d: AlertDestination, tr: Tr): string {
  if (d.mail)
    return tr('teamalerts.mailWhere', {
      host: d.host,
      port: d.mail.port,
      to: d.mail.to.join(tr('teamalerts.separator')),
    });
  return d.room_id ? tr('teamalerts.room', { host: d.host, room: d.room_id }) : d.host;
}

/** "Daily digest at 08:30", or null when the destination takes each alert as it comes. */
export function digestWords(d: AlertDestination, tr: Tr): string | null {
  return d.digest ? tr('teamalerts.digestAt', { at: d.digest.at }) : null;
}

/**
 * Which computers of the team send to a destination: `others` (none listed when this computer
 * works alone, `null`) and this one when it was given the address (`sendsHere`). Null when
 * there is nothing to say (alone, and able to send).
 */
export function teamWords(
  others: readonly string[] | null,
  sendsHere: boolean,
  tr: Tr,
): string | null {
  if (others === null) return sendsHere ? null : tr('teamalerts.teamNobody');
  const computers = others.join(', ');
  if (sendsHere) {
    return others.length === 0
      ? tr('teamalerts.teamOnlyHere')
      : tr('teamalerts.teamAlso', { computers });
  }
  return others.length === 0
    ? tr('teamalerts.teamNobody')
    : tr('teamalerts.teamNotHere', { computers });
}

/** Whether sending to `d` needs an address or password kept on each computer (an e-mail
 * server taking mail without a sign-in needs none). */
export function needsSecret(d: AlertDestination): boolean {
  return !(d.kind === 'email' && !d.mail?.username);
}

/** The destinations of the organization in use (the core lists every organization's). */
export function ofOrganization(
  all: readonly AlertDestination[],
  org: string | null,
): { mine: AlertDestination[]; others: number } {
  const mine = all.filter((d) => d.organization_id === org);
  return { mine, others: all.length - mine.length };
}

/** The form as typed. `url` is the webhook's (Chatwork: a relay's, optional). */
export interface DestinationForm {
  name: string;
  kind: DestinationKind;
  url: string;
  token: string;
  room: string;
  allRules: boolean;
  rules: RuleKind[];
  language: MessageLanguage;
  /** E-mail: the SMTP server, its port (empty: the security's own), and the addresses. */
  host: string;
  port: string;
  security: MailSecurity;
  username: string;
  password: string;
  from: string;
  /** One address a line, or separated by commas. */
  to: string;
  digest: boolean;
  digestAt: string;
}

export type FormField =
  | 'name'
  | 'url'
  | 'token'
  | 'room'
  | 'rules'
  | 'host'
  | 'port'
  | 'security'
  | 'username'
  | 'password'
  | 'from'
  | 'to'
  | 'digestAt';
export type FormProblems = Partial<Record<FormField, NonNullable<Problem>>>;

/** A new destination's form: Slack, every alert, messages in Japanese. */
export function newForm(): DestinationForm {
  return {
    name: '',
    kind: 'slack',
    url: '',
    token: '',
    room: '',
    allRules: true,
    rules: [],
    language: 'ja',
    host: '',
    port: '',
    security: 'starttls',
    username: '',
    password: '',
    from: '',
    to: '',
    digest: false,
    digestAt: DIGEST_AT,
  };
}

/** The recipients as typed: one a line or comma-separated, blanks left out. */
export function parseTo(text: string): string[] {
  return text
    .split(/[\n,、]+/)
    .map((s) => s.trim())
    .filter((s) => s !== '');
}

/** An address as the core takes it: `user@domain`, nothing around it. */
export function isMailAddress(text: string): boolean {
  return text.length <= 254 && /^[^\s@<>()",;:]+@[^\s@<>()",;:]+$/.test(text);
}

/** The SMTP server's name or address as the core takes it (no port, no path, no user). */
function hostProblem(text: string): Problem {
  const h = text.trim();
  if (h === '') return { key: 'teamalerts.invalid.hostEmpty' };
  if (/\s/.test(h) || (/[:/@]/.test(h) && !/^\[[0-9a-fA-F:.]+\]$/.test(h)))
    return { key: 'teamalerts.invalid.host' };
  return null;
}

/** The e-mail fields' problems (kind `email`). */
function mailProblems(f: DestinationForm, out: FormProblems): void {
  const hp = hostProblem(f.host);
  if (hp) out.host = hp;
  const port = f.port.trim();
  if (port !== '' && (!/^[0-9]{1,5}$/.test(port) || +port < 1 || +port > 65535))
    out.port = { key: 'teamalerts.invalid.port' };
  if (f.security === 'none' && !hp && !isLoopbackHost(f.host.trim()))
    out.security = { key: 'teamalerts.invalid.securityNone' };
  const user = f.username.trim();
  if ([...user].length > MAIL_USERNAME_MAX || /\p{Cc}/u.test(user))
    out.username = { key: 'teamalerts.invalid.username', params: { max: MAIL_USERNAME_MAX } };
  if (
    user !== '' &&
    (f.password === '' ||
      new TextEncoder().encode(f.password).length > MAIL_PASSWORD_MAX ||
      /\p{Cc}/u.test(f.password))
  )
    out.password = { key: 'teamalerts.invalid.password' };
  if (!isMailAddress(f.from.trim())) out.from = { key: 'teamalerts.invalid.from' };
  const to = parseTo(f.to);
  if (to.length === 0 || to.length > MAIL_TO_MAX)
    out.to = { key: 'teamalerts.invalid.toCount', params: { max: MAIL_TO_MAX } };
  else if (!to.every(isMailAddress)) out.to = { key: 'teamalerts.invalid.to' };
  else if (new Set(to).size !== to.length) out.to = { key: 'teamalerts.invalid.toTwice' };
}

/** Adds or takes out one rule, kept in the screen's order. */
export function toggleRule(rules: readonly RuleKind[], rule: RuleKind): RuleKind[] {
  const next = rules.includes(rule) ? rules.filter((r) => r !== rule) : [...rules, rule];
  return RULES.filter((r) => next.includes(r));
}

/** Whether `host` (as `URL.hostname` gives it) is this computer: localhost, 127.0.0.0/8, ::1. */
export function isLoopbackHost(host: string): boolean {
  const h = host.toLowerCase();
  return h === 'localhost' || h === '[::1]' || /^127(\.\d{1,3}){3}$/.test(h);
}

/**
 * A webhook address as the core takes it (`webhook_url`): a full address with a host, https
 * (plain http only to this computer), no user name or password, no `#` part.
 */
export function webhookProblem(text: string): Problem {
  const s = text.trim();
  if (s === '') return { key: 'teamalerts.invalid.urlEmpty' };
  let u: URL;
  try {
    u = new URL(s);
  } catch {
    return { key: 'validate.url' };
  }
  const secure = u.protocol === 'https:' || (u.protocol === 'http:' && isLoopbackHost(u.hostname));
  if (!secure || u.hostname === '') return { key: 'validate.url' };
  if (u.username !== '' || u.password !== '') return { key: 'teamalerts.invalid.urlLogin' };
  if (s.includes('#')) return { key: 'teamalerts.invalid.urlFragment' };
  return null;
}

/** Every problem of the form, by field (empty: the form can be sent). */
export function checkForm(f: DestinationForm): FormProblems {
  const out: FormProblems = {};
  const name = f.name.trim();
  if (name === '' || charCount(name) > NAME_MAX || /\p{Cc}/u.test(name))
    out.name = { key: 'teamalerts.invalid.name', params: { max: NAME_MAX } };
  if (f.kind === 'chatwork') {
    // The relay's address is optional: Chatwork's own API without one.
    if (f.url.trim() !== '') {
      const p = webhookProblem(f.url);
      if (p) out.url = p;
    }
    const token = f.token.trim();
    if (token === '' || token.length > TOKEN_MAX || !/^[\x21-\x7e]+$/.test(token))
      out.token = { key: 'teamalerts.invalid.token' };
    const room = f.room.trim();
    if (!/^[0-9]+$/.test(room) || room.length > ROOM_MAX)
      out.room = { key: 'teamalerts.invalid.room' };
  } else if (f.kind === 'email') mailProblems(f, out);
  else {
    const p = webhookProblem(f.url);
    if (p) out.url = p;
  }
  if (f.digest && !/^([01][0-9]|2[0-3]):[0-5][0-9]$/.test(f.digestAt.trim()))
    out.digestAt = { key: 'teamalerts.invalid.digestAt' };
  if (!f.allRules && f.rules.length === 0) out.rules = { key: 'teamalerts.invalid.rules' };
  return out;
}

/** The request to send, or the problems when the form cannot be sent (nothing is sent then). */
export function toRequest(
  f: DestinationForm,
): { ok: true; request: AlertDestinationAddRequest } | { ok: false; problems: FormProblems } {
  const problems = checkForm(f);
  if (Object.keys(problems).length > 0) return { ok: false, problems };
  const rules: RuleSelection = f.allRules
    ? { which: 'all' }
    : { which: 'only', rules: RULES.filter((r) => f.rules.includes(r)) };
  const request: AlertDestinationAddRequest = {
    name: f.name.trim(),
    kind: f.kind,
    rules,
    language: f.language,
  };
  if (f.kind === 'chatwork') {
    if (f.url.trim() !== '') request.url = f.url.trim();
    request.token = f.token.trim();
    request.room_id = f.room.trim();
  } else if (f.kind === 'email') {
    const mail: MailDestinationRequest = {
      host: f.host.trim(),
      security: f.security,
      username: f.username.trim(),
      from: f.from.trim(),
      to: parseTo(f.to),
    };
    if (f.port.trim() !== '') mail.port = Number(f.port.trim());
    request.mail = mail;
    if (mail.username !== '') request.password = f.password;
  } else request.url = f.url.trim();
  if (f.digest) request.digest = { at: f.digestAt.trim() };
  return { ok: true, request };
}

/** The form without its secrets: what stays after an add, or a change of service. */
export function withoutSecrets(f: DestinationForm): DestinationForm {
  return { ...f, url: '', token: '', password: '' };
}

/** The core's `details.field` of a refused destination and the form field it belongs to. */
const SERVER_FIELDS: Record<string, { field: FormField | null; problem: NonNullable<Problem> }> = {
  name: { field: 'name', problem: { key: 'teamalerts.invalid.name', params: { max: NAME_MAX } } },
  url: { field: 'url', problem: { key: 'validate.url' } },
  token: { field: 'token', problem: { key: 'teamalerts.invalid.token' } },
  room_id: { field: 'room', problem: { key: 'teamalerts.invalid.room' } },
  rules: { field: 'rules', problem: { key: 'teamalerts.invalid.rules' } },
  mail: { field: 'host', problem: { key: 'teamalerts.invalid.host' } },
  'mail.host': { field: 'host', problem: { key: 'teamalerts.invalid.host' } },
  'mail.port': { field: 'port', problem: { key: 'teamalerts.invalid.port' } },
  'mail.security': { field: 'security', problem: { key: 'teamalerts.invalid.securityNone' } },
  'mail.username': {
    field: 'username',
    problem: { key: 'teamalerts.invalid.username', params: { max: MAIL_USERNAME_MAX } },
  },
  password: { field: 'password', problem: { key: 'teamalerts.invalid.password' } },
  'mail.from': { field: 'from', problem: { key: 'teamalerts.invalid.from' } },
  'mail.to': { field: 'to', problem: { key: 'teamalerts.invalid.to' } },
  'digest.at': { field: 'digestAt', problem: { key: 'teamalerts.invalid.digestAt' } },
  destinations: {
    field: null,
    problem: { key: 'teamalerts.invalid.tooMany', params: { max: DESTINATIONS_MAX } },
  },
};

/**
 * A refusal of `alert_destinations_add` in the form's words: next to its field, or (`field`
 * null) beside the Add button; null when it is no refused value of the form (then the whole
 * error is shown under the form).
 */
export function serverProblem(
  err: unknown,
): { field: FormField | null; problem: NonNullable<Problem> } | null {
  if (!(err instanceof BackendError) || err.category !== 'bad_input') return null;
  return SERVER_FIELDS[err.details.field ?? ''] ?? null;
}

/** Where a delivery stands, as the list shows it: a pending one never tried is only queued. */
export type DeliveryStand = 'sent' | 'queued' | 'retry' | 'failed' | 'unknown';

export function deliveryStand(d: DeliveryView): DeliveryStand {
  if (d.state === 'pending') return d.attempts > 0 ? 'retry' : 'queued';
  return d.state;
}

const STAND_KEYS: Record<DeliveryStand, MessageKey> = {
  sent: 'teamalerts.state.sent',
  queued: 'teamalerts.state.queued',
  retry: 'teamalerts.state.retry',
  failed: 'teamalerts.state.failed',
  unknown: 'teamalerts.state.unknown',
};
export const standWords = (s: DeliveryStand, tr: Tr) => tr(STAND_KEYS[s]);

/** The alert a delivery carries: its rule and lock ("Low battery: Front door"). */
export function alertWords(d: DeliveryView, tr: Tr): string {
  return tr('teamalerts.alert', {
    rule: tr(`watch.rule.${d.rule}`),
    lock: d.lock_name || d.lock_id,
  });
}

/** The last failed try's error in the app's words (a code unknown to this UI named as it is). */
export function deliveryError(d: DeliveryView): CodeText | null {
  return d.last_error ? payloadText({ code: d.last_error }) : null;
}

/** How many deliveries wait and how many failed, for the line above the list. */
export function deliveryCounts(list: readonly DeliveryView[]): { pending: number; failed: number } {
  let pending = 0;
  let failed = 0;
  for (const d of list) {
    if (d.state === 'pending') pending++;
    else if (d.state === 'failed') failed++;
  }
  return { pending, failed };
}

/** What a delivery pass did, in words; null when it touched nothing. */
export function passWords(
  p: AlertDeliveryPassResponse | null | undefined,
  key: 'teamalerts.round' | 'teamalerts.sendNowResult',
  tr: Tr,
): string | null {
  if (!p || p.sent + p.retrying + p.failed + p.unknown === 0) return null;
  const done = tr(key, { sent: p.sent, retrying: p.retrying, failed: p.failed });
  return p.unknown > 0 ? `${done} ${tr('teamalerts.mayHaveArrived', { count: p.unknown })}` : done;
}
