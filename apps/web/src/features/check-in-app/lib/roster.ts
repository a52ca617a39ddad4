import {
  rosterEntry,
  rosterRow,
  type CheckInDirection,
  type RosterEntry,
  type RosterResponse,
  type RosterRow,
} from '@portal/shared/check-in';

/** A list's roster as the device keeps it: in IndexedDB as tuples, in memory by code. */
export type StoredRoster = {
  listId: number;
  /** The server's cursor of the last answer: the next request asks for what changed since. */
  cursor: string;
  /** When the device last had an answer (device clock): the roster's age on screen. */
  fetchedAt: string;
  categories: RosterResponse['categories'];
  badges: RosterRow[];
};

export type Roster = {
  listId: number;
  cursor: string;
  fetchedAt: string;
  categories: Map<number, RosterResponse['categories'][number]>;
  byCode: Map<string, RosterEntry>;
  /** Each badge's code in `byCode`, to drop the old key when a badge's code changes. */
  codeById: Map<number, string>;
};

/** A code as the door reads it: badge codes are upper case, a typed one may not be. */
export function normaliseCode(code: string): string {
  return code.trim().toUpperCase();
}

function emptyRoster(listId: number): Roster {
  return { listId, cursor: '', fetchedAt: '', categories: new Map(), byCode: new Map(), codeById: new Map() };
}

function putEntry(roster: Roster, entry: RosterEntry) {
  const code = normaliseCode(entry.code);
  const previous = roster.codeById.get(entry.id);
  if (previous !== undefined && previous !== code) roster.byCode.delete(previous);
  roster.byCode.set(code, entry);
  roster.codeById.set(entry.id, code);
}

export function rosterFromStored(stored: StoredRoster): Roster {
  const roster = { ...emptyRoster(stored.listId), cursor: stored.cursor, fetchedAt: stored.fetchedAt };
  for (const c of stored.categories) roster.categories.set(c.id, c);
  for (const row of stored.badges) putEntry(roster, rosterEntry(row));
  return roster;
}

export function storedFromRoster(roster: Roster): StoredRoster {
  return {
    listId: roster.listId,
    cursor: roster.cursor,
    fetchedAt: roster.fetchedAt,
    categories: [...roster.categories.values()],
    badges: [...roster.byCode.values()].map(rosterRow),
  };
}

/** The roster after a server answer: a full one replaces it, an incremental one replaces the rows it carries. */
export function applyRosterResponse(previous: Roster | null, response: RosterResponse, now: Date): Roster {
  const keep = !response.full && previous !== null && previous.listId === response.listId;
  const roster = keep ? previous : emptyRoster(response.listId);
  for (const row of response.badges) putEntry(roster, rosterEntry(row));
  for (const c of response.categories) roster.categories.set(c.id, c);
  roster.cursor = response.cursor;
  roster.fetchedAt = now.toISOString();
  return roster;
}

/** Where the badge stands once an admitted scan went through: what the server's presence would say. */
export function recordPassage(entry: RosterEntry, direction: CheckInDirection, at: string, deviceName: string): void {
  const presence = entry.presence ?? { entries: 0, inside: false, lastEntryAt: null, lastExitAt: null };
  if (direction === 'entry') {
    entry.presence = { ...presence, entries: presence.entries + 1, inside: true, lastEntryAt: at };
    entry.lastDeviceName = deviceName;
  } else {
    entry.presence = { ...presence, inside: false, lastExitAt: at };
  }
}
