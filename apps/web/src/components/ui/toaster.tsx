import type { CSSProperties } from 'react';
import { Toaster as Sonner } from 'sonner';
import { TOAST_DURATION_MS, TOAST_LIMIT } from '@/config/app';
import { resolvedTheme, useTheme } from '@/lib/theme';

/**
 * Sonner's rich colours in its light theme put text of 3:1 to 4.3:1 on their pale backgrounds,
 * under WCAG AA's 4.5:1; these darker shades of the same hues reach 5.7:1 or more. Its dark theme
 * passes as it is.
 */
const LIGHT_TOAST_TEXT = {
  '--success-text': 'hsl(140, 100%, 22%)',
  '--info-text': 'hsl(210, 92%, 35%)',
  '--warning-text': 'hsl(31, 92%, 28%)',
  '--error-text': 'hsl(360, 100%, 38%)',
} as CSSProperties;

export function Toaster() {
  useTheme();
  const theme = resolvedTheme();
  return (
    <Sonner
      theme={theme}
      style={theme === 'light' ? LIGHT_TOAST_TEXT : undefined}
      visibleToasts={TOAST_LIMIT}
      duration={TOAST_DURATION_MS}
      position="top-right"
      closeButton
      richColors
    />
  );
}
