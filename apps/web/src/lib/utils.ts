import type { ClassValue } from 'clsx';
import { twMerge } from 'tailwind-merge';
import { cx } from './class-names';

/** Joins class names, a later class winning over an earlier one it conflicts with (a caller's over a component's). */
export function cn(...inputs: ClassValue[]): string {
  return twMerge(cx(inputs));
}
