// How a door was locked or unlocked (the service's `client_type`), and lock/unlock, in words.
import type { ClientKind } from '../backend';
import type { MessageKey } from '../i18n/en';
import type { Tr } from './types';

/** The documented `client_type` values, in the order the filters offer them. */
export const CLIENT_TYPES = [
  'mobile_app',
  'manager',
  'nfc_outside',
  'nfc_inside',
  'autolock',
  'hand',
  'button',
] as const;
export type ClientType = (typeof CLIENT_TYPES)[number];

const isKnown = (s: string): s is ClientType => (CLIENT_TYPES as readonly string[]).includes(s);

/** The service's value of a kind (`nfc_inside`, or the unknown value itself). */
export function clientValue(c: ClientKind | string): string {
  if (typeof c === 'string') return c;
  return c.kind === 'other' ? c.value : c.kind;
}

/** The kind of a service value, e.g. an archived record's `client_type`. */
export function clientKind(value: string): ClientKind {
  return isKnown(value) ? { kind: value } : { kind: 'other', value };
}

/** "IC card (outside)", "ICカード（室外）"…; an unknown value as "Other (…)". */
export function clientWords(c: ClientKind | string, tr: Tr): string {
  const k = typeof c === 'string' ? clientKind(c) : c;
  return k.kind === 'other'
    ? tr('app.other', { value: k.value })
    : tr(`clientType.${k.kind}` as MessageKey);
}

export function actionWords(isLocked: boolean, tr: Tr): string {
  return tr(isLocked ? 'history.locked' : 'history.unlocked');
}
