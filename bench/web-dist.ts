import { fileURLToPath } from 'node:url';

/** The built web app, served by the API under test so that the login page is weighed as sent. */
export const WEB_DIST = fileURLToPath(new URL('../apps/web/dist/', import.meta.url));
