// The Watch screen's team chat alerts: the add form with the core's rules (webhook_url,
// AlertDestination::validate, check_token), the request it sends (the secret only where the
// service takes it), the core's refusals mapped to their fields, and destinations and deliveries
// in words in both languages. E-mail destinations (team_alerts/mail.rs, email_parts) and the
// daily digest (Digest, time_of_day) too.
import { describe, expect, it } from 'vitest';
import type { AlertDestination, DeliveryView } from '../src/lib/backend';
import { BackendError } from '../src/lib/backend/errors';
import { translate } from '../src/lib/i18n/index.svelte';
import {
  KINDS,
  alertWords,
  checkForm,
  deliveryCounts,
  digestWords,
  parseTo,
  deliveryError,
  deliveryStand,
  isLoopbackHost,
  kindHint,
  kindWords,
  newForm,
  ofOrganization,
  passWords,
  rulesWords,
  serverProblem,
  standWords,
  teamWords,
  toRequest,
  toggleRule,
  webhookProblem,
  whereWords,
  withoutSecrets,
  type DestinationForm,
} from '../src/lib/screens/watch/teamAlerts';

const en = (k: Parameters<typeof translate>[1], p?: Record<string, string | number>) =>
  translate('en', k, p);
const ja = (k: Parameters<typeof translate>[1], p?: Record<string, string | number>) =>
  translate('ja', k, p);
const form = (over: Partial<DestinationForm> = {}): DestinationForm => ({
  ...newForm(),
  name: '総務チャンネル',
  url: 'https://hooks.slack.com/services/T0/B0/secret',
  ...over,
});
const dest = (over: Partial<AlertDestination> = {}): AlertDestination => ({
  id: 'a1',
  name: '総務チャンネル',
  organization_id: 'org-1',
  kind: 'slack',
  rules: { which: 'all' },
  language: 'ja',
  host: 'hooks.slack.com',
  shared: false,
  ...over,
});
const delivery = (over: Partial<DeliveryView> = {}): DeliveryView => ({
  alert_id: 7,
  destination_id: 'a1',
  rule: 'low_battery',
  lock_id: 'A1B2',
  lock_name: '正面玄関',
  state: 'sent',
  attempts: 1,
  queued_at: '2026-11-23T01:00:00Z',
  next_try: null,
  done_at: '2026-11-23T01:00:01Z',
  last_error: null,
  ...over,
});
const refusal = (field: string) =>
  new BackendError({
    code: 'invalid_input',
    category: 'bad_input',
    message: 'x',
    details: { field },
  });

describe('the webhook address', () => {
  it('is https, or plain http only to this computer, as the core takes it', () => {
    for (const ok of [
      'https://hooks.slack.com/services/T/B/x',
      'https://prod.westus.logic.azure.com/workflows/1?sp=x&sig=y',
      'http://127.0.0.1:8080/hook',
      'http://127.3.4.5/hook',
      'http://localhost/hook',
      'http://[::1]:9/hook',
      '  https://example.jp/x  ',
    ])
      expect(webhookProblem(ok), ok).toBeNull();
    expect(webhookProblem('')).toEqual({ key: 'teamalerts.invalid.urlEmpty' });
    expect(webhookProblem('   ')).toEqual({ key: 'teamalerts.invalid.urlEmpty' });
    for (const bad of [
      'http://example.com/hook',
      'http://hooks.slack.com/services/x',
      'ftp://example.jp/x',
      'hooks.slack.com/services',
      'http://127.0.0.1.example.com/x',
    ])
      expect(webhookProblem(bad), bad).toEqual({ key: 'validate.url' });
    expect(webhookProblem('https://user:pw@example.jp/x')).toEqual({
      key: 'teamalerts.invalid.urlLogin',
    });
    expect(webhookProblem('https://example.jp/x#y')).toEqual({
      key: 'teamalerts.invalid.urlFragment',
    });
  });
  it('names this computer only by localhost, 127.0.0.0/8 and ::1', () => {
    expect(isLoopbackHost('LOCALHOST')).toBe(true);
    expect(isLoopbackHost('127.0.0.1')).toBe(true);
    expect(isLoopbackHost('[::1]')).toBe(true);
    expect(isLoopbackHost('128.0.0.1')).toBe(false);
    expect(isLoopbackHost('localhost.example.com')).toBe(false);
  });
});

describe('the add form', () => {
  it('a new form is Slack, every alert, messages in Japanese, nothing typed', () => {
    const f = newForm();
    expect(f).toMatchObject({ kind: 'slack', allRules: true, language: 'ja', url: '' });
    expect(Object.keys(checkForm(f)).sort()).toEqual(['name', 'url']);
  });
  it('checks the name as the core does', () => {
    expect(checkForm(form({ name: '  ' })).name?.params).toEqual({ max: 100 });
    expect(checkForm(form({ name: 'a'.repeat(101) })).name).toBeDefined();
    expect(checkForm(form({ name: '鍵'.repeat(100) })).name).toBeUndefined();
    expect(checkForm(form({ name: 'a\u0007b' })).name).toBeDefined();
  });
  it('Chatwork needs its token and room; its address is optional (a relay)', () => {
    const cw = form({ kind: 'chatwork', url: '', token: 'abc123', room: '12345' });
    expect(checkForm(cw)).toEqual({});
    expect(Object.keys(checkForm({ ...cw, token: '', room: '12a' })).sort()).toEqual([
      'room',
      'token',
    ]);
    expect(checkForm({ ...cw, token: 'has space' }).token).toBeDefined();
    expect(checkForm({ ...cw, room: '1'.repeat(21) }).room).toBeDefined();
    expect(checkForm({ ...cw, url: 'http://example.com/relay' }).url).toEqual({
      key: 'validate.url',
    });
  });
  it('"only these" needs at least one rule; rules keep the screen’s order', () => {
    expect(checkForm(form({ allRules: false })).rules).toEqual({ key: 'teamalerts.invalid.rules' });
    let rules = toggleRule([], 'silent_lock');
    rules = toggleRule(rules, 'low_battery');
    expect(rules).toEqual(['low_battery', 'silent_lock']);
    expect(toggleRule(rules, 'silent_lock')).toEqual(['low_battery']);
  });
  it('the request carries the address for a webhook, the token and room for Chatwork', () => {
    const slack = toRequest(form({ name: ' 総務 ', allRules: false, rules: ['low_battery'] }));
    expect(slack).toEqual({
      ok: true,
      request: {
        name: '総務',
        kind: 'slack',
        url: 'https://hooks.slack.com/services/T0/B0/secret',
        rules: { which: 'only', rules: ['low_battery'] },
        language: 'ja',
      },
    });
    // Typed for Slack, then switched to Chatwork: the Slack address is not sent as a relay's.
    const cw = toRequest(form({ kind: 'chatwork', url: '', token: ' tok ', room: ' 42 ' }));
    expect(cw.ok && cw.request).toEqual({
      name: '総務チャンネル',
      kind: 'chatwork',
      token: 'tok',
      room_id: '42',
      rules: { which: 'all' },
      language: 'ja',
    });
    const relay = toRequest(
      form({ kind: 'chatwork', url: 'https://relay.example.jp/cw', token: 't', room: '1' }),
    );
    expect(relay.ok && relay.request.url).toBe('https://relay.example.jp/cw');
    // A webhook kind never sends a token or room.
    const teams = toRequest(form({ kind: 'teams', token: 'left', room: '9' }));
    expect(teams.ok && 'token' in teams.request).toBe(false);
    expect(teams.ok && 'room_id' in teams.request).toBe(false);
    expect(toRequest(form({ url: 'http://example.com/hook' })).ok).toBe(false);
  });
  it('the secrets are cleared after an add, the rest stays', () => {
    const f = withoutSecrets(form({ kind: 'chatwork', token: 'tok', room: '1' }));
    expect(f.url).toBe('');
    expect(f.token).toBe('');
    expect(f.name).toBe('総務チャンネル');
  });
  it('maps the core’s refusals to their fields; others are shown whole', () => {
    expect(serverProblem(refusal('url'))).toEqual({
      field: 'url',
      problem: { key: 'validate.url' },
    });
    expect(serverProblem(refusal('room_id'))?.field).toBe('room');
    expect(serverProblem(refusal('token'))?.field).toBe('token');
    expect(serverProblem(refusal('destinations'))).toEqual({
      field: null,
      problem: { key: 'teamalerts.invalid.tooMany', params: { max: 50 } },
    });
    expect(serverProblem(refusal('organization_id'))).toBeNull();
    expect(
      serverProblem(
        new BackendError({
          code: 'keychain_error',
          category: 'keychain',
          message: '',
          details: {},
        }),
      ),
    ).toBeNull();
    expect(serverProblem(new Error('x'))).toBeNull();
  });
});

describe('a destination in words', () => {
  it('names each service and says where to get its address, in both languages', () => {
    expect(KINDS.map((k) => kindWords(k, ja))).toEqual([
      'Slack',
      'Microsoft Teams',
      'Chatwork',
      'LINE WORKS',
      'JSON（任意のアドレス）',
      'メール',
    ]);
    expect(kindHint('slack', en)).toContain('Incoming Webhooks');
    expect(kindHint('teams', ja)).toContain('Webhook 要求を受信したらチャネルに投稿する');
    expect(kindHint('chatwork', ja)).toContain('API トークン');
    expect(kindHint('line_works', ja)).toContain('Incoming Webhook');
    for (const k of KINDS) expect(kindHint(k, ja)).toMatch(/ください。$/);
  });
  it('which alerts: all, or the rules by their Watch names', () => {
    expect(rulesWords({ which: 'all' }, ja)).toBe('すべてのアラート');
    expect(rulesWords({ which: 'only', rules: ['silent_lock', 'low_battery'] }, ja)).toBe(
      '電池残量の低下、履歴なし',
    );
    expect(rulesWords({ which: 'only', rules: ['unlocked_too_long'] }, en)).toBe('Left unlocked');
  });
  it('shows the host only, and Chatwork’s room', () => {
    expect(whereWords(dest(), en)).toBe('hooks.slack.com');
    expect(
      whereWords(dest({ kind: 'chatwork', host: 'api.chatwork.com', room_id: '42' }), ja),
    ).toBe('api.chatwork.com（ルーム 42）');
  });
  it('says which computers of the team send to it, and when this one has no address', () => {
    expect(teamWords(null, true, ja)).toBeNull();
    expect(teamWords(null, false, en)).toContain('No computer can send to it yet');
    expect(teamWords([], true, ja)).toBe(
      '送信できるのはこのパソコンだけです。このパソコンの電源が切れている間、通知は送信を待ちます。',
    );
    expect(teamWords(['PC-A', 'PC-B'], true, en)).toBe(
      'Also set up on PC-A, PC-B: each alert is sent once, by one of them.',
    );
    expect(teamWords(['PC-A'], false, ja)).toBe(
      'PC-A から送信されます。このパソコンにはアドレスが設定されていないため、このパソコンからは送信しません。',
    );
    expect(teamWords([], false, ja)).toContain('まだどのパソコンからも送信できません');
  });
  it('lists only the organization in use, and counts the others', () => {
    const all = [dest(), dest({ id: 'a2', organization_id: 'org-2' })];
    const { mine, others } = ofOrganization(all, 'org-1');
    expect(mine.map((d) => d.id)).toEqual(['a1']);
    expect(others).toBe(1);
    expect(ofOrganization(all, null).mine).toEqual([]);
  });
});

describe('deliveries in words', () => {
  it('a pending one never tried waits to be sent; tried, it waits to retry', () => {
    expect(deliveryStand(delivery())).toBe('sent');
    expect(deliveryStand(delivery({ state: 'pending', attempts: 0 }))).toBe('queued');
    expect(deliveryStand(delivery({ state: 'pending', attempts: 2 }))).toBe('retry');
    expect(deliveryStand(delivery({ state: 'failed' }))).toBe('failed');
    expect(standWords('retry', ja)).toBe('再送待ち');
    expect(standWords('failed', en)).toBe('Failed');
  });
  it('the alert is its rule and lock (the id when the lock has no name)', () => {
    expect(alertWords(delivery(), ja)).toBe('電池残量の低下：正面玄関');
    expect(alertWords(delivery({ lock_name: null }), en)).toBe('Low battery: A1B2');
  });
  it('the last error in the app’s words, an unknown code named as it is', () => {
    expect(deliveryError(delivery())).toBeNull();
    const e = deliveryError(delivery({ last_error: 'webhook_unavailable' }));
    expect(e?.key).toBe('error.webhook_unavailable');
    expect(ja(e!.key, e!.params)).toMatch(/[\u3040-\u30ff]/);
    expect(deliveryError(delivery({ last_error: 'brand_new' }))).toEqual({
      key: 'error.unknown',
      params: { message: 'brand_new' },
    });
  });
  it('counts the waiting and failed ones; a pass in words only when it did something', () => {
    const list = [
      delivery(),
      delivery({ state: 'pending' }),
      delivery({ state: 'pending', attempts: 3 }),
      delivery({ state: 'failed' }),
    ];
    expect(deliveryCounts(list)).toEqual({ pending: 2, failed: 1 });
    const none = { queued: 0, messages: 0, sent: 0, retrying: 0, failed: 0, unknown: 0 };
    expect(passWords(null, 'teamalerts.round', en)).toBeNull();
    expect(passWords(none, 'teamalerts.round', en)).toBeNull();
    expect(passWords({ ...none, queued: 2, sent: 1, retrying: 1 }, 'teamalerts.round', ja)).toBe(
      'チャットへの通知：送信 1 件、再送待ち 1 件、送信失敗 0 件',
    );
    // A message whose sending was cut off is said, and said not to go again.
    expect(passWords({ ...none, unknown: 1 }, 'teamalerts.round', ja)).toBe(
      'チャットへの通知：送信 0 件、再送待ち 0 件、送信失敗 0 件 1 件は届いた可能性があるため、再送しません。',
    );
    expect(deliveryStand(delivery({ state: 'unknown' }))).toBe('unknown');
  });
});

describe('an e-mail destination and the daily digest', () => {
  const mail = (over: Partial<DestinationForm> = {}): DestinationForm =>
    form({
      kind: 'email',
      url: '',
      host: 'smtp.example.co.jp',
      from: 'lockdesk@example.co.jp',
      to: 'soumu@example.co.jp',
      ...over,
    });
  it('reads the recipients one a line or comma-separated, blanks left out', () => {
    expect(parseTo(' a@example.jp\n\nb@example.jp, c@example.jp,\n')).toEqual([
      'a@example.jp',
      'b@example.jp',
      'c@example.jp',
    ]);
    expect(parseTo('  \n ,')).toEqual([]);
  });
  it('sends the server and addresses, no webhook, and the port and sign-in only when given', () => {
    const out = toRequest(mail({ to: 'soumu@example.co.jp\nkanri@example.co.jp' }));
    expect(out).toEqual({
      ok: true,
      request: {
        name: '総務チャンネル',
        kind: 'email',
        rules: { which: 'all' },
        language: 'ja',
        mail: {
          host: 'smtp.example.co.jp',
          security: 'starttls',
          username: '',
          from: 'lockdesk@example.co.jp',
          to: ['soumu@example.co.jp', 'kanri@example.co.jp'],
        },
      },
    });
    const signed = toRequest(
      mail({ port: ' 465 ', security: 'tls', username: ' soumu ', password: 'p@ss word' }),
    );
    expect(signed.ok && signed.request.mail).toMatchObject({
      port: 465,
      security: 'tls',
      username: 'soumu',
    });
    expect(signed.ok && signed.request.password).toBe('p@ss word');
    expect(signed.ok && 'url' in signed.request).toBe(false);
    // A password left from a user name taken out again is not sent.
    const unsigned = toRequest(mail({ password: 'left' }));
    expect(unsigned.ok && 'password' in unsigned.request).toBe(false);
    expect(withoutSecrets(mail({ username: 'u', password: 'p' })).password).toBe('');
  });
  it('adds the digest to any kind, at the time typed', () => {
    const slack = toRequest(form({ digest: true }));
    expect(slack.ok && slack.request.digest).toEqual({ at: '08:30' });
    const late = toRequest(mail({ digest: true, digestAt: '17:05' }));
    expect(late.ok && late.request.digest).toEqual({ at: '17:05' });
    const off = toRequest(form({ digestAt: '99:99' }));
    expect(off.ok && 'digest' in off.request).toBe(false);
    for (const at of ['8:30', '24:00', '12:60', '', '0830'])
      expect(checkForm(form({ digest: true, digestAt: at })).digestAt).toEqual({
        key: 'teamalerts.invalid.digestAt',
      });
  });
  it('checks the fields with the core’s rules', () => {
    expect(checkForm(mail())).toEqual({});
    expect(checkForm(mail({ host: '' })).host?.key).toBe('teamalerts.invalid.hostEmpty');
    for (const host of ['smtp.example.jp:587', 'user@smtp.example.jp', 'smtp example'])
      expect(checkForm(mail({ host })).host?.key).toBe('teamalerts.invalid.host');
    expect(checkForm(mail({ host: '[::1]', security: 'none' }))).toEqual({});
    for (const port of ['0', '65536', 'abc', '-1'])
      expect(checkForm(mail({ port })).port?.key).toBe('teamalerts.invalid.port');
    expect(checkForm(mail({ port: '2525' }))).toEqual({});
    expect(checkForm(mail({ security: 'none' })).security?.key).toBe(
      'teamalerts.invalid.securityNone',
    );
    expect(checkForm(mail({ host: '127.0.0.1', security: 'none' }))).toEqual({});
    expect(checkForm(mail({ username: 'soumu' })).password?.key).toBe(
      'teamalerts.invalid.password',
    );
    expect(checkForm(mail({ username: 'soumu', password: 'a\nb' })).password).toBeTruthy();
    expect(checkForm(mail({ username: 'x'.repeat(257), password: 'p' })).username).toBeTruthy();
    expect(checkForm(mail({ from: 'Lockdesk <lockdesk@example.jp>' })).from?.key).toBe(
      'teamalerts.invalid.from',
    );
    expect(checkForm(mail({ to: '' })).to).toEqual({
      key: 'teamalerts.invalid.toCount',
      params: { max: 20 },
    });
    const many = Array.from({ length: 21 }, (_, i) => `u${i}@example.jp`).join('\n');
    expect(checkForm(mail({ to: many })).to?.key).toBe('teamalerts.invalid.toCount');
    expect(checkForm(mail({ to: 'soumu' })).to?.key).toBe('teamalerts.invalid.to');
    expect(checkForm(mail({ to: 'a@example.jp, a@example.jp' })).to?.key).toBe(
      'teamalerts.invalid.toTwice',
    );
    expect(toRequest(mail({ to: '' })).ok).toBe(false);
  });
  it('maps the core’s refused mail fields to the form’s', () => {
    expect(serverProblem(refusal('mail.host'))?.field).toBe('host');
    expect(serverProblem(refusal('mail.port'))?.field).toBe('port');
    expect(serverProblem(refusal('mail.security'))?.field).toBe('security');
    expect(serverProblem(refusal('mail.username'))?.field).toBe('username');
    expect(serverProblem(refusal('password'))?.field).toBe('password');
    expect(serverProblem(refusal('mail.from'))?.field).toBe('from');
    expect(serverProblem(refusal('mail.to'))?.field).toBe('to');
    expect(serverProblem(refusal('digest.at'))?.field).toBe('digestAt');
  });
  it('shows the server and recipients, never a password, and the digest', () => {
    const d = dest({
      kind: 'email',
      host: 'smtp.example.co.jp',
      mail: {
        port: 587,
        security: 'starttls',
        username: 'soumu',
        from: 'lockdesk@example.co.jp',
        to: ['soumu@example.co.jp', 'kanri@example.co.jp'],
      },
      digest: { at: '08:30' },
    });
    expect(whereWords(d, en)).toBe(
      'smtp.example.co.jp:587, to soumu@example.co.jp, kanri@example.co.jp',
    );
    expect(whereWords(d, ja)).toBe(
      'smtp.example.co.jp:587（宛先：soumu@example.co.jp、kanri@example.co.jp）',
    );
    expect(digestWords(d, en)).toBe('Daily digest at 08:30');
    expect(digestWords(d, ja)).toBe('毎日 08:30 にまとめて送信');
    expect(digestWords(dest(), ja)).toBeNull();
  });
});
