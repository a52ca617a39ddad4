import { Toaster as Sonner } from 'sonner';
import { TOAST_DURATION_MS, TOAST_LIMIT } from '@/config/app';
import { resolvedTheme, useTheme } from '@/lib/theme';

export function Toaster() {
  useTheme();
  return (
    <Sonner
      theme={resolvedTheme()}
      visibleToasts={TOAST_LIMIT}
      duration={TOAST_DURATION_MS}
      position="top-right"
      closeButton
      richColors
    />
  );
}
