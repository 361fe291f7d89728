// The closed set of `code` values an error answer carries. Every error answer has one: the specific code
// where a screen (or another client) acts on it, else the one of its kind. Browser-safe: screens compare
// against these constants, never string literals (lint refuses `….code === '…'` under app/), and a code
// that is not listed here does not compile where an ApiError is thrown.
export const ErrorCode = {
  // One per kind of error, when nothing more specific applies.
  BAD_REQUEST: 'BAD_REQUEST',
  INVALID_INPUT: 'INVALID_INPUT',
  NOT_AUTHENTICATED: 'NOT_AUTHENTICATED',
  FORBIDDEN: 'FORBIDDEN',
  NOT_FOUND: 'NOT_FOUND',
  CONFLICT: 'CONFLICT',
  UNPROCESSABLE: 'UNPROCESSABLE',
  RATE_LIMITED: 'RATE_LIMITED',
  INTERNAL_ERROR: 'INTERNAL_ERROR',
  // Requests.
  CROSS_SITE_PROOF_MISSING: 'CROSS_SITE_PROOF_MISSING',
  MALFORMED_URL: 'MALFORMED_URL',
  // Accounts (spec section 7: register reads UNVERIFIED_EXISTS, verify-email EXPIRED and TOO_MANY_ATTEMPTS).
  EMAIL_EXISTS: 'EMAIL_EXISTS',
  UNVERIFIED_EXISTS: 'UNVERIFIED_EXISTS',
  ALREADY_VERIFIED: 'ALREADY_VERIFIED',
  EXPIRED: 'EXPIRED',
  TOO_MANY_ATTEMPTS: 'TOO_MANY_ATTEMPTS',
  EMAIL_NOT_VERIFIED: 'EMAIL_NOT_VERIFIED',
  PENDING_APPROVAL: 'PENDING_APPROVAL',
  ACCOUNT_DISABLED: 'ACCOUNT_DISABLED',
  USER_NOT_FOUND: 'USER_NOT_FOUND',
  // Catalog, stores and boards.
  PRODUCT_NOT_FOUND: 'PRODUCT_NOT_FOUND',
  STORE_NOT_FOUND: 'STORE_NOT_FOUND',
  BOARD_NOT_FOUND: 'BOARD_NOT_FOUND',
  IMAGE_NOT_FOUND: 'IMAGE_NOT_FOUND',
  // Watchlist.
  WATCH_ITEM_NOT_FOUND: 'WATCH_ITEM_NOT_FOUND',
  DUPLICATE: 'DUPLICATE',
  IN_DEFAULT_LIST: 'IN_DEFAULT_LIST',
  PLU_IN_CATALOG: 'PLU_IN_CATALOG',
  // Notification channels (push devices, the Discord webhook).
  DEVICE_NOT_FOUND: 'DEVICE_NOT_FOUND',
  TOO_MANY_DEVICES: 'TOO_MANY_DEVICES',
  DISCORD_WEBHOOK_NOT_SET: 'DISCORD_WEBHOOK_NOT_SET',
} as const;
export type ErrorCode = (typeof ErrorCode)[keyof typeof ErrorCode];

export const ERROR_CODES: readonly ErrorCode[] = Object.values(ErrorCode);

/** Codes of successful answers that ask the screen to do something more. */
export const SuccessCode = {
  /** verify-email: the address was contested (decision 017); its owner chooses a password from the mailed link. */
  CHOOSE_PASSWORD: 'CHOOSE_PASSWORD',
} as const;
export type SuccessCode = (typeof SuccessCode)[keyof typeof SuccessCode];

