import type { PurchaseTax } from '@portal/shared/allocation-purchases';
import { describe, expect, it } from 'vitest';
import { purchaseOf } from '../testing/fixtures';
import { amountToPayText, purchaseTaxNote } from './purchase-tax';

const tax = (overrides: Partial<PurchaseTax>): PurchaseTax => ({
  category: 'S',
  rate: 19,
  reverseCharge: false,
  pricesIncludeTax: false,
  exemptionReason: null,
  net: null,
  tax: null,
  ...overrides,
});

describe('amountToPayText', () => {
  it.each([
    ['no VAT', tax({ category: 'O', rate: 0, exemptionReason: 'Not subject to VAT' }), '$200.00'],
    ['19 % added to the prices', tax({}), '$238.00 incl. VAT 19 %'],
    ['19 % included in the prices', tax({ pricesIncludeTax: true }), '$200.00 incl. VAT 19 %'],
    ['an exemption', tax({ category: 'E', rate: 0, exemptionReason: 'Exempt' }), '$200.00'],
    ['the reverse charge on net prices', tax({ category: 'AE', rate: 0, reverseCharge: true }), '$200.00 (reverse charge)'],
    [
      'the reverse charge on gross prices',
      tax({ category: 'AE', rate: 0, reverseCharge: true, pricesIncludeTax: true }),
      '$200.00 less the VAT it includes (reverse charge)',
    ],
  ])('says what 8 places at $25.00 charge with %s', (_case, purchaseTax, text) => {
    expect(amountToPayText(purchaseOf({ tax: purchaseTax }), 8)).toBe(text);
  });
});

describe('purchaseTaxNote', () => {
  it('gives nothing for an event without VAT, and a short form for tables', () => {
    expect(purchaseTaxNote(purchaseOf())).toBeNull();
    const approved = purchaseOf({ amount_to_pay: 23800, tax: tax({ net: 20000, tax: 3800 }) });
    expect(purchaseTaxNote(approved)).toBe('incl. $38.00 VAT (19 %)');
    expect(purchaseTaxNote(approved, 'short')).toBe('incl. $38.00 VAT');
    const exempt = purchaseOf({ tax: tax({ category: 'E', rate: 0, exemptionReason: 'Exempt under § 4 UStG' }) });
    expect(purchaseTaxNote(exempt)).toBe('Exempt under § 4 UStG');
    expect(purchaseTaxNote(exempt, 'short')).toBe('Exempt');
  });
});
