import { useEffect } from 'react';

/** Names the browser tab after the page, followed by the portal's name. */
export function useDocumentTitle(title: string) {
  useEffect(() => {
    document.title = `${title} · Exhibitor Portal`;
  }, [title]);
}
