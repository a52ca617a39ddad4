import type { BadgeListItem } from '@portal/shared/badges';
import type { CustomField } from '@portal/shared/custom-fields';
import { useState } from 'react';

export type BadgeColumn = { id: string; label: string; field?: CustomField };

export const BASE_COLUMNS: readonly BadgeColumn[] = [
  { id: 'email', label: 'Email' },
  { id: 'company', label: 'Company' },
  { id: 'category', label: 'Category' },
  { id: 'phone', label: 'Phone' },
  { id: 'createdBy', label: 'Registered by' },
  { id: 'status', label: 'Status' },
  { id: 'printed', label: 'Printed' },
  { id: 'createdAt', label: 'Created' },
];

const DEFAULT_COLUMNS = ['email', 'company', 'status', 'printed', 'createdAt'];

export function badgeColumns(fields: readonly CustomField[], withCategory: boolean): BadgeColumn[] {
  return [
    ...BASE_COLUMNS.filter((column) => withCategory || column.id !== 'category'),
    ...fields.map((field) => ({ id: `field:${field.key}`, label: field.label, field })),
  ];
}

const storageKey = (scope: string) => `exhibitor-portal-badge-columns:${scope}`;

function readChoice(scope: string, fallback: string[]): string[] {
  try {
    const stored: unknown = JSON.parse(localStorage.getItem(storageKey(scope)) ?? 'null');
    return Array.isArray(stored) && stored.every((id) => typeof id === 'string') ? stored : fallback;
  } catch {
    return fallback;
  }
}

/** The columns chosen for one badge list (a category, or all badges), remembered in this browser. */
export function useColumnChoice(scope: string, withCategory: boolean) {
  const fallback = withCategory ? [...DEFAULT_COLUMNS, 'category'] : DEFAULT_COLUMNS;
  const [state, setState] = useState(() => ({ scope, chosen: readChoice(scope, fallback) }));
  // Another list (another category) keeps its own choice.
  const chosen = state.scope === scope ? state.chosen : readChoice(scope, fallback);
  if (state.scope !== scope) setState({ scope, chosen });

  function toggle(id: string) {
    const next = chosen.includes(id) ? chosen.filter((column) => column !== id) : [...chosen, id];
    localStorage.setItem(storageKey(scope), JSON.stringify(next));
    setState({ scope, chosen: next });
  }
  return { chosen, toggle };
}

export function companyOf(badge: Pick<BadgeListItem, 'companyName'>): string {
  return badge.companyName ?? '—';
}
