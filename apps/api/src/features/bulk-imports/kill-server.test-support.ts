// The API in a process of its own, for the test that kills it half way through an import: opens
// the database its environment names (DATABASE_URL, or PGlite under DATA_DIR), seeds the demo
// accounts, and prints its address on the first line of output. Once a transaction has inserted
// accounts it prints `writing`, so the test kills it inside that transaction, not before or after;
// once one writes invitation mails it prints `inviting`.
import { PgDialect } from 'drizzle-orm/pg-core';
import type { SQL } from 'drizzle-orm';
import { buildApp } from '../../app';
import { loadConfig } from '../../config';
import { openConfiguredDatabase } from '../../db/open';
import { seedDemoData } from '../../db/seed/demo';

const config = loadConfig();
const { database, secret } = await openConfiguredDatabase(config);
await seedDemoData(database.db);

const db = database.db;
const dialect = new PgDialect();
const transaction = db.transaction.bind(db);
db.transaction = ((work, options) =>
  transaction(async (tx) => {
    const execute = tx.execute.bind(tx);
    tx.execute = (async (query: SQL) => {
      const result = await execute(query);
      const text = dialect.sqlToQuery(query).sql;
      if (/^\s*insert into admins/.test(text)) console.log('writing');
      if (/^\s*insert into email_outbox/.test(text)) console.log('inviting');
      return result;
    }) as typeof tx.execute;
    return work(tx);
  }, options)) as typeof db.transaction;

const app = await buildApp({ config, database, secret, logger: false });
console.log(await app.listen({ host: '127.0.0.1', port: 0 }));
