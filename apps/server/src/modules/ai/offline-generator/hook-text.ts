/** Text helpers of the offline generator: tidying user values, filling `{slot}` templates, finishing a hook. */

/** One line, single spaces, no space before punctuation, no stray separators at the ends. */
export function tidy(s: string): string {
  return s
    .replace(/\s+/g, ' ')
    .replace(/\s+([,.!?;:…)])/g, '$1')
    .replace(/\(\s*\)/g, '')
    .replace(/([(])\s+/g, '$1')
    .replace(/\s+/g, ' ')
    .replace(/^[\s,;:—–-]+/, '')
    .replace(/[\s,;:—–-]+$/, '')
    .trim()
}

/** A user value ready to sit inside a sentence: one line, no trailing full stop or separator. */
export function cleanValue(s: string | undefined): string {
  return tidy((s ?? '').replace(/[.!;:,]+$/, ''))
}

export function upperFirst(s: string): string {
  const chars = Array.from(s)
  return chars.length === 0 ? s : chars[0]!.toUpperCase() + chars.slice(1).join('')
}

const KEEP_CASE_FIRST_WORDS = new Set(['i', "i'm", 'i’m', "i've", 'i’ve', "i'd", 'i’d', "i'll", 'i’ll', 'pov'])

/**
 * Lower-cases the first letter when the text is plain sentence case ("Busy moms" → "busy moms") so it can continue a
 * sentence; leaves names, acronyms and brand spellings alone ("Gen Z", "TikTok", "I", "POV").
 */
export function lowerFirstIfPlain(s: string): string {
  const words = s.split(' ')
  const first = words[0] ?? ''
  if (KEEP_CASE_FIRST_WORDS.has(first.toLowerCase().replace(/[,:]$/, ''))) return s
  if (!/^[A-Z][a-z'’-]*[,:]?$/.test(first)) return s
  if (words.slice(1).some((w) => /[A-Z]/.test(w) && !KEEP_CASE_FIRST_WORDS.has(w.toLowerCase()))) return s
  return first.charAt(0).toLowerCase() + s.slice(1)
}

export function uniqueValues(values: readonly string[]): string[] {
  const seen = new Set<string>()
  const out: string[] = []
  for (const raw of values) {
    const v = cleanValue(raw)
    if (v === '' || seen.has(v.toLowerCase())) continue
    seen.add(v.toLowerCase())
    out.push(v)
  }
  return out
}

export function endsWithPunctuation(s: string): boolean {
  return /[.!?…]$/.test(s)
}

/** Fills `{slot}`s in one pass (inserted text is never scanned again); null when a slot has no value. */
export function fill(template: string, values: Readonly<Record<string, string | undefined>>): string | null {
  let missing = false
  const text = template.replace(/\{(\w+)\}/g, (_match, name: string) => {
    const value = values[name]
    if (value === undefined || value === '') {
      missing = true
      return ''
    }
    return value
  })
  return missing ? null : text
}

/** Joins phrases as a person lists them: "a", "a and b", "a, b and c". */
export function listOf(items: readonly string[]): string {
  if (items.length <= 1) return items[0] ?? ''
  return `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`
}

/** Lower-cases a template's own first word so it can follow a lead-in ("Hot take: you're …"); keeps "I", "POV". */
export function lowerLead(core: string): string {
  const first = core.split(' ')[0] ?? ''
  if (KEEP_CASE_FIRST_WORDS.has(first.toLowerCase().replace(/[,:]$/, ''))) return core
  return /^[A-Z][a-z'’-]*[,:]?$/.test(first) ? first.charAt(0).toLowerCase() + core.slice(1) : core
}

export function finish(s: string): string {
  return upperFirst(tidy(s))
}
