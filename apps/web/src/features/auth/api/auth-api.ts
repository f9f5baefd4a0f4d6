import { useMutation } from '@tanstack/react-query'
import type {
  ForgotPasswordBody,
  MessageResponse,
  ResetPasswordBody,
  SessionResponse,
  SignInBody,
  SignUpBody,
} from '@hookpost/shared/auth'
import { apiRequest } from '../../../lib/api-client'
import { useSetSessionUser } from '../../../lib/auth'

export function useSignIn() {
  const setUser = useSetSessionUser()
  return useMutation({
    mutationFn: (body: SignInBody) => apiRequest<SessionResponse>('/api/auth/sign-in', { body }),
    onSuccess: (data) => setUser(data.user),
  })
}

export function useSignUp() {
  return useMutation({
    mutationFn: (body: SignUpBody) => apiRequest<SessionResponse>('/api/auth/sign-up', { body }),
  })
}

export function useForgotPassword() {
  return useMutation({
    mutationFn: (body: ForgotPasswordBody) => apiRequest<MessageResponse>('/api/auth/forgot-password', { body }),
  })
}

export function useResetPassword() {
  return useMutation({
    mutationFn: (body: ResetPasswordBody) => apiRequest<MessageResponse>('/api/auth/reset-password', { body }),
  })
}
