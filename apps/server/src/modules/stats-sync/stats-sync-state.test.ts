import { describe, expect, it } from 'vitest'
import { ANALYTICS_MESSAGES } from '@hookpost/shared'
import { SYNC_LEASE_MS, toSyncState, type SyncRow } from './sync-state.repository'

const now = new Date('2026-11-25T12:00:00Z')
const cutoff = new Date(now.getTime() - SYNC_LEASE_MS)
const active = { id: 'acc', status: 'active' as const, connectedAt: new Date('2026-11-01T00:00:00Z') }
const row = (patch: Partial<SyncRow>): SyncRow => ({
  accountId: 'acc',
  userId: 'u',
  status: 'ok',
  syncedAt: new Date('2026-11-25T11:00:00Z'),
  nextSyncAt: new Date('2026-11-25T13:00:00Z'),
  requestedAt: null,
  rerunRequested: false,
  updatedAt: new Date('2026-11-25T11:00:00Z'),
  ...patch,
})

describe('toSyncState', () => {
  it('shows a synced account as ok, with when it runs next', () => {
    expect(toSyncState(active, row({}), cutoff)).toEqual({
      accountId: 'acc',
      status: 'ok',
      message: null,
      syncedAt: '2026-11-25T11:00:00.000Z',
      nextSyncAt: '2026-11-25T13:00:00.000Z',
      syncing: false,
    })
  })

  it('is syncing while a live lease is held, not once the lease is older than its limit', () => {
    expect(toSyncState(active, row({ requestedAt: new Date(now.getTime() - 60_000) }), cutoff).syncing).toBe(true)
    expect(toSyncState(active, row({ requestedAt: new Date(cutoff.getTime() - 1) }), cutoff).syncing).toBe(false)
  })

  it('before its first sync an account is pending (being fetched), or what its connection says', () => {
    expect(toSyncState(active, undefined, cutoff)).toMatchObject({
      status: 'pending',
      message: ANALYTICS_MESSAGES.pending,
      syncing: true,
      nextSyncAt: null,
    })
    expect(toSyncState({ ...active, status: 'not_connected', connectedAt: null }, undefined, cutoff)).toMatchObject({
      status: 'not_connected',
      message: ANALYTICS_MESSAGES.notConnected,
      syncing: false,
    })
  })

  it('a blocked account reconnected since is pending; one not reconnected keeps its message', () => {
    const blocked = row({ status: 'missing_scope', updatedAt: new Date('2026-11-20T00:00:00Z') })
    expect(toSyncState(active, blocked, cutoff)).toMatchObject({
      status: 'missing_scope',
      message: ANALYTICS_MESSAGES.missingScope,
      nextSyncAt: null,
    })
    const reconnected = { ...active, connectedAt: new Date('2026-11-21T00:00:00Z') }
    expect(toSyncState(reconnected, blocked, cutoff).status).toBe('pending')
  })

  it('an account whose authorisation was found gone elsewhere shows reconnect_required at once', () => {
    expect(toSyncState({ ...active, status: 'reconnect_required' }, row({}), cutoff)).toMatchObject({
      status: 'reconnect_required',
      message: ANALYTICS_MESSAGES.reconnectRequired,
    })
  })
})
