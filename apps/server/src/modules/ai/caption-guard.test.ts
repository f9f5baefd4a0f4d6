import { describe, expect, it } from 'vitest'
import { guardWords, privateRuns, quotedPrivateField, withoutPrivateText, type PrivateField } from './caption-guard'

const FIELDS: PrivateField[] = [
  { name: 'target audience', text: 'Night-shift nurses in Tallinn who collect vintage typewriters' },
  { name: 'niche', text: 'Typewriter repair' },
  { name: 'app goals', text: 'Sell 40 restoration kits before the Zephyr launch.' },
]

describe('the privacy guard for public captions', () => {
  it('compares words case-folded, without punctuation, spaces or hashtag marks', () => {
    expect(guardWords('Night-shift NURSES, in #Tallinn!')).toEqual(['night', 'shift', 'nurses', 'in', 'tallinn'])
    expect(guardWords('ＦＵＬＬ width')).toEqual(['full', 'width'])
  })

  it('treats fields of one or two words as labels, a three-word field whole, longer ones by four-word runs', () => {
    const runs = privateRuns([
      { name: 'a', text: 'meal prep' },
      { name: 'b', text: 'busy working moms' },
      { name: 'c', text: 'one two three four five' },
    ])
    expect(runs).toEqual([
      { field: 'b', run: 'busyworkingmoms' },
      { field: 'c', run: 'onetwothreefour' },
      { field: 'c', run: 'twothreefourfive' },
    ])
  })

  it('finds the description quoted whole, in part, in another case, or run together in a hashtag', () => {
    expect(quotedPrivateField('For night-shift nurses in Tallinn who collect vintage typewriters', FIELDS)).toBe(
      'target audience',
    )
    expect(quotedPrivateField('Perfect for nurses in Tallinn who like coffee', FIELDS)).toBe('target audience')
    expect(quotedPrivateField('SELL 40 RESTORATION KITS now', FIELDS)).toBe('app goals')
    expect(quotedPrivateField('#sell40restorationkits #fyp', FIELDS)).toBe('app goals')
    expect(quotedPrivateField('@nursesintallinnwho said hi', FIELDS)).toBe('target audience')
  })

  it('lets through what does not quote it: short labels, common words, three words of a longer field', () => {
    expect(quotedPrivateField('Typewriter repair, the easy way #typewriterrepair', FIELDS)).toBeNull()
    expect(quotedPrivateField('Night shift? Nurses, this one is for you', FIELDS)).toBeNull()
    expect(quotedPrivateField('Before the launch: restoration kits explained', FIELDS)).toBeNull()
    expect(quotedPrivateField('', FIELDS)).toBeNull()
    expect(quotedPrivateField('Anything at all', [{ name: 'x', text: '   ' }])).toBeNull()
  })

  it('takes out only the sentences and hashtags that quote it, and says so', () => {
    const cleaned = withoutPrivateText(
      'Three fixes in a minute. Made for night-shift nurses in Tallinn who collect vintage typewriters! Save this.\n\n#typewriter #sell40restorationkits #fyp',
      FIELDS,
    )
    expect(cleaned).toEqual({ text: 'Three fixes in a minute. Save this.\n\n#typewriter #fyp', removed: true })
    expect(withoutPrivateText('Nothing private here. Save this.', FIELDS)).toEqual({
      text: 'Nothing private here. Save this.',
      removed: false,
    })
  })
})
