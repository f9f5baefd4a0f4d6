import { describe, expect, it } from 'vitest'
import { MESSAGES } from './messages'
import { BATCH_MAX_ROWS, batchRowIssue } from './posts-batch'

describe('batchRowIssue', () => {
  it("reads a row's index and field from a refused batch's detail path", () => {
    expect(batchRowIssue('rows.3.title')).toEqual({ index: 3, field: 'title' })
    expect(batchRowIssue('body.rows.12.date')).toEqual({ index: 12, field: 'date' })
    expect(batchRowIssue('rows.0')).toEqual({ index: 0, field: 'row' })
    expect(batchRowIssue('rows')).toBeNull()
    expect(batchRowIssue('title')).toBeNull()
  })

  it('says the same limit the server holds', () => {
    expect(MESSAGES.batchTooManyRows).toContain(`up to ${BATCH_MAX_ROWS} videos`)
  })
})
