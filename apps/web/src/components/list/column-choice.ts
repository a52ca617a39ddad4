import { useSyncExternalStore } from 'react';
import { useSession } from '@/lib/session';

/** Which columns a list shows: column id → shown. A column missing here shows as its definition says. */
export type ColumnChoice = Record<string, boolean>;

const storageKey = (userId: number, list: string) => `exhibitor-portal-columns:${userId}:${list}`;
const noChoice: ColumnChoice = {};

/** The stored text of each key as last parsed, so that a render reads the same object until it changes. */
const parsed = new Map<string, { text: string | null; choice: ColumnChoice }>();
/** The lists on screen: a change made in one reaches every list of the same name (custom fields' groups). */
const listeners = new Set<() => void>();

function readChoice(key: string | null): ColumnChoice {
  if (!key) return noChoice;
  const text = localStorage.getItem(key);
  const known = parsed.get(key);
  if (known && known.text === text) return known.choice;
  let choice = noChoice;
  try {
    const stored: unknown = JSON.parse(text ?? 'null');
    if (stored !== null && typeof stored === 'object' && !Array.isArray(stored)) {
      choice = Object.fromEntries(Object.entries(stored).filter(([, shown]) => typeof shown === 'boolean'));
    }
  } catch {
    choice = noChoice;
  }
  parsed.set(key, { text, choice });
  return choice;
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * The columns the signed-in user chose for one list, remembered in this browser under the user's
 * id and the list's name, so that two people sharing a browser each keep their own.
 */
export function useColumnChoice(list: string) {
  const userId = useSession()?.user.id;
  const key = userId == null ? null : storageKey(userId, list);
  const choice = useSyncExternalStore(subscribe, () => readChoice(key));

  function change(next: ColumnChoice) {
    if (!key) return;
    localStorage.setItem(key, JSON.stringify(next));
    for (const listener of listeners) listener();
  }
  return { choice, change };
}
