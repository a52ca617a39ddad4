import type { AdvancedFilter } from '@portal/shared/badges';
import { idSchema } from '@portal/shared/common';
import { and, or, sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import { ValidationError } from '../../lib/errors';
import { containsPattern, prefixPattern } from '../../lib/listing';

type Condition = AdvancedFilter['conditions'][number];

const COLUMNS: Record<Condition['field'], SQL> = {
  firstName: sql`badges.first_name`,
  lastName: sql`badges.last_name`,
  email: sql`badges.email`,
  company: sql`(select c.name from admins a join companies c on c.id = a.company_id where a.id = badges.exhibitor_id)`,
  badgeType: sql`badges.badge_type`,
  badgeCategoryId: sql`badges.badge_category_id`,
  status: sql`badges.status`,
  exhibitorId: sql`badges.exhibitor_id`,
  createdAt: sql`badges.created_at`,
};

const TEXT_FIELDS = new Set(['firstName', 'lastName', 'email', 'company']);
const ID_FIELDS = new Set(['badgeCategoryId', 'exhibitorId']);

const DATE_VALUE = z.union([z.iso.date(), z.iso.datetime({ offset: true })]);

/**
 * One condition as SQL with bound parameters. Operators that make no sense for a field, and values
 * of the wrong kind for it (an id out of range, a date that is not one), are refused with the
 * condition's path, so that nothing malformed reaches the database.
 */
function toSql(condition: Condition, index: number): SQL {
  const column = COLUMNS[condition.field];
  const { field, operator, value } = condition;
  const refuse = (part: 'operator' | 'value', message: string) => ValidationError.field(`conditions.${index}.${part}`, message);
  const scalar = (v: unknown): string | number => {
    if (Array.isArray(v)) throw refuse('value', 'Give one value, or use the operator "in"');
    if (ID_FIELDS.has(field)) {
      const id = idSchema.safeParse(v);
      if (!id.success) throw refuse('value', `${field}: ${id.error.issues[0]!.message}`);
      return id.data;
    }
    if (field === 'createdAt') {
      const date = DATE_VALUE.safeParse(v);
      if (!date.success) throw refuse('value', `${field}: give a date such as 2027-03-16`);
      return date.data;
    }
    return String(v);
  };
  switch (operator) {
    case 'eq':
      return TEXT_FIELDS.has(field) ? sql`lower(${column}) = lower(${scalar(value)})` : sql`${column} = ${scalar(value)}`;
    case 'neq':
      return TEXT_FIELDS.has(field)
        ? sql`lower(${column}) is distinct from lower(${scalar(value)})`
        : sql`${column} is distinct from ${scalar(value)}`;
    case 'contains':
    case 'startsWith': {
      if (!TEXT_FIELDS.has(field)) throw refuse('operator', `"${operator}" applies to text fields`);
      const text = String(scalar(value));
      const pattern = operator === 'contains' ? containsPattern(text) : prefixPattern(text);
      return sql`${column} ilike ${pattern}`;
    }
    case 'in': {
      const values = (Array.isArray(value) ? value : [value]).map((v) => scalar(v));
      if (values.length === 0) return sql`false`;
      return sql`${column} in (${sql.join(values.map((v) => sql`${v}`), sql`, `)})`;
    }
    case 'before':
    case 'after': {
      if (field !== 'createdAt') throw refuse('operator', `"${operator}" applies to createdAt`);
      const date = scalar(value);
      return operator === 'before' ? sql`${column} < ${date}::timestamptz` : sql`${column} >= ${date}::timestamptz`;
    }
  }
}

/** The conditions joined with AND or OR; no condition matches everything. */
export function advancedFilterCondition(body: Pick<AdvancedFilter, 'conditions' | 'combinator'>): SQL | undefined {
  const parts = body.conditions.map(toSql);
  if (parts.length === 0) return undefined;
  return body.combinator === 'or' ? or(...parts) : and(...parts);
}
