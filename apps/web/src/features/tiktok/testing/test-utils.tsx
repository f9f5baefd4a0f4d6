export {
  installDialogPolyfill,
  makeAccount,
  mockApi,
  notFound,
  renderRoute,
  type ApiCall,
  type ApiReply,
} from '../../../testing/api-mock'
