import { useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { ConfirmDialog } from '@/components/confirm-dialog';

/** Where a leaving step goes: a path in the app, or back in the browser's history. */
type Leaving = { to: string } | { back: true };

/**
 * Asks before a page with unsaved changes is left: closing or reloading the tab (the browser's own
 * question, on `beforeunload`), following a link inside the app, and the browser's Back button.
 *
 * The app renders its routes with the declarative router, whose bundle leaves out the data
 * router that react-router's `useBlocker` needs (docs/decisions.md). So links are caught as they
 * are clicked (before the router sees the click), and Back by one extra history entry for the same
 * page, pushed once the changes begin: Back then stays on the page and asks.
 */
export function useUnsavedChangesGuard(dirty: boolean, what: string) {
  const navigate = useNavigate();
  const location = useLocation();
  const [leaving, setLeaving] = useState<Leaving | null>(null);
  // What the listeners below read as it stands, without being added again on every change.
  const here = useRef(location.pathname + location.search);
  const stillDirty = useRef(dirty);
  useEffect(() => {
    here.current = location.pathname + location.search;
    stillDirty.current = dirty;
  });
  /** Whether the extra history entry is the current one. */
  const extraEntry = useRef(false);

  useEffect(() => {
    if (!dirty) return;
    if (!extraEntry.current) {
      window.history.pushState(window.history.state, '', window.location.href);
      extraEntry.current = true;
    }
    const beforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers ask only when a return value is set.
      event.returnValue = '';
    };
    const click = (event: MouseEvent) => {
      if (
        event.defaultPrevented ||
        event.button !== 0 ||
        event.metaKey ||
        event.ctrlKey ||
        event.shiftKey ||
        event.altKey
      )
        return;
      const anchor = event.target instanceof Element ? event.target.closest('a[href]') : null;
      if (
        !(anchor instanceof HTMLAnchorElement) ||
        (anchor.target && anchor.target !== '_self') ||
        anchor.hasAttribute('download')
      )
        return;
      const url = new URL(anchor.href, window.location.href);
      // Another site is left by a page load, which `beforeunload` asks about; a link to a part of this page leaves nothing.
      if (url.origin !== window.location.origin || url.pathname + url.search === here.current) return;
      event.preventDefault();
      event.stopPropagation();
      setLeaving({ to: url.pathname + url.search + url.hash });
    };
    window.addEventListener('beforeunload', beforeUnload);
    document.addEventListener('click', click, true);
    return () => {
      window.removeEventListener('beforeunload', beforeUnload);
      document.removeEventListener('click', click, true);
    };
  }, [dirty]);

  // Back from the extra entry lands on this same page: ask while there are changes, else go on back.
  useEffect(() => {
    const pop = () => {
      if (!extraEntry.current) return;
      extraEntry.current = false;
      // Several steps back at once (the browser's history menu) went elsewhere already.
      if (window.location.pathname + window.location.search !== here.current) return;
      if (stillDirty.current) setLeaving({ back: true });
      else window.history.back();
    };
    window.addEventListener('popstate', pop);
    return () => window.removeEventListener('popstate', pop);
  }, []);

  function stay() {
    // Back has used up the extra entry: put it again, for the next Back.
    if (leaving && 'back' in leaving) {
      window.history.pushState(window.history.state, '', window.location.href);
      extraEntry.current = true;
    }
    setLeaving(null);
  }

  function leave() {
    if (!leaving) return;
    setLeaving(null);
    if ('back' in leaving) window.history.back();
    else void navigate(leaving.to);
  }

  return (
    <ConfirmDialog
      open={leaving !== null}
      onOpenChange={(open) => {
        if (!open) stay();
      }}
      title="Leave without saving?"
      description={`Your changes to ${what} are not saved. Leave, and they are lost.`}
      confirmLabel="Leave"
      onConfirm={leave}
    />
  );
}
