import type { AdvancedFilter } from '@portal/shared/badges';
import { and, or, sql, type SQL } from 'drizzle-orm';
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

/** One condition as SQL with bound parameters; operators that make no sense for a field are refused. */
function toSql(condition: Condition, index: number): SQL {
  const column = COLUMNS[condition.field];
  const { operator, value } = condition;
  const refuse = (message: string) => ValidationError.field(`conditions.${index}`, message);
  const scalar = (v: unknown) => {
    if (Array.isArray(v)) throw refuse('Give one value, or use the operator "in"');
    if (ID_FIELDS.has(condition.field) && !Number.isInteger(Number(v))) throw refuse('Give a numeric id');
    return ID_FIELDS.has(condition.field) ? Number(v) : String(v);
  };
  switch (operator) {
    case 'eq':
      return TEXT_FIELDS.has(condition.field) ? sql`lower(${column}) = lower(${scalar(value)})` : sql`${column} = ${scalar(value)}`;
    case 'neq':
      return TEXT_FIELDS.has(condition.field)
        ? sql`lower(${column}) is distinct from lower(${scalar(value)})`
        : sql`${column} is distinct from ${scalar(value)}`;
    case 'contains':
    case 'startsWith': {
      if (!TEXT_FIELDS.has(condition.field)) throw refuse(`"${operator}" applies to text fields`);
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
      if (condition.field !== 'createdAt') throw refuse(`"${operator}" applies to createdAt`);
      const date = String(scalar(value));
      if (Number.isNaN(Date.parse(date))) throw refuse('Give a date such as 2027-03-16');
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
