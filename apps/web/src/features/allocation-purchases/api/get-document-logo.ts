import type { BillingDocument } from '@portal/shared/allocation-purchases';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { isAxiosError } from 'axios';
import { fetchFile } from '@/lib/save-file';
import { purchaseKeys } from './purchase-keys';

type LogoSource = Pick<BillingDocument, 'kind' | 'id' | 'allocationPurchaseId' | 'logoFileId' | 'replacedByInvoiceNumber'>;

/**
 * Where the logo a document was issued with is served, or null when it has none. An invoice's
 * address is its purchase's, which serves the purchase's current invoice: a replaced invoice's logo
 * is not reached through it.
 */
export function documentLogoPath(document: LogoSource): string | null {
  if (!document.logoFileId) return null;
  if (document.kind === 'credit_note') return `/admin/credit-notes/${document.id}/logo`;
  return document.replacedByInvoiceNumber ? null : `/admin/allocation-purchases/${document.allocationPurchaseId}/invoice/logo`;
}

/** The picture, fetched with the sign-in's token; null when its file is gone, as the server's PDF leaves it out then. */
export async function getDocumentLogo(path: string): Promise<Blob | null> {
  try {
    return (await fetchFile(path)).content;
  } catch (error) {
    if (isAxiosError(error) && error.response?.status === 404) return null;
    throw error;
  }
}

/** A frozen logo never changes: fetched once per file. */
export const documentLogoQueryOptions = (fileId: string, path: string) =>
  queryOptions({
    queryKey: purchaseKeys.documentLogo(fileId),
    queryFn: () => getDocumentLogo(path),
    staleTime: Infinity,
  });

/** The logo of a document on screen; null while it loads and when there is none. */
export function useDocumentLogo(document: LogoSource | undefined): Blob | null {
  const path = document ? documentLogoPath(document) : null;
  const query = useQuery({
    ...documentLogoQueryOptions(document?.logoFileId ?? '', path ?? ''),
    enabled: path !== null,
  });
  return (path !== null && query.data) || null;
}
