/**
 * Prints what the built-in offline writer (ADR 013, ADR 046) writes for two sample accounts: the Create tab's five
 * hook suggestions for a video, and the Create Hooks tab's content ideas (title, filming brief, hook). A dev tool to
 * read the writer's output as a creator would after changing its formulas; the rules it keeps are tested in
 * apps/server/src/modules/ai/offline-generator/hook-quality.test.ts.
 *
 *   node --import tsx scripts/offline-hooks-sample.ts [--seed 1] [--ideas]
 */
import { parseArgs } from 'node:util'
import { EMPTY_HOOK_CONTEXT, type ContentTone, type HookConcept, type HookContext } from '@hookpost/shared'
import { generateContentIdeas, generateHooks } from '../apps/server/src/modules/ai'

const { values } = parseArgs({
  options: { seed: { type: 'string', default: '1' }, ideas: { type: 'boolean', default: false } },
})
const seed = Number(values.seed)

interface Sample {
  name: string
  /** What the Create tab sends: the account's description and the video's title and description. */
  video: HookContext
  /** What the Create Hooks tab adds for content ideas. */
  ideas: { concept: HookConcept; tone: ContentTone } & Pick<HookContext, 'mustInclude' | 'exampleHooks'>
}

const SAMPLES: Sample[] = [
  {
    name: 'Busy moms · Meal prep — video “Meal prep app demo”',
    video: {
      ...EMPTY_HOOK_CONTEXT,
      targetAudience: 'Busy moms',
      niche: 'Meal prep',
      appGoals: 'Get more downloads of my recipe app',
      videoTitle: 'Meal prep app demo',
    },
    ideas: { concept: 'curiosity_gap', tone: 'casual', mustInclude: ['air fryer'], exampleHooks: [] },
  },
  {
    name: 'Beginner lifters · Strength training — video “5 mistakes beginners make at the gym”',
    video: {
      ...EMPTY_HOOK_CONTEXT,
      targetAudience: 'beginner lifters',
      niche: 'strength training',
      appGoals: 'Sell my 12-week program',
      videoTitle: '5 mistakes beginners make at the gym',
    },
    ideas: {
      concept: 'controversy',
      tone: 'provocative',
      mustInclude: [],
      exampleHooks: ['Are you skipping this warm-up?', 'Why do your knees hurt after squats?'],
    },
  },
]

for (const sample of SAMPLES) {
  console.log(`\n${sample.name}`)
  for (const hook of generateHooks({ context: sample.video, seed })) console.log(`  ${hook.text}`)
  if (!values.ideas) continue
  const { concept, tone, ...words } = sample.ideas
  const context = { ...sample.video, videoTitle: '', ...words }
  console.log(`  content ideas (${concept} × ${tone}, ${JSON.stringify(words)}):`)
  for (const idea of generateContentIdeas({ context, concept, tone, seed })) {
    console.log(`  • ${idea.title}\n    ${idea.description}\n    Hook: ${idea.hookText}`)
  }
}
