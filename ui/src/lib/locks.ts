// Pure helpers for the locks screen: sorting, search, and which devices a lock has.
import type { LockView, DeviceView, Battery } from './backend';
import type { MessageKey } from './i18n/en';

export type LockSortKey = 'name' | 'id' | 'model' | 'battery' | 'autolock' | 'readers' | 'sensor';

export function readers(l: LockView): DeviceView[] {
  return l.devices.filter((d) => d.kind.startsWith('nfc_reader'));
}

export function sensor(l: LockView): DeviceView | null {
  return l.devices.find((d) => d.kind === 'door_sensor') ?? null;
}

export function fieldValue(l: LockView, key: string): string | null {
  return l.fields.find((f) => f.key === key)?.value ?? null;
}

/** The weakest battery on the lock or its devices: what "low battery" is about. */
export function weakestBattery(l: LockView): Battery | null {
  const all = [l.battery, ...l.devices.map((d) => d.battery)].filter((b): b is Battery => !!b);
  if (all.length === 0) return null;
  return all.reduce((a, b) => (b.percent < a.percent ? b : a));
}

export function isLow(b: Battery | null | undefined): boolean {
  return !!b && b.level !== 'ok';
}

export function matches(l: LockView, q: string): boolean {
  const s = q.trim().toLowerCase();
  if (!s) return true;
  return l.name.toLowerCase().includes(s) || l.id.toLowerCase().includes(s);
}

function sortValue(l: LockView, key: LockSortKey): string | number {
  switch (key) {
    case 'name':
      return l.name.toLowerCase();
    case 'id':
      return l.id;
    case 'model':
      return l.model;
    case 'battery':
      return weakestBattery(l)?.percent ?? 999;
    case 'autolock':
      // Off (or not on this model) first, then by seconds until it locks.
      return l.settings.autolock ? (l.settings.seconds_till_autolock ?? 0) : -1;
    case 'readers':
      return readers(l).length;
    case 'sensor':
      return sensor(l) ? 1 : 0;
  }
}

export function sortLocks(list: LockView[], key: LockSortKey, dir: 1 | -1): LockView[] {
  return [...list].sort((a, b) => {
    const x = sortValue(a, key);
    const y = sortValue(b, key);
    const c =
      typeof x === 'number' && typeof y === 'number' ? x - y : String(x).localeCompare(String(y));
    return c !== 0 ? c * dir : a.id.localeCompare(b.id);
  });
}

const FIELD_LABELS: Record<string, MessageKey> = {
  autolock: 'lock.autolock',
  autolock_off_schedule: 'lock.autolockOff',
  open_door_alert: 'lock.openDoorAlert',
  push_button: 'lock.pushButton',
  normal_sound_volume: 'lock.normalVolume',
  alert_sound_volume: 'lock.alertVolume',
  lock_type: 'lock.lockType',
  unlock_signal_duration: 'lock.unlockSignal',
  button1: 'lock.button1',
  lock_remote: 'lock.remote',
};

const DEVICE_LABELS: Record<string, MessageKey> = {
  nfc_reader_inside: 'lock.readerInside',
  nfc_reader_outside: 'lock.readerOutside',
  door_sensor: 'lock.sensor',
};

export function fieldLabelKey(key: string): MessageKey | null {
  return FIELD_LABELS[key] ?? null;
}

export function deviceLabelKey(kind: string): MessageKey | null {
  return DEVICE_LABELS[kind] ?? null;
}

export function lockTypeKey(value: string): MessageKey | null {
  const k = `lock.lockType.${value}`;
  return [
    'lock_in_energizing',
    'unlock_in_energizing',
    'electric_mortise',
    'instant_current_flow',
    'electromagnetic',
    'automatic_door',
    'form_a_contact',
  ].includes(value)
    ? (k as MessageKey)
    : null;
}
