// Pure helpers for the locks screen: sorting, search, and which devices a lock has.
import type { LockView, DeviceView, Battery, DeviceKind } from '../../backend';

export type LockSortKey = 'name' | 'id' | 'model' | 'battery' | 'autolock' | 'readers' | 'sensor';

export function readers(l: LockView): DeviceView[] {
  return l.devices.filter((d) => d.kind.startsWith('nfc_reader'));
}

export function sensor(l: LockView): DeviceView | null {
  return l.devices.find((d) => d.kind === 'door_sensor') ?? null;
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

/** Where a battery sits: the lock body itself or one of its devices. */
export type BatteryPlace = 'lock' | DeviceKind;

export interface PlacedBattery {
  place: BatteryPlace;
  battery: Battery;
}

/** Every battery of the lock, with the device it powers: lock body first, then the devices. */
export function batteries(l: LockView): PlacedBattery[] {
  const out: PlacedBattery[] = [];
  if (l.battery) out.push({ place: 'lock', battery: l.battery });
  for (const d of l.devices) if (d.battery) out.push({ place: d.kind, battery: d.battery });
  return out;
}

/** The weakest battery and the device it powers (the lock body on a tie): what the cell shows. */
export function weakestPlaced(l: LockView): PlacedBattery | null {
  const all = batteries(l);
  if (all.length === 0) return null;
  return all.reduce((a, b) => (b.battery.percent < a.battery.percent ? b : a));
}

/** The batteries that need attention (low or critical), weakest first. */
export function lowBatteries(l: LockView): PlacedBattery[] {
  return batteries(l)
    .filter((b) => isLow(b.battery))
    .sort((a, b) => a.battery.percent - b.battery.percent);
}

/** Locks with at least one battery needing attention. */
export function hasLowBattery(l: LockView): boolean {
  return lowBatteries(l).length > 0;
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
      return l.model.kind === 'other' ? l.model.value : l.model.kind;
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
