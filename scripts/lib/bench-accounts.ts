import type { FastifyInstance } from 'fastify'
import type { sandboxSession } from '../../apps/server/src/integrations/tiktok/testing/sandbox-session'
import { planById, type PlanId } from '@hookpost/shared/plans'

export interface BenchAccount {
  accountId: string
  openId: string
  /** The person it is connected to. */
  userId: string
}

/**
 * One person signed up through the API, as the browser does: their session cookie, ready for a Cookie header, and id.
 */
export async function signUpBench(http: FastifyInstance, email: string): Promise<{ cookie: string; userId: string }> {
  const password = 'correct horse 1'
  const signUp = await http.inject({
    method: 'POST',
    url: '/api/auth/sign-up',
    headers: { 'content-type': 'application/json' },
    payload: JSON.stringify({ email, password, confirmPassword: password, acceptTerms: true }),
  })
  if (signUp.statusCode !== 200 && signUp.statusCode !== 201) {
    throw new Error(`sign-up answered ${signUp.statusCode}: ${signUp.body}`)
  }
  const cookie = ([] as string[])
    .concat(signUp.headers['set-cookie'] ?? [])
    .map((c) => c.split(';')[0])
    .join('; ')
  return { cookie, userId: signUp.json<{ user: { id: string } }>().user.id }
}

/**
 * The plan a benchmark's people choose: the benches play an agency, several people each with as many accounts as
 * their plan allows (ADR 036 and 054: a bench obeys the plans like anyone; nothing in the product is lifted for it).
 */
export const BENCH_PLAN: PlanId = 'business'
export const ACCOUNTS_PER_PERSON = planById(BENCH_PLAN).maxAccounts

/** Chooses `plan` for a signed-up person the way Profile's Plan section does (manual billing activates it at once). */
export async function choosePlan(http: FastifyInstance, cookie: string, plan: PlanId = BENCH_PLAN): Promise<void> {
  const res = await http.inject({
    method: 'POST',
    url: '/api/billing/checkout',
    headers: { cookie, 'content-type': 'application/json' },
    payload: JSON.stringify({ plan }),
  })
  if (res.statusCode !== 200 || res.json<{ kind: string }>().kind !== 'activated') {
    throw new Error(`choosing the ${plan} plan answered ${res.statusCode}: ${res.body}`)
  }
}

/** A person of the agency: signed up, on `BENCH_PLAN`. */
export async function signUpAgencyMember(
  http: FastifyInstance,
  email: string,
): Promise<{ cookie: string; userId: string }> {
  const person = await signUpBench(http, email)
  await choosePlan(http, person.cookie)
  return person
}

/**
 * Benchmarks' `count` sandbox creators, connected the way the browser connects them (sign up, then POST
 * /api/tiktok/connect → the sandbox's consent → POST /api/tiktok/callback for each). A person of the agency connects as
 * many as their plan allows, then the next one signs up.
 */
export async function signUpWithCreators(
  http: FastifyInstance,
  session: ReturnType<typeof sandboxSession>,
  count: number,
): Promise<{ people: { cookie: string; userId: string }[]; accounts: BenchAccount[] }> {
  const people: { cookie: string; userId: string }[] = []
  const accounts: BenchAccount[] = []
  for (let i = 0; i < count; i++) {
    if (i % ACCOUNTS_PER_PERSON === 0) people.push(await signUpAgencyMember(http, `bench-${people.length}@example.com`))
    const { cookie, userId } = people[people.length - 1]!
    const { open_id: openId } = await session.createCreator({
      display_name: `Bench ${i}`,
      username: `bench_${process.pid}_${i}`,
    })
    const start = await http.inject({
      method: 'POST',
      url: '/api/tiktok/connect',
      headers: { cookie, 'content-type': 'application/json' },
      payload: '{}',
    })
    const callback = await session.authorize(start.json<{ authorizeUrl: string }>().authorizeUrl, openId)
    const done = await http.inject({
      method: 'POST',
      url: '/api/tiktok/callback',
      headers: { cookie, 'content-type': 'application/json' },
      payload: JSON.stringify({ code: callback.get('code'), state: callback.get('state') }),
    })
    if (done.statusCode !== 200) throw new Error(`connecting creator ${i} answered ${done.statusCode}: ${done.body}`)
    accounts.push({ accountId: done.json<{ account: { id: string } }>().account.id, openId, userId })
  }
  return { people, accounts }
}
