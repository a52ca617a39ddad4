import { describe, expect, it } from 'vitest';
import { centsFromMoney, formatInvoiceAmount, formatMoney, formatPrice, moneyFromCents } from './money';

describe('money', () => {
  it('formats invoice amounts with a dollar sign, thousands separators and two decimals', () => {
    expect(formatInvoiceAmount(123450)).toBe('$1,234.50');
    expect(formatInvoiceAmount(0)).toBe('$0.00');
    expect(formatInvoiceAmount(5)).toBe('$0.05');
    expect(formatInvoiceAmount(-2500)).toBe('-$25.00');
    expect(formatInvoiceAmount(100_000_000_00)).toBe('$100,000,000.00');
  });

  it('formats screen amounts in the given currency and falls back for an unknown code', () => {
    expect(formatMoney(1250, 'EUR')).toMatch(/12[.,]50/);
    expect(formatMoney(1250, 'EUR')).toContain('€');
    expect(formatMoney(1250, 'NOPE1')).toBe('12.50 NOPE1');
    expect(formatPrice(0, 'USD')).toBe('Free');
    expect(formatPrice(1250, 'USD')).toContain('12.50');
  });

  it('reads amounts typed by people and writes them back', () => {
    expect(centsFromMoney('12.5')).toBe(1250);
    expect(centsFromMoney(' 12,50 ')).toBe(1250);
    expect(centsFromMoney('')).toBe(0);
    expect(centsFromMoney('0.1')).toBe(10);
    expect(centsFromMoney('1.005')).toBeNull();
    expect(centsFromMoney('-3')).toBeNull();
    expect(centsFromMoney('abc')).toBeNull();
    expect(moneyFromCents(1250)).toBe('12.50');
    expect(moneyFromCents(centsFromMoney('19.99')!)).toBe('19.99');
  });
});
