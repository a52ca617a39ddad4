import { fileURLToPath } from 'node:url';
import { buildApp } from './app';
import { loadConfig } from './config';
import { openConfiguredDatabase } from './db/open';
import { DEMO_LOGINS } from './db/seed/demo';
import { prepareDemoData } from './db/seed/demo-safety';
import { drainOnSignals } from './lib/graceful-shutdown';

const DEFAULT_WEB_DIST = fileURLToPath(new URL('../../web/dist', import.meta.url));

async function main() {
  const config = loadConfig();
  config.WEB_DIST_DIR ??= DEFAULT_WEB_DIST;
  const { database, secret, release } = await openConfiguredDatabase(config);

  // Demo accounts have published passwords: never seeded in production unless asked for, and never left in use there.
  const { seedDemo, seeded } = await prepareDemoData(database, config, (warning) => console.warn(warning));

  const app = await buildApp({ config, database, secret });
  drainOnSignals(app, { timeoutMs: config.SHUTDOWN_TIMEOUT_MS, release });

  await app.listen({ host: config.HOST, port: config.PORT });
  const url = config.PUBLIC_URL ?? `http://localhost:${config.PORT}`;
  const lines = [`Exhibitor Portal is running at ${url}`, `API documentation: ${url}/api/docs`];
  if (seedDemo) {
    lines.push(seeded ? 'Demo data created. Demo logins:' : 'Demo logins (if unchanged):');
    for (const login of Object.values(DEMO_LOGINS))
      lines.push(`  ${login.role.padEnd(13)} ${login.email.padEnd(36)} ${login.password}`);
  }
  console.log(`\n${lines.join('\n')}\n`);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
