import { z } from 'zod';
import { idSchema, isoDateTime, listQueryWithSort, optionalTextLine, textLine, websiteSchema } from './common';

export const companySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  country: z.string().nullable(),
  website: z.string().nullable(),
  vatNumber: z.string().nullable(),
  address: z.string().nullable(),
  eventId: z.number().int().nullable(),
  adminCount: z.number().int(),
  createdAt: isoDateTime,
  updatedAt: isoDateTime,
});
export type Company = z.infer<typeof companySchema>;

export const COMPANY_SORTS = ['name', 'createdAt'] as const;

export const listCompaniesQuerySchema = listQueryWithSort(COMPANY_SORTS).extend({ eventId: idSchema.optional() });

export const companyBodySchema = z.object({
  name: textLine(200),
  country: optionalTextLine(100),
  website: websiteSchema,
  vatNumber: optionalTextLine(50),
  address: optionalTextLine(500),
  eventId: idSchema.nullish(),
});
export type CompanyBody = z.input<typeof companyBodySchema>;

export const updateCompanyBodySchema = companyBodySchema.partial();
