import { describe, expect, it } from 'vitest'
import { AI_MESSAGES } from '@hookpost/shared/ai'
import { contentRequest, keywords, type ContentChoices } from './content-request'

const CHOICES: ContentChoices = {
  accountId: 'acc-1',
  concept: 'curiosity_gap',
  tone: 'casual',
  customConcept: '',
  customTone: '',
  mustInclude: '',
  mayInclude: '',
  customText: '',
  customPrompt: '',
  examples: [],
}

describe('content generator request', () => {
  it('reads comma-separated keywords', () => {
    expect(keywords('budget, meal prep ,, ')).toEqual(['budget', 'meal prep'])
    expect(keywords('')).toEqual([])
  })

  it('sends the choices as the contract takes them', () => {
    const request = contentRequest({ ...CHOICES, mustInclude: 'budget, meal prep', examples: ['a', 'b'] })
    expect(request).toMatchObject({
      ok: true,
      body: {
        accountId: 'acc-1',
        hookConcept: 'curiosity_gap',
        tone: 'casual',
        mustInclude: ['budget', 'meal prep'],
        mayInclude: [],
        exampleHooks: ['a', 'b'],
      },
    })
  })

  it('puts each message on its field, the first one only, and the rest on the form', () => {
    const request = contentRequest({
      ...CHOICES,
      accountId: '',
      concept: 'other',
      tone: 'other',
      mustInclude: 'x'.repeat(51),
      examples: ['a', ' '],
    })
    expect(request).toEqual({
      ok: false,
      errors: {
        accountId: AI_MESSAGES.accountRequired,
        exampleHooks: 'Example hooks cannot be blank',
        customConcept: AI_MESSAGES.customConceptRequired,
        customTone: AI_MESSAGES.customToneRequired,
        form: expect.any(String),
      },
    })
  })
})
