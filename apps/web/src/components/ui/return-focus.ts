import { useRef } from 'react';

/**
 * Focus back on the control that opened a dialog, when it closes. Radix returns focus only to its
 * own `Trigger`; the portal's dialogs are opened from state (a row's button, a menu), so without
 * this the focus would fall to the start of the page. The opener is what had the focus as the
 * dialog opened; one that has left the page meanwhile is skipped.
 */
export function useReturnFocus(handlers: {
  onOpenAutoFocus?: (event: Event) => void;
  onCloseAutoFocus?: (event: Event) => void;
}) {
  const opener = useRef<HTMLElement | null>(null);
  return {
    onOpenAutoFocus(event: Event) {
      opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
      handlers.onOpenAutoFocus?.(event);
    },
    onCloseAutoFocus(event: Event) {
      handlers.onCloseAutoFocus?.(event);
      const target = opener.current;
      opener.current = null;
      if (event.defaultPrevented || !target?.isConnected || target === document.body) return;
      event.preventDefault();
      target.focus();
    },
  };
}
