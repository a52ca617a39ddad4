import { describe, expect, it } from 'vitest';
import { CURRENCY_CODES, CURRENCY_EXPONENTS, currencyExponent, isCurrencyCode } from './currencies';
import {
  exampleAmount,
  formatInvoiceAmount,
  formatMoney,
  formatPrice,
  minorUnitsFromMoney,
  moneyFromMinorUnits,
} from './money';

describe('currencies', () => {
  it('knows each currency’s ISO 4217 exponent and none of the codes nobody pays in', () => {
    expect([currencyExponent('USD'), currencyExponent('EUR'), currencyExponent('JPY'), currencyExponent('KWD')]).toEqual([
      2, 2, 0, 3,
    ]);
    for (const code of ['XXX', 'XTS', 'XAU', 'XAG', 'XDR', 'CLF', 'usd', 'US']) expect(isCurrencyCode(code)).toBe(false);
    expect(isCurrencyCode('toString')).toBe(false);
  });

  it('agrees with Intl’s digits except where CLDR departs from ISO 4217 for cash', () => {
    // CLDR drops the decimals of these for display; ISO 4217 (and every payment provider) keeps them.
    const cldrDiffers = new Set(['AFN', 'ALL', 'COP', 'HUF', 'IDR', 'IQD', 'IRR', 'KPW', 'LAK', 'LBP', 'MGA', 'MMK', 'PKR', 'SOS', 'SYP', 'YER']);
    const known = new Set(Intl.supportedValuesOf('currency'));
    const disagreeing = CURRENCY_CODES.filter(
      (code) =>
        known.has(code) &&
        new Intl.NumberFormat('en', { style: 'currency', currency: code }).resolvedOptions().maximumFractionDigits !==
          CURRENCY_EXPONENTS[code],
    );
    expect(disagreeing.filter((code) => !cldrDiffers.has(code))).toEqual([]);
  });
});

describe('money on screens', () => {
  it('shows each currency with its own decimals', () => {
    expect(formatMoney(4500, 'USD')).toMatch(/\$45\.00/);
    expect(formatMoney(7100, 'EUR')).toMatch(/71[.,]00/);
    expect(formatMoney(4500, 'JPY')).toMatch(/[¥￥]4,500$/);
    expect(formatMoney(45000, 'KWD')).toMatch(/KWD\s45\.000/);
    expect(formatMoney(1250, 'NOPE1')).toBe('12.50 NOPE1');
    expect(formatPrice(0, 'JPY')).toBe('Free');
    expect(formatPrice(45, 'JPY')).toMatch(/[¥￥]45$/);
  });
});

describe('money on documents', () => {
  it('writes the spec’s dollars with two decimals', () => {
    expect(formatInvoiceAmount(123450, 'USD')).toBe('$1,234.50');
    expect(formatInvoiceAmount(0, 'USD')).toBe('$0.00');
    expect(formatInvoiceAmount(5, 'USD')).toBe('$0.05');
    expect(formatInvoiceAmount(-2500, 'USD')).toBe('-$25.00');
    expect(formatInvoiceAmount(100_000_000_00, 'USD')).toBe('$100,000,000.00');
  });

  it('writes other currencies with their symbol or code and their own decimals', () => {
    expect(formatInvoiceAmount(7100, 'EUR')).toBe('€71.00');
    expect(formatInvoiceAmount(4500, 'JPY')).toBe('¥4,500');
    expect(formatInvoiceAmount(-45, 'JPY')).toBe('-¥45');
    expect(formatInvoiceAmount(45000, 'KWD')).toBe('KWD 45.000');
    expect(formatInvoiceAmount(1234567, 'KWD')).toBe('KWD 1,234.567');
    expect(formatInvoiceAmount(5, 'KWD')).toBe('KWD 0.005');
    expect(formatInvoiceAmount(1250, 'CHF')).toBe('CHF 12.50');
  });
});

describe('money typed by people', () => {
  it.each([
    ['USD', '12.5', 1250],
    ['USD', ' 12,50 ', 1250],
    ['USD', '0.1', 10],
    ['EUR', '71', 7100],
    ['EUR', '19.99', 1999],
    ['JPY', '4500', 4500],
    ['JPY', '45', 45],
    ['KWD', '45', 45000],
    ['KWD', '45.125', 45125],
    ['KWD', '0,5', 500],
    ['USD', '1 200.00', 120000],
    ['EUR', '1\u00a0200,00', 120000],
    ['EUR', '12\u202f500\u202f000', 1250000000],
    ['USD', '1\u2009200.5', 120050],
    ['USD', '1,200.00', 120000],
    ['EUR', '1.200,00', 120000],
    ['USD', '1,234,567.89', 123456789],
    ['EUR', '1.234.567', 123456700],
    ['JPY', '1 200 000', 1200000],
    ['KWD', '1,234.567', 1234567],
    ['KWD', '1.234,567', 1234567],
  ])('reads %s %j as %i minor units', (currency, text, minorUnits) => {
    expect(minorUnitsFromMoney(text, currency)).toBe(minorUnits);
  });

  it.each([
    ['USD', '1.005'],
    ['EUR', '12.345'],
    ['JPY', '45.5'],
    ['JPY', '45.0'],
    ['KWD', '1.0005'],
    ['USD', '-3'],
    ['USD', 'abc'],
    ['USD', '1e3'],
    ['JPY', '99999999999999999999'],
    // A lone mark is the decimal one, so three digits after it are too many decimals here.
    ['USD', '1,200'],
    ['EUR', '1.200'],
    ['JPY', '4,500'],
    ['USD', '12 00.00'],
    ['USD', '1 2000'],
    ['USD', '1,20,000.00'],
    ['USD', '1.200.50'],
    ['EUR', '1 200.000,00'],
    ['USD', '1e300'],
    ['USD', '1,200.'],
    ['USD', '.50'],
    ['EUR', '1.200,00,00'],
  ])('refuses %s %j', (currency, text) => {
    expect(minorUnitsFromMoney(text, currency)).toBeNull();
  });

  it('reads an empty input as nothing to pay', () => {
    expect(minorUnitsFromMoney('', 'JPY')).toBe(0);
  });

  it('writes minor units back as the input text, and reads them again unchanged', () => {
    expect(moneyFromMinorUnits(1250, 'USD')).toBe('12.50');
    expect(moneyFromMinorUnits(5, 'EUR')).toBe('0.05');
    expect(moneyFromMinorUnits(4500, 'JPY')).toBe('4500');
    expect(moneyFromMinorUnits(45000, 'KWD')).toBe('45.000');
    expect(moneyFromMinorUnits(7, 'KWD')).toBe('0.007');
    for (const [amount, currency] of [
      [1999, 'USD'],
      [7100, 'EUR'],
      [4500, 'JPY'],
      [45125, 'KWD'],
    ] as const) {
      expect(minorUnitsFromMoney(moneyFromMinorUnits(amount, currency), currency)).toBe(amount);
    }
    expect([exampleAmount('USD'), exampleAmount('JPY'), exampleAmount('KWD')]).toEqual(['12.50', '1250', '12.500']);
  });
});
