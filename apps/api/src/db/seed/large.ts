import { SYSTEM_ROLE_NAMES } from '@portal/shared/roles';
import { sql } from 'drizzle-orm';
import { hashPassword } from '../../features/auth/passwords';
import { queryRows, type Database } from '../client';

export const LARGE_SHOW = {
  slug: 'large-expo',
  exhibitors: 2_000,
  badges: 100_000,
  password: 'Large-Expo-2027',
} as const;

const FIRST = `array['Anna','Lars','Ingrid','Ola','Maja','Emil','Sofia','Jonas','Elin','Henrik','Nora','Aksel','Sara','Mikkel','Ida','Tobias','Frida','Magnus','Hanna','Jakob','Live','Oskar','Thea']`;
const LAST = `array['Berg','Dahl','Eriksen','Hansen','Johansen','Larsen','Lindqvist','Nilsen','Olsen','Pedersen','Solberg','Strand','Haugen','Bakken','Moen','Lie','Holm','Aas','Vik','Lund','Ruud','Sandvik','Nygaard','Fossum','Brekke','Halvorsen','Kristiansen','Jensen','Karlsen']`;

/**
 * One show at scale, always the same: 2,000 exhibitors with their companies and allocations, and
 * 100,000 badges with custom-field answers, written by set-based SQL (no row-by-row inserts).
 * Answers the event id; refuses to run twice on one database.
 */
export async function seedLargeShow(db: Database, log: (line: string) => void = () => {}): Promise<number> {
  const [existing] = await queryRows<{ id: number }>(db, sql`select id from events where slug = ${LARGE_SHOW.slug}`);
  if (existing) throw new Error(`The large show is already seeded (event ${existing.id}).`);
  const passwordHash = await hashPassword(LARGE_SHOW.password);
  const eventId = await db.transaction(async (tx) => {
    const [event] = await queryRows<{ id: number }>(
      tx,
      sql`insert into events (name, slug, start_date, end_date, venue, city, country, timezone, status)
          values ('Large Expo 2027', ${LARGE_SHOW.slug}, '2027-09-14', '2027-09-17', 'Messe Hall', 'Hamburg', 'Germany', 'Europe/Berlin', 'published')
          returning id`,
    );
    const eventId = event!.id;
    await tx.execute(sql`
      insert into badge_categories (event_id, name, type, badge_type, sort_order, unit_price_cents)
      values (${eventId}, 'Exhibitor staff', 'badge', 'exhibitor', 1, 0),
             (${eventId}, 'Trade visitor', 'badge', 'visitor', 2, 2500),
             (${eventId}, 'Contractor', 'badge', 'contractor', 3, 0),
             (${eventId}, 'VIP guest', 'badge', 'vip', 4, 0),
             (${eventId}, 'Parking', 'addon', 'exhibitor', 5, 1500)`);
    const [staff] = await queryRows<{ id: number }>(tx, sql`select id from badge_categories where event_id = ${eventId} and name = 'Exhibitor staff'`);
    await tx.execute(sql`
      insert into custom_fields (event_id, badge_category_id, label, key, type, options, required, sort_order)
      values (${eventId}, ${staff!.id}, 'Job title', 'job_title', 'text', '[]', true, 1),
             (${eventId}, null, 'Diet', 'diet', 'select',
              '[{"value":"none","label":"None"},{"value":"veg","label":"Vegetarian"},{"value":"vegan","label":"Vegan"}]', false, 2)`);
    log('event, categories and fields');

    await tx.execute(sql`
      insert into companies (name, country, event_id)
      select 'Company ' || lpad(g::text, 4, '0'), (array['Germany','Norway','Sweden','France','Italy'])[1 + g % 5], ${eventId}
        from generate_series(1, ${LARGE_SHOW.exhibitors}) g`);
    await tx.execute(sql.raw(`
      insert into admins (email, password_hash, first_name, last_name, event_id, company_id)
      select 'exhibitor' || g || '@company' || g || '.example', '${passwordHash}',
             (${FIRST})[1 + g % 23], (${LAST})[1 + g % 29], ${eventId},
             (select id from companies where event_id = ${eventId} and name = 'Company ' || lpad(g::text, 4, '0'))
        from generate_series(1, ${LARGE_SHOW.exhibitors}) g`));
    await tx.execute(sql`
      insert into admin_roles (admin_id, role_id)
      select a.id, (select id from roles where name = ${SYSTEM_ROLE_NAMES.exhibitor} and is_system)
        from admins a where a.event_id = ${eventId}`);
    await tx.execute(sql`
      insert into exhibitor_profiles (admin_id, booth, hall)
      select a.id, 'B-' || a.id, 'Hall ' || (1 + a.id % 8) from admins a where a.event_id = ${eventId}`);
    const perExhibitor = Math.ceil(LARGE_SHOW.badges / LARGE_SHOW.exhibitors);
    await tx.execute(sql`
      insert into allocations (event_id, admin_id, badge_category_id, quantity)
      select ${eventId}, a.id, ${staff!.id}, ${perExhibitor + 10} from admins a where a.event_id = ${eventId}`);
    log(`${LARGE_SHOW.exhibitors} exhibitors with companies, profiles and allocations`);

    await tx.execute(sql.raw(`
      with exhibitors as (
        select a.id, row_number() over (order by a.id) - 1 as n from admins a where a.event_id = ${eventId}
      )
      insert into badges (event_id, badge_category_id, exhibitor_id, allocation_id, first_name, last_name, email, badge_type, code, created_at)
      select ${eventId}, ${staff!.id}, e.id, al.id,
             (${FIRST})[1 + g % 23], (${LAST})[1 + (g / 23) % 29],
             lower((${FIRST})[1 + g % 23] || '.' || (${LAST})[1 + (g / 23) % 29] || g) || '@company' || (e.n + 1) || '.example',
             'exhibitor', 'L' || lpad(g::text, 9, '0'),
             timestamptz '2027-03-01' + make_interval(secs => g * 60)
        from generate_series(1, ${LARGE_SHOW.badges}) g
        join exhibitors e on e.n = g % ${LARGE_SHOW.exhibitors}
        join allocations al on al.admin_id = e.id and al.badge_category_id = ${staff!.id}`));
    await tx.execute(sql`
      update allocations al set used = counts.used
        from (select allocation_id, count(*)::int as used from badges where event_id = ${eventId} group by allocation_id) counts
       where al.id = counts.allocation_id`);
    log(`${LARGE_SHOW.badges} badges`);

    await tx.execute(sql`
      insert into badge_field_values (badge_id, custom_field_id, value)
      select b.id, f.id,
             case f.key when 'job_title' then to_jsonb((array['Engineer','Sales lead','Designer','CEO','Technician'])[1 + b.id % 5])
                        else to_jsonb((array['none','veg','vegan'])[1 + b.id % 3]) end
        from badges b cross join custom_fields f
       where b.event_id = ${eventId} and f.event_id = ${eventId}`);
    log('custom-field answers');
    return eventId;
  });
  // As autovacuum would soon after: statistics for the planner, a visibility map for index-only scans.
  await db.execute(sql`vacuum analyze`);
  log('vacuum analyze');
  return eventId;
}
