import { MESSAGES } from '@hookpost/shared/messages'

/**
 * The studio's user-facing strings from the product spec (product.md §2, §5, §8), verbatim: the shared ones (the server says them
 * too) and those only the browser says.
 */
export const STUDIO_MESSAGES = {
  videoRequired: 'Please upload a video, select one from your library, or choose a demo video',
  titleRequired: 'Please enter a title for your video',
  overlayTextRequired: 'Please enter text for the overlay',
  videoCreated: MESSAGES.videoCreated,
  createFailed: MESSAGES.createVideoFailed,
  processing: 'Processing video... This may take a few minutes.',
  fetchVideosFailed: MESSAGES.fetchVideosFailed,
  deleteVideoConfirm: MESSAGES.deleteVideoConfirm,
  notProcessed: MESSAGES.videoNotProcessed,
  fetchSavedHooksFailed: MESSAGES.fetchSavedHooksFailed,
  saveHookFailed: MESSAGES.saveHookFailed,
  deleteSavedHookFailed: MESSAGES.deleteSavedHookFailed,
  deleteSavedHookConfirm: MESSAGES.deleteSavedHookConfirm,
  hookSaved: MESSAGES.hookSaved,
  savedHookDeleted: MESSAGES.savedHookDeleted,
  fetchLibraryFailed: MESSAGES.fetchLibraryFailed,
  libraryVideoFailed: MESSAGES.libraryVideoFailed,
  /** Ours: a video still on its way cannot be used yet. */
  stillUploading: 'Please wait until the video has finished uploading.',
} as const
