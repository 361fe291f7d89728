// Account rules shared by the screens and the API (spec sections 5 and 9): one place for every limit
// and every validation message, so the browser and the server can never disagree. Pure functions, no
// React and no I/O; the server may wrap them in zod refinements.

// ── constants (spec section 9) ──

/** Registration: minimum password length (the other rules are in PASSWORD_RULES). */
export const PASSWORD_MIN_LENGTH = 8;
/** Upper bound for any new password (register, reset, change). The spec states it for reset. */
export const PASSWORD_MAX_LENGTH = 128;
/** Password reset: 8 to 128 characters. */
export const RESET_PASSWORD_MIN_LENGTH = 8;
export const RESET_PASSWORD_MAX_LENGTH = PASSWORD_MAX_LENGTH;
/** Profile password change: minimum 8 characters. */
export const PROFILE_PASSWORD_MIN_LENGTH = 8;

/** Phone: at least 7 digits when any are entered; a 10-digit US number is advised. */
export const PHONE_MIN_DIGITS = 7;
export const PHONE_US_DIGITS = 10;
/** Longest number the server accepts (E.164). The screen stops at 10 digits. */
export const PHONE_MAX_DIGITS = 15;

/** Admin approval, as stated to users. */
export const APPROVAL_MIN_HOURS = 24;
export const APPROVAL_MAX_HOURS = 48;
export const APPROVAL_TIME_TEXT = `${APPROVAL_MIN_HOURS}-${APPROVAL_MAX_HOURS} hours`;

/** Verification code: 6 digits, 30 minutes, 3 attempts shown initially, 60 s between resends. */
export const VERIFICATION_CODE_LENGTH = 6;
export const VERIFICATION_CODE_TTL_MINUTES = 30;
export const VERIFICATION_ATTEMPTS = 3;
export const RESEND_COOLDOWN_SECONDS = 60;
/** Pause on the verify screen after success before /verification-success. */
export const VERIFY_SUCCESS_REDIRECT_SECONDS = 2;

/** Reset link: valid for 1 hour; after a successful reset the screen goes to /login after 3 s. */
export const RESET_TOKEN_TTL_MINUTES = 60;
export const RESET_SUCCESS_REDIRECT_SECONDS = 3;

/** Field sizes the spec leaves open (database-friendly bounds). */
export const NAME_MAX_LENGTH = 100;
export const EMAIL_MAX_LENGTH = 320;

// ── messages (spec sections 5 and 8, word for word) ──

export const RULE_MESSAGES = {
  namesAndEmailRequired: 'First name, last name and email are required.',
  invalidEmail: 'Please enter a valid email address.',
  nameTooLong: `First name and last name must be at most ${NAME_MAX_LENGTH} characters.`,
  nameCharacters: 'First name and last name may contain only letters, spaces, apostrophes, hyphens, periods and commas.',
  weakPassword:
    'Password must be at least 8 characters long and include a lowercase letter, an uppercase letter, a number and a symbol.',
  codeIncomplete: 'Please enter all 6 digits',
  emailRequired: 'Email address is required',
  resetTooShort: 'Password must be at least 8 characters long',
  resetTooLong: 'Password must be less than 128 characters',
  passwordsDoNotMatch: 'Passwords do not match',
  resetLinkMissingToken: 'Invalid reset link. Please request a new password reset.',
  namesRequired: 'First name and last name are required.',
  phoneTooShort: 'Phone number seems too short.',
  phoneTooLong: 'Phone number seems too long.',
  passwordFieldsRequired: 'To change your password, please fill in all three password fields.',
  newPasswordMismatch: 'New password and confirmation do not match.',
  newPasswordTooShort: 'New password must be at least 8 characters.',
} as const;

// ── e-mail ──

/** Login, register and reset all send the address trimmed and lowercased. */
export function normalizeEmail(value: string): string {
  return value.trim().toLowerCase();
}

/** A deliberately loose shape check: something@something.tld, no spaces. The e-mail itself proves the rest. */
export function isValidEmail(value: string): boolean {
  const email = normalizeEmail(value);
  return email.length <= EMAIL_MAX_LENGTH && /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email);
}

// ── names ──

/** Letters (any script, with their accents), spaces and the punctuation of real names. */
const NAME_CHARACTERS = /^[\p{L}\p{M}][\p{L}\p{M} '’.,-]*$/u;
/** A letter, a period and two letters: a domain name ("evil.example", "x.co"), never initials ("J. R."). */
const DOMAIN_LIKE = /\p{L}\.\p{L}{2}/u;

/**
 * Names are names: they are printed in e-mails (to admins; to the user once the address is verified), so
 * they hold letters, spaces and the punctuation of real names, and nothing that reads as a link or an address.
 */
export function isName(value: string): boolean {
  const name = value.trim();
  return NAME_CHARACTERS.test(name) && !DOMAIN_LIKE.test(name);
}

/** First and last name: both given, at most NAME_MAX_LENGTH characters, names (isName). */
export function nameError(first: string, last: string): string | null {
  if (!first.trim() || !last.trim()) return RULE_MESSAGES.namesRequired;
  if (first.trim().length > NAME_MAX_LENGTH || last.trim().length > NAME_MAX_LENGTH) return RULE_MESSAGES.nameTooLong;
  return isName(first) && isName(last) ? null : RULE_MESSAGES.nameCharacters;
}

// ── registration password rules ──

export type PasswordRuleId = 'length' | 'lowercase' | 'uppercase' | 'number' | 'symbol';

export interface PasswordRule {
  id: PasswordRuleId;
  label: string;
  test: (password: string) => boolean;
}

/** All must hold (spec section 5). A symbol is any non-word character: not a letter, digit or underscore. */
export const PASSWORD_RULES: readonly PasswordRule[] = [
  { id: 'length', label: `At least ${PASSWORD_MIN_LENGTH} characters`, test: (p) => p.length >= PASSWORD_MIN_LENGTH },
  { id: 'lowercase', label: 'One lowercase letter', test: (p) => /[a-z]/.test(p) },
  { id: 'uppercase', label: 'One uppercase letter', test: (p) => /[A-Z]/.test(p) },
  { id: 'number', label: 'One number', test: (p) => /\d/.test(p) },
  { id: 'symbol', label: 'One symbol (e.g. ! @ # $)', test: (p) => /\W/.test(p) },
];

export interface PasswordCheck {
  id: PasswordRuleId;
  label: string;
  met: boolean;
}

/** The live checklist: every rule with whether the password meets it. */
export function checkPassword(password: string): PasswordCheck[] {
  return PASSWORD_RULES.map((rule) => ({ id: rule.id, label: rule.label, met: rule.test(password) }));
}

export function isStrongPassword(password: string): boolean {
  return PASSWORD_RULES.every((rule) => rule.test(password));
}

export interface RegistrationInput {
  first_name: string;
  last_name: string;
  email: string;
  password: string;
}

/** The register button's rule: names and e-mail non-blank, all password rules, confirmation equal. */
export function canSubmitRegistration(input: RegistrationInput & { confirm_password: string }): boolean {
  return (
    input.first_name.trim() !== '' &&
    input.last_name.trim() !== '' &&
    input.email.trim() !== '' &&
    isStrongPassword(input.password) &&
    input.password === input.confirm_password
  );
}

/** Server-side check of a registration payload: the first problem, or null. */
export function registrationError(input: RegistrationInput): string | null {
  if (!input.first_name.trim() || !input.last_name.trim() || !input.email.trim()) {
    return RULE_MESSAGES.namesAndEmailRequired;
  }
  const names = nameError(input.first_name, input.last_name);
  if (names) return names;
  if (!isValidEmail(input.email)) return RULE_MESSAGES.invalidEmail;
  if (input.password.length > PASSWORD_MAX_LENGTH) return RULE_MESSAGES.resetTooLong;
  if (!isStrongPassword(input.password)) return RULE_MESSAGES.weakPassword;
  return null;
}

// ── verification code ──

/** The digits of a text, at most `max` of them ("12a3456789" → "123456" for max 6). */
export function digitsOf(text: string, max = Infinity): string {
  return text.replace(/\D/g, '').slice(0, max);
}

/** What a paste into the code boxes fills: the first 6 digits. */
export function codeFromPaste(text: string): string {
  return digitsOf(text, VERIFICATION_CODE_LENGTH);
}

/** What one code box keeps after an edit: the digit just typed (the last one), or nothing. */
export function singleDigit(value: string): string {
  const digits = digitsOf(value);
  return digits ? digits[digits.length - 1] : '';
}

export function isVerificationCode(code: string): boolean {
  return new RegExp(`^\\d{${VERIFICATION_CODE_LENGTH}}$`).test(code);
}

/** Client check before submitting the boxes. */
export function verificationCodeError(code: string): string | null {
  return isVerificationCode(code) ? null : RULE_MESSAGES.codeIncomplete;
}

// ── password reset ──

/** New password on the reset screen (and on the server): 8 to 128 characters, confirmation equal when given. */
export function resetPasswordError(password: string, confirmation?: string): string | null {
  if (password.length < RESET_PASSWORD_MIN_LENGTH) return RULE_MESSAGES.resetTooShort;
  if (password.length > RESET_PASSWORD_MAX_LENGTH) return RULE_MESSAGES.resetTooLong;
  if (confirmation !== undefined && password !== confirmation) return RULE_MESSAGES.passwordsDoNotMatch;
  return null;
}

export function requestResetError(email: string): string | null {
  return email.trim() ? null : RULE_MESSAGES.emailRequired;
}

// ── phone ──

/**
 * The digits of a phone entry, for a US number: a leading country code 1 on an 11-digit entry is dropped
 * and at most 10 digits are kept.
 */
export function phoneDigits(value: string): string {
  let digits = digitsOf(value);
  if (digits.length > PHONE_US_DIGITS && digits.startsWith('1')) digits = digits.slice(1);
  return digits.slice(0, PHONE_US_DIGITS);
}

/** Formats as typed: "9" → "(9", "919555" → "(919) 555", "9195550123" → "(919) 555-0123". */
export function formatPhone(value: string): string {
  const d = phoneDigits(value);
  if (!d) return '';
  if (d.length <= 3) return `(${d}`;
  if (d.length <= 6) return `(${d.slice(0, 3)}) ${d.slice(3)}`;
  return `(${d.slice(0, 3)}) ${d.slice(3, 6)}-${d.slice(6)}`;
}

/**
 * The phone field's value after an edit from `previous` to `next`. Deleting only a formatting character
 * (")", " " or "-") would change nothing after reformatting, so the digit before it is removed instead.
 */
export function editPhone(previous: string, next: string): string {
  if (next.length < previous.length && phoneDigits(next) === phoneDigits(previous)) {
    let at = 0;
    while (at < next.length && previous[at] === next[at]) at++;
    const digitsBefore = digitsOf(previous.slice(0, at)).length;
    if (digitsBefore === 0) return formatPhone(next);
    const digits = phoneDigits(previous);
    return formatPhone(digits.slice(0, digitsBefore - 1) + digits.slice(digitsBefore));
  }
  return formatPhone(next);
}

/**
 * `editPhone` plus where the caret goes, so editing in the middle of "(919) 555-0123" keeps the caret
 * next to the digit just typed or deleted instead of jumping to the end. `caret` is the caret position
 * in `next` (the raw input after the edit).
 */
export function editPhoneAt(previous: string, next: string, caret: number): { value: string; caret: number } {
  const value = editPhone(previous, next);
  const digitCount = digitsOf(value).length;
  let before = digitsOf(next.slice(0, caret)).length;
  // A deleted formatting character took the digit before it along.
  if (next.length < previous.length && digitCount === digitsOf(next).length - 1) before -= 1;
  before = Math.max(0, Math.min(before, digitCount));
  if (before === 0) return { value, caret: Math.max(0, value.search(/\d/)) };
  let seen = 0;
  for (let i = 0; i < value.length; i++) {
    if (/\d/.test(value[i]) && ++seen === before) return { value, caret: i + 1 };
  }
  return { value, caret: value.length };
}

/** The phone rule: any digits entered means at least 7 of them (at most 15 on the server). */
export function phoneError(value: string | null | undefined): string | null {
  const count = digitsOf(value ?? '').length;
  if (count === 0) return null;
  if (count < PHONE_MIN_DIGITS) return RULE_MESSAGES.phoneTooShort;
  if (count > PHONE_MAX_DIGITS) return RULE_MESSAGES.phoneTooLong;
  return null;
}

/** What is sent and stored: the formatted number, or null when the field holds no digits. */
export function normalizePhone(value: string | null | undefined): string | null {
  return phoneDigits(value ?? '') ? formatPhone(value ?? '') : null;
}

// ── profile ──

export interface ProfileInput {
  first_name: string;
  last_name: string;
  phone_number?: string | null;
}

/** The profile form's rules, in the order the screen reports them. */
export function profileError(input: ProfileInput): string | null {
  return nameError(input.first_name, input.last_name) ?? phoneError(input.phone_number);
}

export interface PasswordChangeInput {
  current_password: string;
  new_password: string;
  confirm_password: string;
}

/** True when the user typed into any of the three (optional) change-password fields. */
export function wantsPasswordChange(input: PasswordChangeInput): boolean {
  return Boolean(input.current_password || input.new_password || input.confirm_password);
}

/** The change-password form's rules: all three fields, matching confirmation, 8 characters (at most 128). */
export function passwordChangeError(input: PasswordChangeInput): string | null {
  if (!input.current_password || !input.new_password || !input.confirm_password) {
    return RULE_MESSAGES.passwordFieldsRequired;
  }
  if (input.new_password !== input.confirm_password) return RULE_MESSAGES.newPasswordMismatch;
  return newPasswordError(input.new_password);
}

/** The server's half of the change-password rule (it receives no confirmation). */
export function newPasswordError(password: string): string | null {
  if (password.length < PROFILE_PASSWORD_MIN_LENGTH) return RULE_MESSAGES.newPasswordTooShort;
  if (password.length > PASSWORD_MAX_LENGTH) return RULE_MESSAGES.resetTooLong;
  return null;
}
