import type { Company } from '@portal/shared/companies';
import type { ListQuery } from '@portal/shared/common';
import type { Database } from '../../db/client';
import type { Actor } from '../../lib/actor';
import { ConflictError, ForbiddenError, NotFoundError, ValidationError } from '../../lib/errors';
import { listResult } from '../../lib/listing';
import { eventExists } from '../admins/admins.repository';
import { recordAudit } from '../audit/audit.repository';
import { scopeEventId, scopeOf } from '../auth/scope';
import * as repo from './companies.repository';

type CompanyInput = {
  name?: string;
  country?: string | null;
  website?: string | null;
  vatNumber?: string | null;
  address?: string | null;
  eventId?: number | null;
};

function toCompany(row: repo.CompanyRow): Company {
  return { ...row, createdAt: row.createdAt.toISOString(), updatedAt: row.updatedAt.toISOString() };
}

export function createCompaniesService({ db }: { db: Database }) {
  async function getInScope(actor: Actor, id: number) {
    const row = await repo.findCompany(db, id, scopeOf(actor.principal));
    if (!row) throw new NotFoundError('Company');
    return row;
  }

  /** The event a new company belongs to: the actor's own, or any existing one for a global actor. */
  async function owningEvent(actor: Actor, requested: number | null | undefined): Promise<number | null> {
    const own = scopeEventId(scopeOf(actor.principal));
    if (own != null) {
      if (requested != null && requested !== own) throw ValidationError.field('eventId', 'Event not found');
      return own;
    }
    if (requested != null && !(await eventExists(db, requested))) throw ValidationError.field('eventId', 'Event not found');
    return requested ?? null;
  }

  /** A company shared between events is changed only by someone who sees all events. */
  function assertMayChange(actor: Actor, row: repo.CompanyRow) {
    const own = scopeEventId(scopeOf(actor.principal));
    if (own != null && row.eventId !== own) {
      throw new ForbiddenError('This company is shared with other events; a system administrator manages it');
    }
  }

  return {
    async listCompanies(actor: Actor, query: ListQuery & { eventId?: number }) {
      const { rows, total } = await repo.listCompanies(db, scopeOf(actor.principal), query);
      return listResult(rows.map(toCompany), total, query);
    },

    async getCompany(actor: Actor, id: number): Promise<Company> {
      return toCompany(await getInScope(actor, id));
    },

    async createCompany(actor: Actor, body: CompanyInput & { name: string }): Promise<Company> {
      const values = {
        name: body.name,
        country: body.country ?? null,
        website: body.website ?? null,
        vatNumber: body.vatNumber ?? null,
        address: body.address ?? null,
        eventId: await owningEvent(actor, body.eventId),
      };
      const id = await db.transaction(async (tx) => {
        const companyId = await repo.insertCompany(tx, values);
        await recordAudit(tx, actor, { action: 'create', entityType: 'company', entityId: companyId, eventId: values.eventId, after: values });
        return companyId;
      });
      return this.getCompany(actor, id);
    },

    async updateCompany(actor: Actor, id: number, body: CompanyInput): Promise<Company> {
      const before = await getInScope(actor, id);
      assertMayChange(actor, before);
      const values = { ...body, eventId: body.eventId === undefined ? undefined : await owningEvent(actor, body.eventId) };
      await db.transaction(async (tx) => {
        await repo.updateCompany(tx, id, values);
        await recordAudit(tx, actor, { action: 'update', entityType: 'company', entityId: id, eventId: before.eventId, before, after: values });
      });
      return this.getCompany(actor, id);
    },

    async deleteCompany(actor: Actor, id: number): Promise<void> {
      const before = await getInScope(actor, id);
      assertMayChange(actor, before);
      if (before.adminCount > 0) {
        throw new ConflictError(`This company has ${before.adminCount} account(s); move or delete them first`);
      }
      await db.transaction(async (tx) => {
        await repo.deleteCompany(tx, id);
        await recordAudit(tx, actor, { action: 'delete', entityType: 'company', entityId: id, eventId: before.eventId, before });
      });
    },
  };
}

export type CompaniesService = ReturnType<typeof createCompaniesService>;
