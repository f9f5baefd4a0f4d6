import { cleanup, fireEvent, render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { useState } from 'react'
import { afterEach, describe, expect, it } from 'vitest'
import { CropFocusField, cropFocusText } from './crop-focus-field'

afterEach(cleanup)

describe('cropFocusText', () => {
  it('names the centre, the edges and how far towards one', () => {
    expect(cropFocusText(50, 'sides')).toBe('Centre')
    expect(cropFocusText(0, 'sides')).toBe('Left edge')
    expect(cropFocusText(100, 'ends')).toBe('Bottom edge')
    expect(cropFocusText(20, 'sides')).toBe('30% towards the left')
    expect(cropFocusText(65, 'ends')).toBe('15% towards the bottom')
  })
})

function Harness({ axis }: { axis: 'sides' | 'ends' }) {
  const [focus, setFocus] = useState(50)
  return <CropFocusField axis={axis} focus={focus} onChange={setFocus} />
}

describe('CropFocusField', () => {
  // jsdom has no keyboard behaviour for a range input: the e2e test moves it with the arrow keys.
  it('is a labelled slider read aloud in words, with a way back to the centre', async () => {
    const user = userEvent.setup()
    render(<Harness axis="sides" />)
    const slider = screen.getByRole('slider', { name: 'Crop focus' })
    expect(slider.getAttribute('aria-valuetext')).toBe('Centre')
    expect(screen.queryByRole('button', { name: 'Back to the centre' })).toBeNull()
    fireEvent.change(slider, { target: { value: '40' } })
    expect(slider.getAttribute('aria-valuetext')).toBe('10% towards the left')
    fireEvent.change(slider, { target: { value: '100' } })
    expect(screen.getByText('Right edge')).toBeTruthy()
    await user.click(screen.getByRole('button', { name: 'Back to the centre' }))
    expect(slider.getAttribute('aria-valuetext')).toBe('Centre')
  })
})
