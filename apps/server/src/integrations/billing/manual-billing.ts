import { WebhookSignatureError, type BillingProvider } from './port'

/**
 * BILLING=manual (the default): no payment provider. Choosing a plan makes it active at once and the operator bills
 * outside the app; there are no webhooks, so every webhook is refused as unverifiable (400, nothing changes).
 */
export function createManualBilling(): BillingProvider {
  return {
    kind: 'manual',
    async startCheckout() {
      return { kind: 'activated' }
    },
    async parseWebhook() {
      throw new WebhookSignatureError('manual billing has no webhooks')
    },
  }
}
