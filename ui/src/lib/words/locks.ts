// A lock's model, devices and settings in words. The core sends data only (kinds, numbers,
// schedules); the words come from the catalogues, so Japanese shows no English.
import type { DeviceKind, LockModelKind, LockSettings, LockType, ScheduleView } from '../backend';
import type { MessageKey } from '../i18n/en';
import { daysWords, timeRangeWords } from './days';
import type { Tr } from './types';

/**
 * "Smart lock (Pro)", "Controller" (`short`: "Pro", for a table column); an unknown model as
 * "Other (…)" with the service's value.
 */
export function modelWords(m: LockModelKind, tr: Tr, short = false): string {
  switch (m.kind) {
    case 'pro':
      return tr(short ? 'locks.model.proShort' : 'locks.model.pro');
    case 'ctl':
      return tr('locks.model.ctl');
    case 'other':
      return tr('app.other', { value: m.value });
  }
}

const DEVICES: Record<DeviceKind, MessageKey> = {
  nfc_reader_inside: 'lock.readerInside',
  nfc_reader_outside: 'lock.readerOutside',
  door_sensor: 'lock.sensor',
};

export function deviceWords(kind: DeviceKind, tr: Tr): string {
  return tr(DEVICES[kind]);
}

export function lockTypeWords(lt: LockType, tr: Tr): string {
  return lt.kind === 'other'
    ? tr('app.other', { value: lt.value })
    : tr(`lock.lockType.${lt.kind}` as MessageKey);
}

export function onOffWords(on: boolean, tr: Tr): string {
  return tr(on ? 'app.on' : 'app.off');
}

/** A schedule's days and time window, e.g. "Mon–Fri, 09:00–18:00" / "月〜金 09:00〜18:00". */
export function scheduleWords(s: ScheduleView, tr: Tr, localOffsetMinutes?: number): string {
  const days = daysWords(s.days_of_week, tr) ?? tr('days.none');
  const time = timeRangeWords(s.start_time, s.end_time, tr, localOffsetMinutes);
  return tr('time.daysAndTime', { days, time });
}

/** The settings shown on the lock screen, in this order; those the lock does not have are left out. */
export const SETTING_KEYS = [
  'autolock',
  'autolock_off_schedule',
  'open_door_alert',
  'push_button',
  'normal_sound_volume',
  'alert_sound_volume',
  'lock_type',
  'unlock_signal_duration',
  'button1',
  'lock_remote',
] as const;
export type SettingKey = (typeof SETTING_KEYS)[number];

const LABELS: Record<SettingKey, MessageKey> = {
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

export function settingLabel(key: SettingKey, tr: Tr): string {
  return tr(LABELS[key]);
}

/** One setting's value in words, or null when the lock does not have it. */
export function settingWords(
  st: LockSettings,
  key: SettingKey,
  tr: Tr,
  localOffsetMinutes?: number,
): string | null {
  const note = (value: string, k: MessageKey) => tr('lock.withNote', { value, note: tr(k) });
  switch (key) {
    case 'autolock':
      if (st.autolock === null) return null;
      return st.autolock && st.seconds_till_autolock !== null
        ? tr('lock.autolockOnAfter', { n: st.seconds_till_autolock })
        : onOffWords(st.autolock, tr);
    case 'autolock_off_schedule': {
      const s = st.autolock_off_schedule;
      if (!s) return null;
      const v = scheduleWords(s, tr, localOffsetMinutes);
      return s.holidays ? note(v, 'lock.autolockOffHolidaysOn') : v;
    }
    case 'open_door_alert':
      if (st.open_door_alert === null) return null;
      return st.open_door_alert && st.open_door_alert_second !== null
        ? tr('lock.openDoorAlertOnAfter', { n: st.open_door_alert_second })
        : onOffWords(st.open_door_alert, tr);
    case 'push_button':
      return st.push_button === null ? null : onOffWords(st.push_button, tr);
    case 'normal_sound_volume':
      return st.normal_sound_volume === null
        ? null
        : tr('lock.volume', { n: st.normal_sound_volume });
    case 'alert_sound_volume':
      return st.alert_sound_volume === null
        ? null
        : tr('lock.volume', { n: st.alert_sound_volume });
    case 'lock_type':
      return st.lock_type === null ? null : lockTypeWords(st.lock_type, tr);
    case 'unlock_signal_duration':
      return st.unlock_signal_duration === null
        ? null
        : tr('lock.ms', { n: st.unlock_signal_duration });
    case 'button1': {
      const b = st.button1;
      if (!b) return null;
      if (b.enabled === false) return tr('app.off');
      const v = tr('lock.onWith', { value: scheduleWords(b, tr, localOffsetMinutes) });
      return b.holidays ? note(v, 'lock.button1Holidays') : v;
    }
    case 'lock_remote':
      if (!st.lock_remote) return null;
      return st.lock_remote.id ?? tr('lock.remotePaired');
  }
}

export interface SettingRow {
  key: SettingKey;
  label: string;
  value: string;
}

/** Every setting the lock has, labelled and worded, in display order. */
export function settingRows(st: LockSettings, tr: Tr, localOffsetMinutes?: number): SettingRow[] {
  const rows: SettingRow[] = [];
  for (const key of SETTING_KEYS) {
    const value = settingWords(st, key, tr, localOffsetMinutes);
    if (value !== null) rows.push({ key, label: settingLabel(key, tr), value });
  }
  return rows;
}

/**
 * The auto-lock column of the lock table, the same way for every model: "On (30 s)" where the
 * model has a delay, "On", "Off", or null (not on this model).
 */
export function autolockCell(st: LockSettings, tr: Tr): string | null {
  if (st.autolock === null) return null;
  if (!st.autolock) return tr('app.off');
  return st.seconds_till_autolock !== null
    ? tr('locks.autolockAfter', { n: st.seconds_till_autolock })
    : tr('app.on');
}
