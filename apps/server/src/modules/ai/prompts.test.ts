import { describe, expect, it } from 'vitest'
import { PROMPTS, renderPrompt } from './prompts'

describe('versioned prompts', () => {
  it('each prompt file is there, named by its version, and fills with no placeholder left', () => {
    expect(PROMPTS.hooks.id).toBe('hooks.v1')
    expect(PROMPTS.contentIdeas.id).toBe('content-ideas.v1')
    expect(PROMPTS.image.selfie.id).toBe('image-selfie.v1')
    const filled = [
      renderPrompt(PROMPTS.hooks, { count: 5, maxChars: 120 }),
      renderPrompt(PROMPTS.contentIdeas, { count: 5, titleMax: 100, descriptionMax: 300, hookMax: 120 }),
      renderPrompt(PROMPTS.image.selfie, { prompt: 'me at the bakery' }),
    ]
    for (const text of filled) {
      expect(text.length).toBeGreaterThan(100)
      expect(text).not.toMatch(/\{\{|\}\}/)
    }
    expect(filled[0]).toContain('Write 5 different hooks')
    expect(filled[1]).toContain('at most 300 characters')
  })

  it('refuses a missing value and a value with no place; a value is never read as a placeholder', () => {
    expect(() => renderPrompt(PROMPTS.hooks, { count: 5 })).toThrow(/no value for \{\{maxChars\}\}/)
    expect(() => renderPrompt(PROMPTS.hooks, { count: 5, maxChars: 120, extra: 1 })).toThrow(/no place for extra/)
    expect(renderPrompt(PROMPTS.image.selfie, { prompt: 'a {{count}} sign' })).toContain('a {{count}} sign')
  })
})
