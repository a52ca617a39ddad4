import { eq } from 'drizzle-orm';
import { badgeCategories } from '../../db/schema/badges';
import type { TestApp, World } from '../../test/harness';

/**
 * For tests: a purchase of event B (exhibitor B, category B) approved with its invoice, then
 * reissued so that it also has a credit note; made through the API like any other.
 */
export async function invoicedPurchase(t: TestApp, w: World): Promise<{ id: number; creditNoteId: number }> {
  // A priced category: a free purchase's invoice is for nothing, and nothing is left to reissue.
  await t.db.update(badgeCategories).set({ unitPriceCents: 1500 }).where(eq(badgeCategories.id, w.categoryB));
  const created = await t.request(w.exhibitorB, {
    method: 'POST',
    url: '/api/admin/allocation-purchases',
    payload: { badgeCategoryId: w.categoryB, quantity: 2 },
  });
  const id: number = created.json().data.id;
  await t.request(w.eventAdminB, {
    method: 'PUT',
    url: `/api/admin/allocation-purchases/${id}`,
    payload: { action: 'approve', accepted_amount: 2 },
  });
  const reissued = await t.request(w.eventAdminB, {
    method: 'POST',
    url: `/api/admin/allocation-purchases/${id}/reissue-invoice`,
    payload: {},
  });
  const creditNoteId: number | undefined = reissued.json().data?.creditNotes?.[0]?.id;
  if (!creditNoteId) throw new Error(`Fixture purchase not invoiced: ${reissued.body}`);
  return { id, creditNoteId };
}
