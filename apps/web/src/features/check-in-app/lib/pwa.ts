import { keepPageUsableOffline } from '@/lib/scanning/offline-page';

/**
 * Makes the door app installable, from its own pages only: the manifest link is added here rather
 * than in index.html, so that admin pages offer no "install", and the service worker's scope is
 * /check-in, so that it never sees an admin page or request.
 */
export function installDoorApp() {
  if (!document.querySelector('link[rel="manifest"]')) {
    const link = document.createElement('link');
    link.rel = 'manifest';
    link.href = '/check-in.webmanifest';
    document.head.append(link);
  }
  keepPageUsableOffline('/check-in');
}
