// Apart from the auth schemas, so that the login page can show these without loading the schema library.
export const AUTH_MESSAGES = {
  invalidCredentials: 'Invalid email or password',
  loginFailed: 'Login failed',
  refreshFailed: 'Token refresh failed',
  noRefreshToken: 'No refresh token available',
  ssoFailed: 'SSO authentication failed',
  ssoProcessingFailed: 'Failed to process SSO login data',
  tooManyAttempts: 'Too many sign-in attempts. Try again later.',
  authenticationRequired: 'Authentication required',
  forbidden: 'You do not have permission to do this',
  invitationInvalid: 'This invitation link is invalid, used or expired',
  passwordResetRequested: 'If an account exists for this email, we have sent it a link to choose a new password.',
  passwordResetInvalid: 'This password reset link is invalid, used or expired',
  tooManyResetRequests: 'Too many password reset requests. Try again later.',
} as const;
