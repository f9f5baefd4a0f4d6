import { describe, expect, it } from 'vitest'
import { EMPTY_HOOK_CONTEXT } from '@hookpost/shared'
import { cleanLine, fitSentences, ideasRequest, usableHooks, usableIdeas } from './openai-writer'

describe('a model’s answer, made fit to show', () => {
  it('cleans a line: one line, no list numbering or bullet, no wrapping quotes', () => {
    expect(cleanLine('  1. "Stop scrolling"  ')).toBe('Stop scrolling')
    expect(cleanLine('- “Your bread is flat”')).toBe('Your bread is flat')
    expect(cleanLine('2) Two\nlines')).toBe('Two lines')
    // Quotes inside the hook are the hook's own.
    expect(cleanLine('"Best" bread "ever"')).toBe('"Best" bread "ever"')
    expect(cleanLine('10 minutes to better bread')).toBe('10 minutes to better bread')
  })

  it('cuts a long description at its last whole sentence, or gives up', () => {
    expect(fitSentences('Short.', 300)).toBe('Short.')
    expect(fitSentences('One sentence. Two sentence. Three', 30)).toBe('One sentence. Two sentence.')
    expect(fitSentences('x'.repeat(50), 30)).toBeNull()
  })

  it('keeps hooks in the model’s order, up to the count, dropping repeats, long ones and ones missing a keyword', () => {
    const hooks = usableHooks(
      ['Bread tip one', 'bread tip one!', 'No keyword', `Bread ${'x'.repeat(130)}`, 'Bread tip two', 'Bread three'],
      ['bread'],
      2,
    )
    expect(hooks).toEqual(['Bread tip one', 'Bread tip two'])
  })

  it('keeps ideas with a title, a description that fits and an acceptable hook; no repeated titles or hooks', () => {
    const idea = { title: 'T', description: 'Film it.', hookText: 'Bread hook' }
    expect(
      usableIdeas(
        [
          idea,
          { ...idea, hookText: 'Another bread hook' },
          { ...idea, title: 'T2' },
          { title: ' ', description: 'Film it.', hookText: 'Bread 2' },
          { title: 'T3', description: 'x'.repeat(400), hookText: 'Bread 3' },
          { title: 'T4', description: 'Film it.', hookText: 'Bread 4' },
        ],
        ['bread'],
        5,
      ),
    ).toEqual([idea, { title: 'T4', description: 'Film it.', hookText: 'Bread 4' }])
  })

  it('tells the model only what the person gave, and custom words only for an ‘other’ concept or tone', () => {
    const sent = JSON.parse(
      ideasRequest(
        { ...EMPTY_HOOK_CONTEXT, niche: 'bread', customConcept: 'a myth', customTone: 'dry wit' },
        'question',
        'other',
        '',
      ),
    )
    expect(sent).toEqual({
      account: { niche: 'bread' },
      hookConcept: 'question',
      hookConceptName: 'Question',
      tone: 'other',
      toneName: 'Other',
      customTone: 'dry wit',
    })
  })
})
