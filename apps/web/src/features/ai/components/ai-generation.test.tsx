import { cleanup, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { AI_FAILURE_REASONS } from '@hookpost/shared/ai'
import { AI_IMAGE_MESSAGES } from '@hookpost/shared/ai-images'
import { mockApi, renderWithQueryClient, type ApiCall, type ApiReply } from '../../../testing/api-mock'
import { makeImage, offlineCardResponse } from '../testing/images'
import { AiGeneration } from './ai-generation'

afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
})

const IMAGE = makeImage()

const GENERATED = offlineCardResponse(IMAGE)

type Routes = Partial<Record<'generate' | 'saved' | 'save' | 'upload' | 'transform' | 'appInfo', ApiReply>>

function setup(routes: Routes = {}, demoMediaId: string | null = null) {
  const reply = (call: ApiCall): ApiReply => {
    if (call.pathname === '/api/generate') return routes.generate ?? { status: 200, body: GENERATED }
    if (call.pathname === '/api/get-saved-images')
      return routes.saved ?? { status: 200, body: { success: true, images: [] } }
    if (call.pathname === '/api/save-image') {
      return (
        routes.save ?? {
          status: 200,
          body: { success: true, savedImageUrl: IMAGE.url, message: 'Image saved', image: { ...IMAGE, saved: true } },
        }
      )
    }
    if (call.pathname === '/api/images')
      return routes.upload ?? { status: 201, body: { image: { ...IMAGE, id: 'up-1', prompt: 'me.png', saved: true } } }
    if (call.pathname === '/api/transform-to-video') {
      return (
        routes.transform ?? {
          status: 201,
          body: { success: true, message: 'Video "T" created!', videoUrl: '/api/videos/v1/file', videoId: 'v1' },
        }
      )
    }
    if (call.pathname === '/api/app-info' && routes.appInfo) return routes.appInfo
    return { status: 404, body: { code: 'NOT_FOUND', message: 'Not found' } }
  }
  const api = mockApi(reply)
  const user = userEvent.setup()
  renderWithQueryClient(
    <AiGeneration
      demoMediaId={demoMediaId}
      demoPicker={<p>Demo picker</p>}
      renderResult={(videoId) => <p>Result for {videoId}</p>}
      hookGenerator={({ title, onApply }) => (
        <button type="button" onClick={() => onApply(`Suggested for ${title}`)}>
          Suggest a hook
        </button>
      )}
    />,
  )
  return { ...api, user }
}

const generator = () => screen.getByRole('region', { name: 'Generate Images' })
const transformer = () => screen.getByRole('region', { name: 'Transform to Video' })

describe('AI Generation tab', () => {
  it('says before generating that, with no image model, the image is a text card', async () => {
    setup({
      appInfo: {
        status: 200,
        body: {
          supportEmail: 's@x',
          devOutbox: true,
          tiktokSandbox: true,
          ai: { writer: 'offline', images: 'offline' },
        },
      },
    })
    expect(
      await within(generator()).findByText(
        'No image model is configured: you get a text card made from your prompt, not a picture.',
      ),
    ).toBeTruthy()
  })

  it('asks for a prompt and sends nothing without one', async () => {
    const { user, calls } = setup()
    await user.click(within(generator()).getByRole('button', { name: 'Generate Image' }))
    expect(within(generator()).getByText(AI_IMAGE_MESSAGES.promptRequired)).toBeTruthy()
    expect(calls.filter((c) => c.pathname === '/api/generate')).toEqual([])
  })

  it('sends the prompt with style selfie, shows the labelled card, saves it once ("Saved", disabled)', async () => {
    const { user, calls } = setup()
    await user.type(within(generator()).getByLabelText('Image prompt'), 'A cat in a hat')
    await user.click(within(generator()).getByRole('button', { name: 'Generate Image' }))
    expect(await within(generator()).findByRole('img', { name: 'Text card: A cat in a hat' })).toBeTruthy()
    expect(within(generator()).getByRole('status').textContent).toBe(AI_IMAGE_MESSAGES.offlineFallback)
    expect(calls.find((c) => c.pathname === '/api/generate')).toMatchObject({
      path: '/api/generate?type=image',
      body: { prompt: 'A cat in a hat', style: 'selfie' },
    })
    await user.click(within(generator()).getByRole('button', { name: 'Save Image' }))
    const saved = await within(generator()).findByRole('button', { name: 'Saved' })
    expect((saved as HTMLButtonElement).disabled).toBe(true)
    expect(calls.filter((c) => c.pathname === '/api/save-image')).toHaveLength(1)
    // The gallery shows it at once.
    expect(await screen.findByRole('button', { name: 'Use image: A cat in a hat' })).toBeTruthy()
  })

  it.each([
    [
      'the server says it failed',
      {
        status: 200,
        body: {
          ...GENERATED,
          success: false,
          imageUrl: null,
          image: null,
          fallback: false,
          message: AI_IMAGE_MESSAGES.generateFailed,
        },
      },
      AI_IMAGE_MESSAGES.generateFailed,
    ],
    [
      'success without an image',
      { status: 200, body: { ...GENERATED, imageUrl: null, image: null } },
      AI_IMAGE_MESSAGES.noImageUrl,
    ],
    ['a server error', { status: 500, body: { code: 'INTERNAL', message: 'boom' } }, AI_IMAGE_MESSAGES.generateFailed],
    [
      'the image model timed out',
      {
        status: 200,
        body: {
          success: false,
          imageUrl: null,
          image: null,
          fallback: false,
          message: AI_IMAGE_MESSAGES.generateFailed,
          provider: 'openai-compatible',
          reason: AI_FAILURE_REASONS.timeout,
        },
      },
      `${AI_IMAGE_MESSAGES.generateFailed}. ${AI_FAILURE_REASONS.timeout}`,
    ],
  ] as const)('says so when generating fails: %s', async (_name, reply, message) => {
    const { user } = setup({ generate: reply })
    await user.type(within(generator()).getByLabelText('Image prompt'), 'x')
    await user.click(within(generator()).getByRole('button', { name: 'Generate Image' }))
    expect((await within(generator()).findByRole('alert')).textContent).toBe(message)
    expect(within(generator()).queryByRole('img')).toBeNull()
  })

  it('says "Failed to load saved images" with Try again', async () => {
    const { user, calls } = setup({ saved: { status: 500, body: { code: 'INTERNAL', message: 'x' } } })
    const gallery = screen.getByRole('region', { name: 'Saved images' })
    expect((await within(gallery).findByRole('alert')).textContent).toBe(AI_IMAGE_MESSAGES.loadSavedFailed)
    await user.click(within(gallery).getByRole('button', { name: 'Try again' }))
    expect(calls.filter((c) => c.pathname === '/api/get-saved-images')).toHaveLength(2)
  })

  it('refuses a file that is not an image before uploading; uploads an image and chooses it for the video', async () => {
    const { user, calls } = setup()
    const gallery = screen.getByRole('region', { name: 'Saved images' })
    const input = within(gallery).getByLabelText('Upload an image')
    // A browser's "All files" choice gets past `accept`.
    const anyFile = userEvent.setup({ applyAccept: false })
    await anyFile.upload(input, new File(['%PDF'], 'doc.pdf', { type: 'application/pdf' }))
    expect(within(gallery).getByText(AI_IMAGE_MESSAGES.imageFileRequired)).toBeTruthy()
    expect(calls.filter((c) => c.pathname === '/api/images')).toEqual([])

    await user.upload(
      within(gallery).getByLabelText('Upload an image'),
      new File(['png'], 'me.png', { type: 'image/png' }),
    )
    expect(await within(transformer()).findByRole('img', { name: 'Chosen image: me.png' })).toBeTruthy()
    expect(within(gallery).getByRole('button', { name: 'Use image: me.png' }).getAttribute('aria-pressed')).toBe('true')
  })

  it('asks for an image (or a demo) and a title before transforming, in the spec’s words', async () => {
    const { user, calls } = setup()
    await user.click(within(transformer()).getByRole('button', { name: 'Transform to Video' }))
    expect(within(transformer()).getByRole('alert').textContent).toBe(AI_IMAGE_MESSAGES.imageRequired)
    expect(within(transformer()).getByText(AI_IMAGE_MESSAGES.titleRequired)).toBeTruthy()
    await user.click(within(transformer()).getByRole('radio', { name: 'Demo video' }))
    expect(within(transformer()).getByText('Demo picker')).toBeTruthy()
    await user.click(within(transformer()).getByRole('button', { name: 'Transform to Video' }))
    expect(within(transformer()).getByRole('alert').textContent).toBe(AI_IMAGE_MESSAGES.demoRequired)
    expect(calls.filter((c) => c.pathname === '/api/transform-to-video')).toEqual([])
  })

  it('transforms the chosen demo and shows the video as it renders', async () => {
    const { user, calls } = setup({}, 'media-9')
    await user.click(within(transformer()).getByRole('radio', { name: 'Demo video' }))
    await user.type(within(transformer()).getByLabelText('Video title'), 'Tour')
    await user.click(within(transformer()).getByRole('button', { name: 'Transform to Video' }))
    expect(await within(transformer()).findByText('Result for v1')).toBeTruthy()
    expect(calls.find((c) => c.pathname === '/api/transform-to-video')?.body).toEqual({
      videoSource: 'demo',
      demoMediaId: 'media-9',
      title: 'Tour',
      description: '',
      hookText: '',
    })
  })

  it('burns in the hook typed or chosen from the suggestions, and clears it once the video is made', async () => {
    const { user, calls } = setup({}, 'media-9')
    await user.click(within(transformer()).getByRole('radio', { name: 'Demo video' }))
    await user.type(within(transformer()).getByLabelText('Video title'), 'Tour')
    const hook = within(transformer()).getByLabelText('Hook text')
    await user.type(hook, 'typed, then replaced')
    await user.click(within(transformer()).getByRole('button', { name: 'Suggest a hook' }))
    expect((hook as HTMLInputElement).value).toBe('Suggested for Tour')
    await user.click(within(transformer()).getByRole('button', { name: 'Transform to Video' }))
    expect(await within(transformer()).findByText('Result for v1')).toBeTruthy()
    expect(calls.find((c) => c.pathname === '/api/transform-to-video')?.body).toMatchObject({
      hookText: 'Suggested for Tour',
    })
    expect((hook as HTMLInputElement).value).toBe('')
  })

  it.each([
    [
      'a refusal',
      { status: 404, body: { code: 'NOT_FOUND', message: 'Media not found' } },
      `${AI_IMAGE_MESSAGES.transformFailed}: Media not found`,
    ],
    [
      'no video URL',
      { status: 201, body: { success: true, message: 'ok', videoUrl: '', videoId: 'v1' } },
      AI_IMAGE_MESSAGES.noVideoUrl,
    ],
  ] as const)('says why a transform failed: %s', async (_name, reply, message) => {
    const { user } = setup({ transform: reply }, 'media-9')
    await user.click(within(transformer()).getByRole('radio', { name: 'Demo video' }))
    await user.type(within(transformer()).getByLabelText('Video title'), 'Tour')
    await user.click(within(transformer()).getByRole('button', { name: 'Transform to Video' }))
    expect((await within(transformer()).findByRole('alert')).textContent).toBe(message)
    expect(within(transformer()).queryByText('Result for v1')).toBeNull()
  })
})
