/** The AI Generation tab's panels: Generate Images, Saved images, Transform to Video. */
export const panelClass = 'rounded-lg border border-slate-200 bg-white p-4 sm:p-6'
