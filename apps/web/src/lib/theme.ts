import { useSyncExternalStore } from 'react';
import { THEME_STORAGE_KEY } from '@/config/app';

export const THEMES = ['light', 'dark', 'system'] as const;
export type Theme = (typeof THEMES)[number];

const darkQuery = window.matchMedia('(prefers-color-scheme: dark)');
const listeners = new Set<() => void>();

function storedTheme(): Theme {
  const value = localStorage.getItem(THEME_STORAGE_KEY);
  return THEMES.includes(value as Theme) ? (value as Theme) : 'system';
}

let theme: Theme = storedTheme();

export function resolvedTheme(): 'light' | 'dark' {
  if (theme !== 'system') return theme;
  return darkQuery.matches ? 'dark' : 'light';
}

/** Puts the theme on <html>; called before the first render so that the page never flashes. */
export function applyTheme() {
  const dark = resolvedTheme() === 'dark';
  document.documentElement.classList.toggle('dark', dark);
  document.documentElement.style.colorScheme = dark ? 'dark' : 'light';
}

function publish(next: Theme) {
  theme = next;
  applyTheme();
  listeners.forEach((listener) => listener());
}

darkQuery.addEventListener('change', () => {
  if (theme === 'system') publish(theme);
});

export function setTheme(next: Theme) {
  localStorage.setItem(THEME_STORAGE_KEY, next);
  publish(next);
}

/** Back to the default (system), as sign-out does. */
export function resetTheme() {
  localStorage.removeItem(THEME_STORAGE_KEY);
  publish('system');
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useTheme(): Theme {
  return useSyncExternalStore(subscribe, () => theme);
}
