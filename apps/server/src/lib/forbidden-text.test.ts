import { describe, expect, it } from 'vitest'
import { MESSAGES } from '@hookpost/shared'
import { findForbiddenText, forbiddenTextError } from './forbidden-text'

describe('forbidden characters in text', () => {
  it('finds NUL and every bidi embedding, override and isolate, naming the field', () => {
    expect(findForbiddenText({ title: 'ok', description: 'bad\u0000' })).toEqual({
      path: 'description',
      character: 'U+0000',
    })
    for (const code of [0x202a, 0x202b, 0x202c, 0x202d, 0x202e, 0x2066, 0x2067, 0x2068, 0x2069]) {
      const found = findForbiddenText({ textOverlays: [{ text: 'fine' }, { text: `a${String.fromCodePoint(code)}b` }] })
      expect(found).toEqual({
        path: 'textOverlays.1.text',
        character: `U+${code.toString(16).toUpperCase()}`,
      })
    }
    expect(findForbiddenText({ ['k\u202e']: 1 })).toEqual({ path: 'k\u202e', character: 'U+202E' })
    expect(findForbiddenText('\u2066')).toEqual({ path: '', character: 'U+2066' })
  })

  it('leaves real text alone: right-to-left scripts, marks, emoji, other controls', () => {
    expect(
      findForbiddenText({
        caption: 'مرحبا بالعالم שלום 👋🏽 e\u0301 \u200f\u200e tab\tnewline\n',
        count: 3,
        on: true,
        none: null,
      }),
    ).toBeUndefined()
  })

  it('reads query strings as Fastify parses them (objects on an empty prototype), and skips buffers', () => {
    function Empty() {}
    Empty.prototype = Object.create(null)
    const query = Object.assign(new (Empty as unknown as new () => object)(), { from: '2026\u0000' })
    expect(findForbiddenText(query)).toEqual({ path: 'from', character: 'U+0000' })
    expect(findForbiddenText(Buffer.from('\u0000'))).toBeUndefined()
  })

  it('survives a deeply nested value (no recursion)', () => {
    let deep: unknown = 'x\u0000'
    for (let i = 0; i < 50_000; i++) deep = [deep]
    expect(findForbiddenText(deep)?.character).toBe('U+0000')
  })

  it('becomes a 400 that names the field in its message and details', () => {
    const error = forbiddenTextError({ path: 'title', character: 'U+202E' }, 'body')
    expect(error.code).toBe('VALIDATION_FAILED')
    expect(error.message).toBe(`“title” ${MESSAGES.forbiddenCharacter} (U+202E)`)
    expect(error.details).toEqual([{ path: 'title', message: error.message }])
    expect(forbiddenTextError({ path: '', character: 'U+0000' }, 'body').message).toMatch(/^“body” /)
  })
})
