import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type Database } from '../../db/client';
import { exhibitorAccount } from '../exhibitors/exhibitor-account';

/**
 * Rows per statement: a statement's JSON stays a few MB, and PostgreSQL plans each batch once.
 * Every batch runs in the caller's transaction, so the file still lands whole or not at all.
 */
export const BATCH_ROWS = 5_000;

export function batches<T>(items: readonly T[]): T[][] {
  const result: T[][] = [];
  for (let i = 0; i < items.length; i += BATCH_ROWS) result.push(items.slice(i, i + BATCH_ROWS));
  return result;
}

/** Rows as one JSON parameter, for `jsonb_to_recordset`: one round trip per batch, whatever its size. */
export const json = (rows: unknown) => sql`${JSON.stringify(rows)}::jsonb`;

/**
 * Draws `count` ids from a table's identity sequence, so related rows can be written set by set.
 * Drawn before the import's transaction: a sequence is not transactional anyway, and an import
 * that does not commit leaves a gap, as any rolled-back insert does.
 */
export async function reserveIds(db: Database, table: string, count: number): Promise<number[]> {
  if (count === 0) return [];
  const rows = await queryRows<{ id: number }>(
    db,
    sql`select cast(nextval(s.name) as integer) as id
          from (select cast(pg_get_serial_sequence(${table}, 'id') as regclass) as name) s, generate_series(1, ${count})`,
  );
  return rows.map((row) => row.id);
}

/**
 * The keys a file names (emails, external ids) as a row source that looks each one up in `lookup`:
 * driven from the keys, so the plan stays one index probe per key even when a large import has
 * left the table's statistics stale (an `in (subquery)` was then planned as a scan per row).
 */
const eachKey = (values: string[], lookup: SQL) =>
  sql`jsonb_array_elements_text(${json(values)}) as k(key) cross join lateral (${lookup}) found`;

/** An exhibitor as an import compares and updates it. */
export type ExhibitorValues = {
  id: number;
  companyId: number | null;
  companyName: string | null;
  firstName: string;
  lastName: string;
  email: string;
  phone: string | null;
  booth: string | null;
  hall: string | null;
  website: string | null;
  profile: string | null;
  externalId: string | null;
};
export type StoredExhibitor = ExhibitorValues;

const COMPARED = [
  'companyName',
  'firstName',
  'lastName',
  'email',
  'phone',
  'booth',
  'hall',
  'website',
  'profile',
  'externalId',
] as const;

export function sameExhibitor(stored: StoredExhibitor, next: Omit<ExhibitorValues, 'id' | 'companyId'>): boolean {
  return COMPARED.every((key) => (stored[key] ?? null) === (next[key] ?? null));
}

/**
 * The event's exhibitors a file names by External ID or email, and every account holding one of
 * its emails (an email signs in one account only, whatever its event).
 */
export async function findExhibitorsByKeys(
  db: Database,
  eventId: number,
  keys: { emails: string[]; externalIds: string[] },
) {
  const columns = sql`admins.id, admins.email, admins.first_name as "firstName", admins.last_name as "lastName",
               admins.company_id as "companyId", c.name as "companyName",
               p.phone, p.booth, p.hall, p.website, p.profile, p.external_id as "externalId",
               (admins.event_id = ${eventId} and ${exhibitorAccount}) as "isExhibitor"
          from admins
          left join companies c on c.id = admins.company_id
          left join exhibitor_profiles p on p.admin_id = admins.id`;
  const rows = await queryRows<StoredExhibitor & { isExhibitor: boolean }>(
    db,
    sql`select distinct found.* from (
          select found.* from ${eachKey(keys.emails, sql`select ${columns} where admins.email = k.key`)}
          union all
          select found.* from ${eachKey(keys.externalIds, sql`select ${columns} where p.external_id = k.key and admins.event_id = ${eventId}`)}
        ) found`,
  );
  const exhibitors = rows.filter((row) => row.isExhibitor).map(({ isExhibitor: _isExhibitor, ...row }) => row);
  const accounts = new Map(
    rows.map((row) => [row.email, { id: row.id, exhibitor: exhibitors.find((exhibitor) => exhibitor.id === row.id) }]),
  );
  return { exhibitors, accounts };
}

/**
 * Writes new exhibitors set by set: their companies, accounts, roles and profiles, under ids drawn
 * beforehand (`reserveIds`) so that each set names the rows of the one before.
 */
export async function insertExhibitors(tx: Database, eventId: number, values: ExhibitorValues[], roleName: string) {
  for (const rows of batches(values)) {
    await tx.execute(sql`insert into companies (id, name, website, event_id) overriding system value
      select v."companyId", v."companyName", v.website, ${eventId} from jsonb_to_recordset(${json(rows)}) as v("companyId" int, "companyName" text, website text)`);
    await tx.execute(sql`insert into admins (id, email, first_name, last_name, event_id, company_id) overriding system value
      select v.id, v.email, v."firstName", v."lastName", ${eventId}, v."companyId"
        from jsonb_to_recordset(${json(rows)}) as v(id int, email text, "firstName" text, "lastName" text, "companyId" int)`);
    await tx.execute(sql`insert into admin_roles (admin_id, role_id)
      select v.id, r.id from jsonb_to_recordset(${json(rows)}) as v(id int) cross join roles r where r.name = ${roleName} and r.is_system`);
    await tx.execute(sql`insert into exhibitor_profiles (admin_id, phone, booth, hall, website, profile, external_id)
      select v.id, v.phone, v.booth, v.hall, v.website, v.profile, v."externalId"
        from jsonb_to_recordset(${json(rows)}) as v(id int, phone text, booth text, hall text, website text, profile text, "externalId" text)`);
  }
}

/** Writes the final values of matched exhibitors (stored values already merged in), set by set. */
export async function updateExhibitors(tx: Database, values: ExhibitorValues[]) {
  for (const rows of batches(values)) {
    const set = sql`jsonb_to_recordset(${json(rows)}) as v(id int, "companyId" int, "companyName" text, "firstName" text, "lastName" text, email text,
      phone text, booth text, hall text, website text, profile text, "externalId" text)`;
    await tx.execute(sql`update admins set first_name = v."firstName", last_name = v."lastName", email = v.email, updated_at = now()
      from ${set} where admins.id = v.id`);
    await tx.execute(sql`update companies set name = v."companyName", updated_at = now()
      from ${set} where companies.id = v."companyId" and v."companyName" is not null and companies.name is distinct from v."companyName"`);
    await tx.execute(sql`insert into exhibitor_profiles (admin_id, phone, booth, hall, website, profile, external_id)
      select v.id, v.phone, v.booth, v.hall, v.website, v.profile, v."externalId" from ${set}
      on conflict (admin_id) do update set phone = excluded.phone, booth = excluded.booth, hall = excluded.hall,
        website = excluded.website, profile = excluded.profile, external_id = excluded.external_id, updated_at = now()`);
  }
}

/** A badge as an import compares it: its placement, fields and answers by custom field id. */
export type StoredBadge = {
  id: number;
  exhibitorId: number | null;
  holderId: number | null;
  firstName: string;
  lastName: string;
  phone: string | null;
  answers: { [customFieldId: number]: unknown };
};

export async function findBadgesByEmail(
  db: Database,
  eventId: number,
  badgeCategoryId: number,
  emails: string[],
): Promise<Map<string, StoredBadge>> {
  // Answers are gathered in one pass over the matched badges, not a subquery per badge: right after
  // a large import the statistics are stale, and a per-badge subquery may then scan every answer.
  const rows = await queryRows<StoredBadge & { email: string }>(
    db,
    sql`with found as (
          select found.* from ${eachKey(
            emails,
            sql`select b.id, b.email, b.exhibitor_id, al.admin_id, b.first_name, b.last_name, b.phone
                  from badges b left join allocations al on al.id = b.allocation_id
                 where b.event_id = ${eventId} and b.badge_category_id = ${badgeCategoryId} and b.email = k.key`,
          )}),
        answers as (
          select v.badge_id, jsonb_object_agg(v.custom_field_id, v.value) as answers
            from badge_field_values v join found f on f.id = v.badge_id group by v.badge_id)
        select f.id, f.email, f.exhibitor_id as "exhibitorId", f.admin_id as "holderId",
               f.first_name as "firstName", f.last_name as "lastName", f.phone, coalesce(a.answers, '{}') as answers
          from found f left join answers a on a.badge_id = f.id`,
  );
  return new Map(rows.map(({ email, ...row }) => [email, row]));
}

type NewBadgeRow = { firstName: string; lastName: string; email: string; phone: string | null; code: string };

/** Inserts badges set by set, under ids drawn beforehand (`reserveIds`) so that their answers can follow. */
export async function insertBadges(
  tx: Database,
  values: (NewBadgeRow & { id: number })[],
  placement: {
    eventId: number;
    badgeCategoryId: number;
    exhibitorId: number | null;
    allocationId: number | null;
    createdBy: number;
    badgeType: string;
  },
): Promise<void> {
  for (const rows of batches(values)) {
    await tx.execute(sql`insert into badges (id, event_id, badge_category_id, exhibitor_id, allocation_id, created_by_admin_id,
                                             first_name, last_name, email, phone, badge_type, code) overriding system value
      select v.id, ${placement.eventId}, ${placement.badgeCategoryId}, ${placement.exhibitorId}, ${placement.allocationId}, ${placement.createdBy},
             v."firstName", v."lastName", v.email, v.phone, ${placement.badgeType}, v.code
        from jsonb_to_recordset(${json(rows)}) as v(id int, "firstName" text, "lastName" text, email text, phone text, code text)`);
  }
}

export async function updateBadges(
  tx: Database,
  values: { id: number; firstName: string; lastName: string; phone: string | null }[],
) {
  for (const rows of batches(values)) {
    await tx.execute(sql`update badges set first_name = v."firstName", last_name = v."lastName", phone = v.phone, updated_at = now()
      from jsonb_to_recordset(${json(rows)}) as v(id int, "firstName" text, "lastName" text, phone text) where badges.id = v.id`);
  }
}

/** Writes the answers each badge gives (other answers stay); a null answer removes the stored one, as the badge form does. */
export async function saveAnswers(
  tx: Database,
  badges: { id: number; answers: { customFieldId: number; value: unknown }[] }[],
) {
  const answers = badges.flatMap((badge) =>
    badge.answers.map((answer) => ({ badgeId: badge.id, fieldId: answer.customFieldId, value: answer.value ?? null })),
  );
  const set = (rows: typeof answers) =>
    sql`jsonb_to_recordset(${json(rows)}) as v("badgeId" int, "fieldId" int, value jsonb)`;
  for (const rows of batches(answers.filter((answer) => answer.value === null))) {
    await tx.execute(
      sql`delete from badge_field_values f using ${set(rows)} where f.badge_id = v."badgeId" and f.custom_field_id = v."fieldId"`,
    );
  }
  for (const rows of batches(answers.filter((answer) => answer.value !== null))) {
    await tx.execute(sql`insert into badge_field_values (badge_id, custom_field_id, value)
      select v."badgeId", v."fieldId", v.value from ${set(rows)}
      on conflict (badge_id, custom_field_id) do update set value = excluded.value, file_id = null`);
  }
}
/** The accounts holding these emails, with the exhibitor each is a sub-account of. */
export async function findAccountsByEmail(db: Database, emails: string[]) {
  const rows = await queryRows<{
    id: number;
    email: string;
    exhibitorId: number | null;
    firstName: string;
    lastName: string;
  }>(
    db,
    sql`select found.* from ${eachKey(
      emails,
      sql`select id, email, exhibitor_id as "exhibitorId", first_name as "firstName", last_name as "lastName" from admins where email = k.key`,
    )}`,
  );
  return new Map(rows.map((row) => [row.email, row]));
}

/** Inserts sub-accounts of one exhibitor, with their role, set by set, under ids drawn beforehand (`reserveIds`). */
export async function insertSubAccounts(
  tx: Database,
  values: { id: number; firstName: string; lastName: string; email: string }[],
  owner: { exhibitorId: number; eventId: number; companyId: number | null; roleName: string },
) {
  for (const rows of batches(values)) {
    await tx.execute(sql`insert into admins (id, email, first_name, last_name, event_id, exhibitor_id, company_id) overriding system value
      select v.id, v.email, v."firstName", v."lastName", ${owner.eventId}, ${owner.exhibitorId}, ${owner.companyId}
        from jsonb_to_recordset(${json(rows)}) as v(id int, email text, "firstName" text, "lastName" text)`);
    await tx.execute(sql`insert into admin_roles (admin_id, role_id)
      select v.id, r.id from jsonb_to_recordset(${json(rows)}) as v(id int) cross join roles r where r.name = ${owner.roleName} and r.is_system`);
  }
}

export async function updateAccountNames(tx: Database, values: { id: number; firstName: string; lastName: string }[]) {
  for (const rows of batches(values)) {
    await tx.execute(sql`update admins set first_name = v."firstName", last_name = v."lastName", updated_at = now()
      from jsonb_to_recordset(${json(rows)}) as v(id int, "firstName" text, "lastName" text) where admins.id = v.id`);
  }
}
