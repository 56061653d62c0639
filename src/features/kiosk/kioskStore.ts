/**
 * The kiosk's iPad and assigned service: loaded from Dexie first (so a kiosk that starts with
 * no network shows its card), then refreshed from the server (`kioskMe`) at start-up and on
 * every `service_changed`. The deceased's photo is cached as a Blob and shown through an
 * object URL, so it too works offline.
 */
import { devicesEndpoints, type Ipad, type KioskService } from '../../contract/devices';
import { call } from '../../lib/api/client';
import { ApiError, errorMessage } from '../../lib/api/errors';
import { getDb, type GuestbookDb, type KioskStateRow } from '../../lib/db/dexie';
import { loadKioskState, updateKioskState } from '../../lib/db/kiosk';
import { kioskCallContext } from '../outbox/api';

export interface KioskViewState {
  /** The Dexie copy has been read. */
  loaded: boolean;
  ipad: Ipad | null;
  service: KioskService | null;
  /** An object URL of the cached photo, or the remote URL when it could not be cached. */
  photoUrl: string | null;
  logoutRequested: boolean;
  /** The server no longer accepts this kiosk's token (401). */
  tokenRejected: boolean;
  /** The last refresh failed for another reason (offline, server down). */
  refreshError: string | null;
}

const INITIAL: KioskViewState = { loaded: false, ipad: null, service: null, photoUrl: null, logoutRequested: false, tokenRejected: false, refreshError: null };

export class KioskStore {
  private state: KioskViewState = INITIAL;
  private objectUrl: string | null = null;
  /** The photo_source_url the object URL was made for: the same photo keeps its URL (no flicker). */
  private objectUrlSource: string | null = null;
  private readonly listeners = new Set<() => void>();
  private refreshing: Promise<void> | null = null;
  private again = false;

  constructor(private readonly db: GuestbookDb = getDb()) {}

  getState = (): KioskViewState => this.state;

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  async load(): Promise<void> {
    const row = await loadKioskState(this.db);
    this.apply(row, { loaded: true });
  }

  /** Fetches the iPad and its service; concurrent calls share one fetch and queue one more. */
  refresh(): Promise<void> {
    if (this.refreshing) {
      this.again = true;
      return this.refreshing;
    }
    const run = (async () => {
      do {
        this.again = false;
        await this.fetchOnce();
      } while (this.again);
    })().finally(() => {
      this.refreshing = null;
    });
    this.refreshing = run;
    return run;
  }

  private async fetchOnce(): Promise<void> {
    let answer;
    try {
      answer = await call(devicesEndpoints.kioskMe, {}, kioskCallContext());
    } catch (err) {
      if (err instanceof ApiError && err.status === 401) this.set({ tokenRejected: true });
      else this.set({ refreshError: errorMessage(err) });
      return;
    }
    const current = await loadKioskState(this.db);
    const service = answer.active_service;
    const avatar = service?.public_data.deceased_person.avatar_url ?? null;
    let photo = service && avatar === current.photo_source_url ? current.photo : null;
    let photoSource = photo ? avatar : null;
    if (avatar && !photo) {
      photo = await fetchPhoto(avatar);
      photoSource = photo ? avatar : null;
    }
    const row = await updateKioskState(this.db, {
      ipad: answer.ipad,
      service,
      photo,
      photo_source_url: photoSource,
      refreshed_at: new Date().toISOString(),
    });
    this.apply(row, { tokenRejected: false, refreshError: null, remotePhoto: photo ? null : avatar });
  }

  /** Staff asked for a sign-out: remembered in Dexie, carried out once the outbox is empty. */
  async requestLogout(): Promise<void> {
    const row = await updateKioskState(this.db, { logout_requested_at: new Date().toISOString() });
    this.apply(row, {});
  }

  private apply(row: KioskStateRow, extra: Partial<KioskViewState> & { remotePhoto?: string | null }): void {
    const { remotePhoto, ...rest } = extra;
    const keep = this.objectUrl !== null && row.photo !== null && row.photo_source_url === this.objectUrlSource;
    if (!keep) {
      if (this.objectUrl) URL.revokeObjectURL(this.objectUrl);
      this.objectUrl = row.photo ? URL.createObjectURL(row.photo) : null;
      this.objectUrlSource = row.photo ? row.photo_source_url : null;
    }
    this.set({
      ...rest,
      ipad: row.ipad,
      service: row.service,
      photoUrl: this.objectUrl ?? remotePhoto ?? null,
      logoutRequested: row.logout_requested_at !== null,
    });
  }

  private set(patch: Partial<KioskViewState>): void {
    this.state = { ...this.state, ...patch };
    for (const listener of this.listeners) listener();
  }
}

/** The photo's bytes, or null when it cannot be fetched now (the card then shows no photo offline). */
async function fetchPhoto(url: string): Promise<Blob | null> {
  try {
    const res = await fetch(url, { credentials: 'omit' });
    if (!res.ok) return null;
    const blob = await res.blob();
    return blob.type.startsWith('image/') ? blob : null;
  } catch {
    return null;
  }
}

let shared: KioskStore | null = null;
export function getKioskStore(): KioskStore {
  shared ??= new KioskStore();
  return shared;
}
