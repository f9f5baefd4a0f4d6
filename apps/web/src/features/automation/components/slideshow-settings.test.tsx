import { cleanup, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeAll, describe, expect, it } from 'vitest'
import { AUTOMATION_MESSAGES, type AutomationSettings } from '@hookpost/shared/automation'
import {
  accountChoices,
  automationApi,
  imageChoices,
  installDialogPolyfill,
  libraryChoices,
  makeOverview,
  makeRun,
  makeSlot,
  READY_SETTINGS,
  renderWithQueryClient,
} from '../testing/test-utils'
import { AutomationPanel } from './automation-panel'

beforeAll(installDialogPolyfill)
afterEach(cleanup)

const READY = READY_SETTINGS

function setup(settings: Partial<AutomationSettings> = READY, runs = makeOverview().runs) {
  const api = automationApi(makeOverview(settings, runs))
  const user = userEvent.setup()
  renderWithQueryClient(
    <AutomationPanel
      accounts={accountChoices()}
      library={libraryChoices()}
      images={imageChoices()}
      profileTimeZone="Europe/Paris"
      noAccounts={null}
      onEditPost={() => undefined}
    />,
  )
  return { ...api, user }
}

const tab = (name: string) => screen.getByRole('tab', { name: new RegExp(`^${name}`) })
const formatGroup = () => screen.getByRole('group', { name: 'What to post' })
const lastBody = (api: ReturnType<typeof setup>) => api.puts().at(-1)?.body as Record<string, unknown>

describe('Automation: what to post', () => {
  it('offers videos, slideshows or both by turns as a radio group, videos by default', async () => {
    const { user } = setup()
    await user.click(await screen.findByRole('tab', { name: /^Video Selection/ }))
    const radios = within(formatGroup()).getAllByRole('radio')
    expect(radios.map((r) => r.getAttribute('value'))).toEqual(['video', 'slideshow', 'alternate'])
    expect((within(formatGroup()).getByRole('radio', { name: /^Videos/ }) as HTMLInputElement).checked).toBe(true)
    // Videos only: no image set, no slides count.
    expect(screen.queryByRole('group', { name: 'Images for slideshows' })).toBeNull()
    expect(screen.queryByLabelText('Point slides per slideshow')).toBeNull()
  })

  it('asks for images when slideshows are chosen, and saves the chosen set and slides per post', async () => {
    const api = setup()
    const { user } = api
    await user.click(await screen.findByRole('tab', { name: /^Video Selection/ }))
    await user.click(within(formatGroup()).getByRole('radio', { name: /^Slideshows/ }))
    // Slideshows only: the Library picker goes, the gallery picker comes.
    expect(screen.queryByRole('group', { name: 'Videos to post' })).toBeNull()
    const images = screen.getByRole('group', { name: 'Images for slideshows' })

    await user.click(screen.getByRole('button', { name: 'Save Settings' }))
    expect(await screen.findAllByText(AUTOMATION_MESSAGES.slideshowImagesRequired)).not.toHaveLength(0)
    expect(api.puts()).toHaveLength(0)

    // Thumbnails are named by what they show.
    await user.click(within(images).getByRole('checkbox', { name: 'A bowl of overnight oats' }))
    await user.click(within(images).getByRole('checkbox', { name: 'An image you uploaded' }))
    expect(within(images).getByText('2 images selected')).toBeTruthy()
    await user.selectOptions(screen.getByLabelText('Point slides per slideshow'), '5')
    expect(screen.getByText(/Each slideshow has 7 slides/)).toBeTruthy()
    await user.click(screen.getByRole('button', { name: 'Save Settings' }))
    await waitFor(() => expect(api.puts().length).toBeGreaterThan(0))
    expect(lastBody(api)).toMatchObject({
      format: 'slideshow',
      slideshowImageIds: ['img-1', 'img-3'],
      slidesPerPost: 5,
      sendAsDrafts: false,
    })
  })

  it('alternating needs both videos and images, each picker shown', async () => {
    const { user } = setup({ ...READY, videoIds: [] })
    await user.click(await screen.findByRole('tab', { name: /^Video Selection/ }))
    await user.click(within(formatGroup()).getByRole('radio', { name: /^Alternate/ }))
    expect(screen.getByRole('group', { name: 'Videos to post' })).toBeTruthy()
    expect(screen.getByRole('group', { name: 'Images for slideshows' })).toBeTruthy()
    await user.click(screen.getByRole('button', { name: 'Save Settings' }))
    expect(await screen.findAllByText(AUTOMATION_MESSAGES.videosRequired)).not.toHaveLength(0)
    expect(screen.getAllByText(AUTOMATION_MESSAGES.slideshowImagesRequired)).not.toHaveLength(0)
    expect(tab('Video Selection').textContent).toMatch(/2 problems/)
  })
})

describe('Automation: send as drafts', () => {
  it('explains drafts and TikTok’s 5-a-day cap, needs no privacy for them, and saves the choice', async () => {
    const api = setup({ ...READY, postSettings: { ...READY.postSettings!, privacyLevel: null } })
    const { user } = api
    await user.click(await screen.findByRole('tab', { name: /^Advanced Settings/ }))
    const drafts = screen.getByRole('checkbox', { name: 'Send as drafts to the TikTok inbox' })
    expect((drafts as HTMLInputElement).checked).toBe(false)
    expect(drafts.getAttribute('aria-describedby')).toBeTruthy()
    expect(screen.getByText(/you finish it in TikTok/).textContent).toMatch(/at most 5 drafts waiting a day/)

    // Posted directly, who can see them must be chosen.
    await user.click(screen.getByRole('button', { name: 'Save Settings' }))
    expect(await screen.findAllByText(AUTOMATION_MESSAGES.privacyRequired)).not.toHaveLength(0)
    expect(api.puts()).toHaveLength(0)

    await user.click(drafts)
    expect(screen.getByText(/you choose this in TikTok when you finish each post/)).toBeTruthy()
    await user.click(screen.getByRole('button', { name: 'Save Settings' }))
    await waitFor(() => expect(api.puts().length).toBeGreaterThan(0))
    expect(lastBody(api)).toMatchObject({ sendAsDrafts: true, format: 'video' })
  })

  it('shows a planned slideshow sent to the inbox in the History', async () => {
    const run = makeRun({
      slots: [makeSlot({ format: 'slideshow', sendAsDraft: true, state: 'inbox', sourceTitle: 'Meal prep' })],
    })
    setup(READY, [run])
    const slots = await screen.findByRole('list', { name: 'Planned posts' })
    expect(within(slots).getByText('In TikTok inbox')).toBeTruthy()
    expect(within(slots).getByText('Sent to your TikTok inbox — open TikTok to finish')).toBeTruthy()
    expect(within(slots).getByText(/^Slideshow:/)).toBeTruthy()
  })
})
