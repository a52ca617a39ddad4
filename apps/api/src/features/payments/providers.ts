import Stripe from 'stripe';
import type { Config } from '../../config';
import { createManualProvider } from './manual-provider';
import type { PaymentProviders } from './payment-provider';
import { createSandboxProvider } from './sandbox-provider';
import { createStripeProvider, createStripeSdkGateway, type StripeGateway } from './stripe-provider';

/**
 * The providers of this installation: sandbox and manual always (payments made with them stay
 * readable after a switch), Stripe when its key is set; `PAYMENT_PROVIDER` picks the one new
 * checkouts use. A Stripe gateway may be given (tests use an offline one).
 */
export function createPaymentProviders(config: Config, stripeGateway?: StripeGateway): PaymentProviders {
  const gateway =
    stripeGateway ??
    (config.STRIPE_SECRET_KEY ? createStripeSdkGateway(new Stripe(config.STRIPE_SECRET_KEY)) : undefined);
  const byName = {
    sandbox: createSandboxProvider(),
    manual: createManualProvider(config.PAYMENT_BANK_DETAILS),
    ...(gateway ? { stripe: createStripeProvider(gateway) } : {}),
  };
  const active = byName[config.PAYMENT_PROVIDER];
  if (!active) throw new Error('PAYMENT_PROVIDER=stripe needs STRIPE_SECRET_KEY');
  const testPayments =
    config.PAYMENT_PROVIDER === 'sandbox' ||
    (config.PAYMENT_PROVIDER === 'stripe' && Boolean(config.STRIPE_SECRET_KEY?.startsWith('sk_test_')));
  return { active, byName, testPayments };
}
