import { clsx, type ClassValue } from 'clsx';

/**
 * Joins class names as given, without resolving Tailwind conflicts: for components whose callers
 * add classes but never override the component's own. Unlike `cn` it needs no tailwind-merge, which
 * the login page and the app's entry do without.
 */
export function cx(...inputs: ClassValue[]): string {
  return clsx(inputs);
}
