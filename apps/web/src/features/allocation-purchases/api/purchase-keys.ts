import type { CreateAllocationPurchaseBody, PurchaseStatus } from '@portal/shared/allocation-purchases';

/** What the purchase table asks for; `null` is "any". */
export type PurchaseListParams = {
  page: number;
  sort: string;
  eventId: number | null;
  exhibitorId: number | null;
  badgeCategoryId: number | null;
  status: PurchaseStatus | null;
  isPaid: boolean | null;
  from: string | null;
  to: string | null;
};

export const purchaseKeys = {
  all: ['allocation-purchases'] as const,
  lists: () => [...purchaseKeys.all, 'list'] as const,
  list: (params: PurchaseListParams) => [...purchaseKeys.lists(), params] as const,
  details: () => [...purchaseKeys.all, 'detail'] as const,
  detail: (id: number) => [...purchaseKeys.details(), id] as const,
  invoice: (purchaseId: number) => [...purchaseKeys.all, 'invoice', purchaseId] as const,
  creditNote: (id: number) => [...purchaseKeys.all, 'credit-note', id] as const,
  /** By the frozen file: every document issued with one logo shares its bytes. */
  documentLogo: (fileId: string) => [...purchaseKeys.all, 'document-logo', fileId] as const,
  paymentStatus: (purchaseId: number) => [...purchaseKeys.all, 'payment-status', purchaseId] as const,
  sandboxSession: (sessionId: string) => [...purchaseKeys.all, 'sandbox', sessionId] as const,
  paymentSettings: () => [...purchaseKeys.all, 'payment-settings'] as const,
  eventOptions: () => [...purchaseKeys.all, 'event-options'] as const,
  exhibitorOptions: (eventId: number | null) => [...purchaseKeys.all, 'exhibitor-options', eventId] as const,
  categoryOptions: (eventId: number) => [...purchaseKeys.all, 'category-options', eventId] as const,
  ownAllocations: (adminId: number) => [...purchaseKeys.all, 'own-allocations', adminId] as const,
  quote: (body: CreateAllocationPurchaseBody) => [...purchaseKeys.all, 'quote', body] as const,
};
