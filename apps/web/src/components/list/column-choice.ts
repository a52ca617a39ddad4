import { useState } from 'react';
import { useSession } from '@/lib/session';

/** Which columns a list shows: column id → shown. A column missing here shows as its definition says. */
export type ColumnChoice = Record<string, boolean>;

const storageKey = (userId: number, list: string) => `exhibitor-portal-columns:${userId}:${list}`;

function readChoice(key: string | null): ColumnChoice {
  if (!key) return {};
  try {
    const stored: unknown = JSON.parse(localStorage.getItem(key) ?? 'null');
    if (stored === null || typeof stored !== 'object' || Array.isArray(stored)) return {};
    return Object.fromEntries(Object.entries(stored).filter(([, shown]) => typeof shown === 'boolean')) as ColumnChoice;
  } catch {
    return {};
  }
}

/**
 * The columns the signed-in user chose for one list, remembered in this browser under the user's
 * id and the list's name, so that two people sharing a browser each keep their own.
 */
export function useColumnChoice(list: string) {
  const userId = useSession()?.user.id;
  const key = userId == null ? null : storageKey(userId, list);
  const [state, setState] = useState(() => ({ key, choice: readChoice(key) }));
  // Another user or another list reads its own choice.
  const choice = state.key === key ? state.choice : readChoice(key);
  if (state.key !== key) setState({ key, choice });

  function change(next: ColumnChoice) {
    if (key) localStorage.setItem(key, JSON.stringify(next));
    setState({ key, choice: next });
  }
  return { choice, change };
}
