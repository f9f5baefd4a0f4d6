import { expect } from 'vitest'
import {
  automationOverviewSchema,
  calendarPostListSchema,
  postSchema,
  type AutomationOverview,
  type AutomationSettingsInput,
} from '@hookpost/shared'
import { inject, signUp } from '../../../testing/http-test-kit'
import type { TestServer } from '../../../testing/test-runtime'
import type { TestSandbox } from '../../../testing/tiktok-sandbox'
import { connectCreator } from '../../publishing/testing/publishing-test-kit'
import { useAutomationWorld } from './automation-world'

/**
 * What automation.int.test.ts and automation-review.int.test.ts both do over HTTP: a person with a described account,
 * the settings they save, the overview and the automation's posts as the calendar lists them. Split in two files so
 * the two halves run on separate workers (the renders of each take minutes on two cores).
 */
/** The two files' world (fixed seed, 1 s render polls, no grace after the due time) and the kit over it. */
export function useAutomationIntWorld() {
  const world = useAutomationWorld({
    automationSeed: () => 42,
    automation: { renderPollSeconds: 1 },
    posts: { dueGraceMs: 0 },
  })
  return { world, ...automationIntKit(world) }
}

function automationIntKit(world: { server: TestServer; sandbox: TestSandbox }) {
  const server = () => world.server
  /**
   * A distinctive private "Account Description": none of it may ever reach a public caption (issue 18). The niche is a
   * two-word label, which may name the topic; the audience and goals are the person's own private words.
   */
  const DESCRIPTION = {
    targetAudience: 'Night-shift nurses in Tallinn who collect Olivetti typewriters',
    niche: 'Typewriter repair',
    appGoals: 'Sell 40 Zephyr restoration kits before the spring launch',
  }

  async function person() {
    const { cookie, userId } = await signUp(server())
    const { open_id: openId } = await world.sandbox.createCreator({})
    const accountId = await connectCreator(server(), world.sandbox, cookie, openId)
    const described = await inject(server(), 'PATCH', `/api/tiktok/accounts/${accountId}`, cookie, DESCRIPTION)
    expect(described.statusCode, described.body).toBe(200)
    return { cookie, userId, openId, accountId }
  }

  /** The caption TikTok receives for this title and description quotes none of the account's description. */
  function expectNoPrivateText(caption: string) {
    const text = caption.toLowerCase()
    expect(text).not.toContain(DESCRIPTION.targetAudience.toLowerCase())
    expect(text).not.toContain(DESCRIPTION.appGoals.toLowerCase())
    // The details only the private description has: not one of them. A hook may address the audience by a short label
    // ("night-shift nurses", ADR 046), never by where they live or what they collect, nor name the goals' product.
    for (const word of ['tallinn', 'olivetti', 'zephyr', 'restoration kits']) expect(text).not.toContain(word)
    // Nor the filming brief the AI writes for the creator.
    expect(caption).not.toMatch(/\b(Film|Record|Open on)\b|speak directly to|call to action/)
  }

  function settings(accountId: string, overrides: Partial<AutomationSettingsInput> = {}): AutomationSettingsInput {
    return {
      enabled: true,
      hookConcept: 'random',
      customConcept: '',
      tone: 'random',
      customTone: '',
      mustInclude: [],
      mayInclude: [],
      customPrompt: '',
      exampleHooks: [],
      days: ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'],
      postsPerDay: 2,
      windowStart: '10:00',
      windowEnd: '12:00',
      videoIds: ['stock:feature-tour', 'stock:clean-interface'],
      accountId,
      postSettings: { privacyLevel: 'SELF_ONLY', allowComment: true, allowDuet: false, allowStitch: false },
      ...overrides,
    }
  }

  async function save(cookie: string, body: unknown): Promise<AutomationOverview> {
    const res = await inject(server(), 'PUT', '/api/automation', cookie, body)
    expect(res.statusCode, res.body).toBe(200)
    return automationOverviewSchema.parse(res.json())
  }

  async function overview(cookie: string): Promise<AutomationOverview> {
    const res = await inject(server(), 'GET', '/api/automation', cookie)
    expect(res.statusCode, res.body).toBe(200)
    return automationOverviewSchema.parse(res.json())
  }

  const allSlots = (o: AutomationOverview) => o.runs.flatMap((r) => r.slots)

  /**
   * The automation's posts from a week ago to 117 days ahead, as the calendar lists them (two 62-day windows, the widest
   * it gives), each read whole as its dialog would.
   */
  async function automationPosts(cookie: string) {
    const listed = []
    const now = Date.now()
    for (const start of [-7, 55]) {
      // One reading of the clock: two could make the window a millisecond wider than 62 days.
      const from = new Date(now + start * 86_400_000).toISOString()
      const to = new Date(now + (start + 62) * 86_400_000).toISOString()
      const res = await inject(server(), 'GET', `/api/posts?from=${from}&to=${to}`, cookie)
      expect(res.statusCode, res.body).toBe(200)
      listed.push(...calendarPostListSchema.parse(res.json()).posts.filter((p) => p.source === 'automation'))
    }
    return Promise.all(
      listed.map(async (p) =>
        postSchema.parse((await inject(server(), 'GET', `/api/posts/${p.id}`, cookie)).json().post),
      ),
    )
  }

  return { DESCRIPTION, person, expectNoPrivateText, settings, save, overview, allSlots, automationPosts }
}
