import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../config';
import { createPaymentProviders } from './providers';

describe('the payment provider by default', () => {
  it('is the sandbox in development and tests, bank transfers in production', () => {
    expect(loadConfig({}).PAYMENT_PROVIDER).toBe('sandbox');
    expect(loadConfig({ NODE_ENV: 'development' }).PAYMENT_PROVIDER).toBe('sandbox');
    expect(loadConfig({ NODE_ENV: 'test' }).PAYMENT_PROVIDER).toBe('sandbox');
    expect(loadConfig({ NODE_ENV: 'production' }).PAYMENT_PROVIDER).toBe('manual');
    // An empty variable is unset, so production still gets bank transfers.
    expect(loadConfig({ NODE_ENV: 'production', PAYMENT_PROVIDER: '' }).PAYMENT_PROVIDER).toBe('manual');
  });

  it('is the sandbox in production only when set so, and then its payments are tests', () => {
    const sandbox = loadConfig({ NODE_ENV: 'production', PAYMENT_PROVIDER: 'sandbox' });
    expect(sandbox.PAYMENT_PROVIDER).toBe('sandbox');
    expect(createPaymentProviders(sandbox)).toMatchObject({ active: { name: 'sandbox' }, testPayments: true });
    expect(createPaymentProviders(loadConfig({ NODE_ENV: 'production' }))).toMatchObject({
      active: { name: 'manual' },
      testPayments: false,
    });
  });

  it('counts Stripe with a test key as test payments, with a live key as real ones', () => {
    const stripe = (key: string) =>
      createPaymentProviders(
        loadConfig({
          NODE_ENV: 'production',
          PAYMENT_PROVIDER: 'stripe',
          STRIPE_SECRET_KEY: key,
          STRIPE_WEBHOOK_SECRET: 'whsec_x',
        }),
      );
    expect(stripe('sk_test_123')).toMatchObject({ active: { name: 'stripe' }, testPayments: true });
    expect(stripe('sk_live_123')).toMatchObject({ active: { name: 'stripe' }, testPayments: false });
  });

  it('refuses an unknown provider', () => {
    expect(() => loadConfig({ PAYMENT_PROVIDER: 'paypal' })).toThrow(/PAYMENT_PROVIDER/);
  });
});
