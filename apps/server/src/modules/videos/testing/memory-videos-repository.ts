import { randomUUID } from 'node:crypto'
import type {
  CreatedVideoRow,
  MediaRow,
  NewCreatedVideoRow,
  NewMediaRow,
  VideoQueries,
  VideosRepository,
  VideoView,
} from '../videos.repository'

/**
 * The videos repository as maps, for the services' unit tests: the rules are under test there, not SQL
 * (videos.int.test.ts runs the real repository). Transactions run on a copy and are put back only on success, so a
 * rollback is a rollback here too.
 */
export function memoryVideosRepository() {
  let videos = new Map<string, CreatedVideoRow>()
  let media = new Map<string, MediaRow>()
  /** Media ids a post uses. */
  const usedByPost = new Set<string>()

  function mediaRow(row: NewMediaRow): MediaRow {
    return { audioCodec: null, createdAt: new Date(), ...row, id: row.id ?? randomUUID() } as MediaRow
  }

  function toView(v: CreatedVideoRow): VideoView {
    const source = media.get(v.sourceMediaId)
    const demo = v.demoMediaId ? media.get(v.demoMediaId) : undefined
    const output = v.outputMediaId ? media.get(v.outputMediaId) : undefined
    return {
      ...v,
      source: { mediaId: v.sourceMediaId, originalName: source?.originalName ?? '' },
      demo: demo ? { mediaId: demo.id, originalName: demo.originalName } : null,
      output: output
        ? { storageKey: output.storageKey, durationMs: output.durationMs, sizeBytes: output.sizeBytes }
        : null,
    }
  }

  const update = (id: string, when: (v: CreatedVideoRow) => boolean, change: Partial<CreatedVideoRow>) => {
    const v = videos.get(id)
    if (!v || !when(v)) return false
    videos.set(id, { ...v, ...change })
    return true
  }
  const rendering = (attempt: number) => (v: CreatedVideoRow) => v.state === 'rendering' && v.attempts === attempt

  /** Queued videos that may start, in the fair order of videos.repository.ts (ADR 055). */
  function startable(at: Date, perPerson: number): CreatedVideoRow[] {
    const all = [...videos.values()]
    const running = (userId: string) => all.filter((v) => v.userId === userId && v.state === 'rendering').length
    const turn = (userId: string) =>
      Math.max(-1, ...all.filter((v) => v.userId === userId && v.claimedAt).map((v) => v.claimedAt!.getTime()))
    return all
      .filter((v) => v.state === 'queued' && (!v.renderAfter || v.renderAfter <= at) && running(v.userId) < perPerson)
      .sort(
        (a, b) =>
          turn(a.userId) - turn(b.userId) || a.createdAt.getTime() - b.createdAt.getTime() || a.id.localeCompare(b.id),
      )
  }

  const queries: VideoQueries = {
    async insert(row: NewCreatedVideoRow) {
      const now = new Date()
      const full: CreatedVideoRow = {
        id: randomUUID(),
        description: '',
        textOverlays: [],
        demoMediaId: null,
        state: 'queued',
        progress: 0,
        errorMessage: null,
        attempts: 0,
        outputMediaId: null,
        thumbnailKey: null,
        processedAt: null,
        renderAfter: null,
        claimedAt: null,
        createdAt: now,
        updatedAt: now,
        ...row,
      } as CreatedVideoRow
      videos.set(full.id, full)
      return full
    },
    async findMediaForUser(userId, mediaId) {
      const row = media.get(mediaId)
      return row?.userId === userId ? row : undefined
    },
    async findViewForUser(userId, id) {
      const v = videos.get(id)
      return v?.userId === userId ? toView(v) : undefined
    },
    async findViewInternal(id) {
      const v = videos.get(id)
      return v ? toView(v) : undefined
    },
    async listViewsForUser(userId, limit) {
      return [...videos.values()]
        .filter((v) => v.userId === userId)
        .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime())
        .slice(0, limit)
        .map(toView)
    },
    async existsForUser(userId, id) {
      return videos.get(id)?.userId === userId
    },
    async requeueFailedForUser(userId, id, at) {
      const ok = update(id, (v) => v.userId === userId && v.state === 'failed', {
        state: 'queued',
        renderAfter: null,
        attempts: 0,
        progress: 0,
        errorMessage: null,
        updatedAt: at,
      })
      return ok ? videos.get(id) : undefined
    },
    async deleteForUser(userId, id) {
      const v = videos.get(id)
      if (v?.userId !== userId) return undefined
      videos.delete(id)
      return v
    },
    async mediaUsedByPost(mediaId) {
      return usedByPost.has(mediaId)
    },
    async mediaUsedByVideo(mediaId) {
      return [...videos.values()].some((v) => v.sourceMediaId === mediaId || v.demoMediaId === mediaId)
    },
    async deleteOutputMedia(userId, mediaId) {
      if (usedByPost.has(mediaId)) return 'in-use'
      const row = media.get(mediaId)
      if (row?.userId !== userId) return undefined
      media.delete(mediaId)
      return row
    },
    // The same fair order as the SQL (videos.repository.ts, ADR 055), for the unit tests.
    async claimNextInternal(at, perPerson) {
      const next = startable(at, perPerson)[0]
      if (!next) return undefined
      update(next.id, (row) => row.state === 'queued', {
        state: 'rendering',
        attempts: next.attempts + 1,
        progress: 0,
        errorMessage: null,
        renderAfter: null,
        claimedAt: at,
        updatedAt: at,
      })
      return videos.get(next.id)
    },
    async startableInternal(at, perPerson, limit) {
      const seen = new Set<string>()
      const firsts = startable(at, perPerson).filter((v) => !seen.has(v.userId) && seen.add(v.userId))
      return firsts.slice(0, limit).map((v) => v.id)
    },
    async findRenderInputsInternal(id) {
      const v = videos.get(id)
      const source = v ? media.get(v.sourceMediaId) : undefined
      if (!v || !source) return undefined
      return { video: v, source, demo: (v.demoMediaId && media.get(v.demoMediaId)) || null }
    },
    async heartbeatInternal(id, attempt, progress, at) {
      return update(id, rendering(attempt), { progress, updatedAt: at })
    },
    async releaseInternal(id, attempt, change, at) {
      const v = videos.get(id)
      return update(id, rendering(attempt), {
        state: 'queued',
        progress: 0,
        errorMessage: change.errorMessage,
        renderAfter: change.renderAfter,
        attempts: change.refundAttempt ? Math.max(0, (v?.attempts ?? 0) - 1) : (v?.attempts ?? 0),
        updatedAt: at,
      })
    },
    async failInternal(id, attempt, errorMessage, at) {
      return update(id, rendering(attempt), { state: 'failed', errorMessage, updatedAt: at })
    },
    async insertMediaInternal(row) {
      const full = mediaRow(row)
      media.set(full.id, full)
      return full
    },
    async markProcessedInternal(id, attempt, output, at) {
      return update(id, rendering(attempt), {
        state: 'processed',
        progress: 100,
        errorMessage: null,
        processedAt: at,
        updatedAt: at,
        ...output,
      })
    },
    async staleInternal(before, queuedBefore, limit) {
      return [...videos.values()]
        .filter(
          (v) =>
            (v.state === 'rendering' && v.updatedAt < before) || (v.state === 'queued' && v.updatedAt < queuedBefore),
        )
        .slice(0, limit)
    },
    async settleOrphanInternal(id, attempt, before, outcome, at) {
      const when = (v: CreatedVideoRow) => rendering(attempt)(v) && v.updatedAt < before
      return outcome.state === 'queued'
        ? update(id, when, { state: 'queued', progress: 0, renderAfter: null, updatedAt: at })
        : update(id, when, { state: 'failed', errorMessage: outcome.errorMessage, updatedAt: at })
    },
  }

  const repo: VideosRepository = {
    ...queries,
    async transaction(fn) {
      const saved = { videos: new Map(videos), media: new Map(media) }
      try {
        return await fn({ repo: queries, jobs: { execute: async () => undefined } })
      } catch (err) {
        videos = saved.videos
        media = saved.media
        throw err
      }
    },
  }

  return {
    repo,
    get videos() {
      return videos
    },
    get media() {
      return media
    },
    usedByPost,
    addMedia(row: Partial<MediaRow> & Pick<MediaRow, 'userId'>): MediaRow {
      const id = row.id ?? randomUUID()
      const full = mediaRow({
        originalName: 'clip.mp4',
        storageKey: `${row.userId}/${id}.mp4`,
        contentType: 'video/mp4',
        sizeBytes: 1000,
        durationMs: 3000,
        width: 720,
        height: 1280,
        fps: 30,
        videoCodec: 'h264',
        audioCodec: 'aac',
        ...row,
        id,
      })
      media.set(full.id, full)
      return full
    },
  }
}
