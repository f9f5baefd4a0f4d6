/** User-facing strings from the product spec (product.md §5, §8), verbatim. One place, so the server and the web never drift. */
export const MESSAGES = {
  unexpected: 'An unexpected error occurred. Please try again.',
  passwordsDoNotMatch: 'Passwords do not match',
  passwordTooShort: 'Password must be at least 8 characters long',
  emailRequired: 'Please enter your email address',
  emailInvalid: 'Please enter a valid email address',
  passwordRequired: 'Please enter your password',
  termsRequired: 'You must agree to the Terms of Service and Privacy Policy',
  invalidCredentials: 'Invalid email or password',
  emailTaken: 'An account with this email already exists. Sign in instead.',
  resetRequested: 'If an account exists for that email, we have sent a link to reset your password.',
  resetTokenInvalid: 'This password reset link is invalid or has expired. Please request a new one.',
  passwordResetDone: 'Your password has been reset. You can now sign in with your new password.',
  notAuthenticated: 'User not authenticated',
  dashboardSignedOut: 'You must be logged in to access the dashboard.',
  connectionErrorTitle: 'Connection Error',
  connectionError: "We're having trouble connecting to our servers. Please try again later.",
  tooManyRequests: 'Too many attempts. Please wait a minute and try again.',
  malformedJson: 'The request body is not valid JSON.',
  payloadTooLarge: 'The request body is too large.',
  notFound: 'Not found',
  tiktokConnected: 'Your TikTok account was connected successfully.',
  profileSaved: 'Profile saved',
  // TikTok accounts (product.md §2, §5, §8)
  requiredFields: 'Please fill in all required fields',
  noAccountsConnected: 'No TikTok Accounts Connected',
  noAuthorizationCode: 'No authorization code found in URL',
  tiktokAuthError: 'Authentication error from TikTok',
  connectStateInvalid: 'This connection attempt has expired or was already used. Press “Try again” to start over.',
  // Issue 30: Deny on TikTok's page is the person's choice, not an "authentication error".
  connectDenied:
    'You did not allow Hookpost to use your TikTok account, so nothing was connected. To connect it, press “Try again” and choose Authorize on TikTok’s page.',
  usernameFromTiktok:
    "This account's username comes from TikTok, so it cannot be changed here. It is updated from TikTok each time you reconnect the account.",
  connectFailed: 'We could not finish connecting your TikTok account. Please try again.',
  accountAlreadyConnected: 'This TikTok account is already connected to your Hookpost account.',
  reconnectRequired: 'Reconnect required',
  fetchAccountsFailed: 'Failed to fetch TikTok accounts',
  addAccountFailed: 'Failed to add TikTok account',
  updateAccountFailed: 'Failed to update TikTok account',
  deleteAccountFailed: 'Failed to delete TikTok account',
  accountNotFound: 'TikTok account not found',
  accountAdded: 'Account added successfully',
  // Issue 21: an account added by hand has no TikTok authorisation (state not_connected).
  manualAccountCannotPost:
    'An account added manually cannot post until you connect it to TikTok. Use “Connect TikTok account” to let Hookpost post for you.',
  accountUpdated: 'Account updated successfully',
  accountDeleted: 'Account deleted successfully',
  saveAccountFailed: 'Failed to save account',
  deleteAccountFailedToast: 'Failed to delete account',
  deleteAccountConfirm:
    'Are you sure you want to delete this account? All scheduled videos for this account will also be deleted.',
  sandboxOnly: 'The TikTok sandbox is not in use: Hookpost is connected to the real TikTok.',
  sandboxUnavailable: 'The TikTok sandbox is not answering. Please try again in a moment.',
  tiktokUnavailable: 'TikTok is not answering right now. Please try again in a few minutes.',
  tiktokRateLimited: 'TikTok says too many requests were made for this account. Try again in a minute.',
  creatorCreated: 'Sandbox creator created',
  // Scheduling and publishing (product.md §2, §5, §8)
  videoScheduled: 'Video scheduled successfully on TikTok!',
  scheduleFailed: 'Failed to schedule video on TikTok',
  statusesRefreshed: 'Video statuses refreshed successfully',
  statusesRefreshFailed: 'Failed to refresh video statuses',
  deletePostConfirm: 'Are you sure you want to delete this scheduled video?',
  videoDeleted: 'Video deleted successfully',
  videoDeleteFailed: 'Failed to delete video',
  fetchPostsFailed: 'Failed to fetch scheduled videos',
  uploadFailed: 'Failed to upload video',
  // The moment a post goes out: date + time + zone (packages/shared schedule-time.ts, the posts contract)
  chooseDate: 'Please choose a date',
  chooseTime: 'Please choose a time',
  timeZoneInvalid: 'Please choose a valid time zone',
  chooseDateTimeAndZone: 'Please choose a date, a time and a time zone',
  dateInPast: 'Please choose a date and time in the future',
  timeDoesNotExist:
    'This time does not exist on that day in the chosen time zone (the clocks go forward). Please choose another time.',
  notAVideo: 'This file is not a video. Please upload an MP4, MOV or WebM video.',
  fileTooLarge: 'This video is larger than 500 MB. Please upload a smaller file.',
  videoUnreadable: 'This video could not be read. It may be damaged or incomplete.',
  videoOutsideTiktokLimits: 'TikTok does not accept this video',
  onlyScheduledCanMove: 'Only scheduled videos can be moved; this one is already being published or done.',
  postInFlight: 'This video is being published right now and cannot be changed.',
  unconfirmed:
    'TikTok accepted the video but has not confirmed it was posted. Check the TikTok app before posting it again.',
  musicConsent: "By posting, you agree to TikTok's Music Usage Confirmation",
  brandedConsent: "By posting, you agree to TikTok's Branded Content Policy and Music Usage Confirmation.",
  commercialNeedsChoice: 'You need to indicate if your content promotes yourself, a third party, or both.',
  brandedNotPrivate: 'Branded content visibility cannot be set to private.',
  // Uploads and validated videos (/api/uploads, /api/media)
  uploadNotFound: 'This upload was not found or has expired. Please upload the video again.',
  uploadIncomplete: 'This upload has not finished yet. Please wait until it is complete.',
  uploadOffsetConflict: 'The upload got out of step with the server. Please resume or restart it.',
  mediaNotFound: 'This video was not found.',
  mediaInUse: 'This video is used by a scheduled post. Delete the post first.',
  mediaFileMissing: 'The video file is missing on the server. Please upload it again.',
  // Publishing engine and the posts API (appended with the engine)
  initUnconfirmed:
    'We could not tell whether TikTok received this video. Check the TikTok app before posting it again.',
  postMediaMissing: 'The video file of this post is missing, so it could not be posted.',
  uploadInterrupted:
    'The upload to TikTok was interrupted and its upload link expired, so TikTok never received the whole video and nothing was posted. Press Retry to post it again.',
  uploadUnconfirmed:
    'The upload to TikTok was interrupted and we could not tell whether TikTok received the whole video. Check the TikTok app before posting it again.',
  onlyFailedPostCanRetry: 'Only a post that failed can be posted again with Retry.',
  privacyNotAllowed:
    'This TikTok account does not offer the chosen privacy setting. Please choose one of the options shown.',
  commentsDisabled: 'This TikTok account does not allow comments on its posts.',
  duetsDisabled: 'This TikTok account does not allow Duets of its posts.',
  stitchesDisabled: 'This TikTok account does not allow Stitches of its posts.',
  videoTooLongForAccount: 'This video is longer than this TikTok account may post.',
  captionTooLong: 'The title and description together are longer than the 2,200 characters TikTok accepts.',
  dateRangeInvalid: 'Please choose a valid date range.',
  dateRangeTooWide: 'Please choose a date range of 62 days or fewer.',
  postsPageLimitInvalid: 'Please ask for between 1 and 100 posts at a time.',
  postsCursorInvalid: 'This place in the list is no longer valid. Please load the list again.',
  // Batch scheduling: POST /api/posts/batch and the Batch schedule dialog (issue 21 item 3)
  batchEmpty: 'Add at least one video to schedule.',
  batchTooManyRows: 'A batch can schedule up to 100 videos at once. Remove some rows or split it into two batches.',
  batchRowsInvalid: 'Some rows need fixing (shown next to each row). Nothing was scheduled.',
  batchScheduled: 'All videos scheduled successfully on TikTok!',
  batchCsvEmpty: 'This CSV file is empty. Its first line names the columns: file,caption,date,time,account.',
  batchCsvHeader: 'The first line of the CSV file must name the columns file,caption,date,time,account.',
  // The video studio and /api/videos (product.md §2 Create tab, §5 Create video, §8)
  videoNotFound: 'Video not found',
  fetchVideosFailed: 'Failed to fetch created videos',
  fetchVideoFailed: 'Failed to fetch video data',
  createVideoFailed: 'Failed to create video',
  videoCreated: 'Video created successfully!',
  videoNotProcessed: 'Video has not been processed yet',
  videoNeedsPortrait: 'Please upload a video with 9:16 aspect ratio (portrait mode)',
  deleteVideoConfirm: 'Are you sure you want to delete this video?',
  renderFailed: 'Failed to create or process video',
  renderInterrupted:
    'The video could not be rendered: the server stopped while rendering it, more than once. Please try again.',
  onlyFailedCanRetry: 'Only a video whose rendering failed can be rendered again.',
  mediaUsedByVideo: 'This video is used by a video you created. Delete that video first.',
  // Saved hooks and /api/saved-hooks (product.md §3 saved_hooks, §8)
  fetchSavedHooksFailed: 'Failed to fetch saved hooks',
  saveHookFailed: 'Failed to save hook',
  deleteSavedHookFailed: 'Failed to delete saved hook',
  savedHookNotFound: 'Saved hook not found',
  hookSaved: 'Hook saved',
  savedHookDeleted: 'Saved hook deleted',
  deleteSavedHookConfirm: 'Are you sure you want to delete this saved hook?',
  savedHooksFull: 'You can keep up to 100 saved hooks. Delete one to save another.',
  // The Library and the hook-demo page (product.md §2, §8)
  libraryItemNotFound: 'Library video not found',
  libraryVideoFailed: 'Failed to process library video',
  libraryVideoNotReady: 'This video has not been rendered yet. Choose it once it is ready.',
  // A slideshow in the Library (issue 29): used as a video through its MP4 export only.
  librarySlideshowNotExported:
    'This slideshow is not a video yet. Open it in the Slideshow studio and choose “Export as video”, then choose it here.',
  librarySlideshowExporting: 'This slideshow is still being exported as a video. Choose it once the video is ready.',
  fetchLibraryFailed: 'Failed to load videos',
  selectValidVideo: 'Please select a valid video file',
  hookDemoCreateFailed: 'Failed to create video. Please try again.',
  hookDemoCreatedTitle: 'Video Created Successfully!',
  hookDemoCreatedText: 'Your video is being processed. You will be redirected to your videos library shortly...',
  // Trust and limits (issue 18; ADR 021)
  scheduleTooFar: 'Posts can be scheduled up to one year ahead. Please choose an earlier date.',
  crossSiteRefused: 'This request came from another website, so it was refused.',
  forbiddenCharacter:
    'contains a hidden control character (a NUL byte or a text-direction override) that is not allowed. Remove it and try again.',
  // Figures from UPLOAD_LIMITS and the server's stream cap (a test keeps them in step).
  tooManyUploads:
    'You already have 5 uploads in progress, the most at once. Wait for one to finish or cancel one, then try again.',
  tooManyUploadBytes:
    'Your uploads in progress would add up to more than 1,000 MB, the most at once. Wait for one to finish or cancel one, then try again.',
  tooManyEventStreams:
    'You have 10 Hookpost tabs or windows receiving live updates, the most at once. Close one and this one connects again by itself.',
  // Editing and approving posts before they go out (issue 18)
  postNotEditable: 'This video can no longer be changed: it is already being published or done.',
  postSaved: 'Post saved',
  postApproved: 'Approved: it will be posted at its time.',
  onlyDraftsCanBeApproved: 'Only a post awaiting approval can be approved.',
  approveTooLate: 'The time of this post has passed, so it was not posted. Choose a new time, then approve it.',
  skippedNeedsNewTime: 'This post was not approved in time. Choose a new time to post it.',
  draftNotApproved: 'Not approved before its time, so it was not posted.',
  // Rejecting a draft (issue 30, ADR 048): skipped for good, never sent
  draftRejected: 'Rejected: it will not be posted.',
  rejectedReason: 'You rejected this post, so it was not posted.',
  rejectedCannotBeApproved: 'You rejected this post, so it cannot be approved or changed. It will never be posted.',
  onlyDraftsCanBeRejected: 'Only a post awaiting approval can be rejected.',
  // Regenerate an automation post (issue 30 item 11, ADR 050)
  redraftGoneOut: 'This post has already gone out (or is going out now), so it cannot get a new hook.',
  redraftTooLate: 'The time of this post has passed, so it cannot get a new hook.',
  /** A draft reached the creator's TikTok inbox (issue 29): the calendar and the notification say so. */
  sentToInbox: 'Sent to your TikTok inbox — open TikTok to finish',
  // Duplicate and Post now (issue 21 item 1)
  postNowNotScheduled:
    'Only a scheduled video can be posted now: this one is already being published, done, or not scheduled.',
  postNowNeedsApproval: 'This post is awaiting your approval. Approve it first, then post it now.',
  postDuplicateNoVideo: 'The video of this post is no longer available, so it cannot be duplicated.',
  // Cross-posting: Duplicate to several accounts, Edit's account and video (issue 30 item 5, ADR 043)
  duplicateNoAccount: 'Choose at least one account to duplicate this post to.',
  duplicateTooManyAccounts: 'A post can be duplicated to up to 20 accounts at once.',
  duplicateAccountTwice: 'Each account can be chosen once.',
  duplicateNothingScheduled: 'Nothing was duplicated: some accounts cannot take this post as it is.',
  duplicateFixAccounts:
    'Nothing was duplicated. Change the settings shown for each account marked below, or untick it.',
  editWrongSource: 'A video post can take another video, and a slideshow post another slideshow.',
  automationVideoFixed:
    'This post was made by automation: its video carries the hook automation chose and learns from, so it cannot be replaced. Delete it and schedule the other video yourself.',
  // Account self-service on the Profile page (issue 18 item 10)
  passwordTooCommon:
    'This password is one of the most common passwords, so it is easy to guess. Please choose a different one.',
  currentPasswordWrong: 'Your current password is not correct.',
  currentPasswordRequired: 'Please enter your current password',
  passwordChanged: 'Your password has been changed. Every other device was signed out.',
  newPasswordSameAsCurrent: 'Your new password must be different from your current one.',
  emailSameAsCurrent: 'This is already your email address.',
  emailInUse: 'Another account already uses this email address. Please choose a different one.',
  emailVerified: 'Your email address is verified.',
  emailAlreadyVerified: 'Your email address is already verified.',
  emailChanged: 'Your email address has been changed and verified.',
  verificationLinkInvalid:
    'This verification link is invalid or has expired. Request a new one from your Profile & Accounts page.',
  verificationLinkOtherAccount: 'This link was sent for another account. Sign out, then open the link again.',
  ownAccountDeleted: 'Your account and everything in it have been deleted.',
  deleteAccountPasswordRequired: 'Please enter your password to confirm',
  // The queue (issue 21 item 2, ADR 029)
  queueNoSlots: 'This account has no posting slots yet. Add slots under Queue, then add posts to the queue.',
  queueNoFreeSlot: 'Every posting slot of this account in the coming year is taken. Add more slots under Queue.',
  queuePaused: "This account's queue is paused. Resume it to add posts to the queue.",
  queueMoveNotPossible: 'This post cannot move further that way.',
  queueSlotsSaved: 'Posting slots saved',
  queueResumeFailed: 'The queue could not be resumed, so it is still paused.',
  queuePauseFailed: 'The queue could not be paused. Please try again.',
  // Photo posts and drafts (issue 29)
  slideshowNotFound: 'Slideshow not found',
  slideshowStillRendering: 'Your slideshow is still rendering. Schedule it once its slides are ready.',
  slideshowRenderFailed: 'Your slideshow could not be rendered. Open it in the studio and render it again.',
  slideshowTitleTooLong: "A slideshow post title can be at most 90 characters (TikTok's limit for photo posts).",
  slideshowDescriptionTooLong: 'A slideshow post description can be at most 4000 characters.',
  photoSetMissing:
    "The slideshow's images are no longer available, so it cannot be posted. Render the slideshow again and schedule it anew.",
  reconnectForDrafts:
    'Reconnect this account to send drafts: it was connected before Hookpost asked TikTok for permission to send drafts to the inbox.',
  inboxDraftWaiting:
    'This draft is in the TikTok inbox: finish or discard it in the TikTok app. It cannot be edited, moved, deleted or sent again from Hookpost while it waits there.',
  inboxDraftFailed:
    'The draft was not posted: TikTok reports that it failed after it reached the TikTok inbox (it was discarded in TikTok, or expired there). Retry sends a new draft.',
  inboxUnconfirmed:
    'TikTok did not say within 48 hours whether this draft was posted. Open TikTok to check the inbox and the profile.',
} as const

/**
 * What the callback page says under 'Authentication error from TikTok' for the `error` TikTok put in the callback URL
 * (tiktok-api.md §1.3, §1.7). `access_denied` has its own message (`MESSAGES.connectDenied`); a code not listed here
 * gets `other`.
 */
export const TIKTOK_AUTHORIZE_ERRORS = {
  non_sandbox_target:
    'This TikTok account is not one of the test users of Hookpost’s TikTok app. Sign in to TikTok with a test account and try again.',
  invalid_scope: 'TikTok did not accept the permissions Hookpost asks for, so nothing was connected. Please try again.',
  server_error: 'TikTok had a problem on its side and nothing was connected. Wait a moment and try again.',
  temporarily_unavailable: 'TikTok is busy right now and nothing was connected. Wait a moment and try again.',
  other:
    'TikTok refused the request and nothing was connected. Try again; if it keeps happening, TikTok’s reason below helps whoever set up Hookpost.',
} as const
