import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type { BillingOverview, CheckoutResponse, PlanId } from '@hookpost/shared/plans'
import { apiRequest } from '../../../lib/api-client'

export const billingQueryOptions = queryOptions({
  queryKey: ['billing'],
  queryFn: () => apiRequest<BillingOverview>('/api/billing'),
})

export function useBilling() {
  return useQuery(billingQueryOptions)
}

/** Choose a plan: active at once with manual billing (the answer carries the new overview), or a checkout URL. */
export function useCheckout() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (plan: PlanId) =>
      apiRequest<CheckoutResponse>('/api/billing/checkout', { method: 'POST', body: { plan } }),
    onSuccess: async (result) => {
      if (result.kind === 'activated') {
        queryClient.setQueryData(billingQueryOptions.queryKey, result.billing)
        // The profile shows the plan too.
        await queryClient.invalidateQueries({ queryKey: ['profile'] })
      }
    },
  })
}
