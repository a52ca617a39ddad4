import { CURRENCY_CODES } from '@portal/shared/currencies';
import { formatMoney } from '@portal/shared/money';
import type { PaymentProvider } from './payment-provider';

/**
 * Payment by bank transfer: the payer is told how to pay and an organiser records the transfer
 * (POST /payments). The recorded attempt is the truth; refunds are made by hand at the bank.
 */
export function createManualProvider(bankDetails: string | undefined): PaymentProvider {
  return {
    name: 'manual',
    currencies: CURRENCY_CODES,
    minorUnitStep: () => 1,
    async startCheckout(_tx, request) {
      const reference = request.invoiceNumber ?? `purchase ${request.purchaseId}`;
      const instructions = [
        `Pay ${formatMoney(request.amountCents, request.currency)} by bank transfer, quoting ${reference}.`,
        bankDetails ?? 'The organiser sends the bank details with the invoice.',
        'The places are added as soon as the organiser records the transfer.',
      ].join('\n');
      return { externalId: '', url: null, instructions };
    },
    async fetchPayment() {
      // Only recorded transfers exist as attempts, and they are recorded as received.
      return { state: 'succeeded', paymentReference: null, refundedCents: null };
    },
    async refund() {
      return { externalId: null, state: 'succeeded' };
    },
    async fetchRefund() {
      return 'succeeded';
    },
  };
}
