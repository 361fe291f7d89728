import { describe, expect, it } from 'vitest';
import {
  APPROVAL_TIME_TEXT,
  canSubmitRegistration,
  checkPassword,
  codeFromPaste,
  editPhone,
  editPhoneAt,
  formatPhone,
  isStrongPassword,
  isValidEmail,
  isVerificationCode,
  newPasswordError,
  normalizeEmail,
  normalizePhone,
  passwordChangeError,
  phoneDigits,
  phoneError,
  profileError,
  registrationError,
  requestResetError,
  RESEND_COOLDOWN_SECONDS,
  RESET_TOKEN_TTL_MINUTES,
  resetPasswordError,
  singleDigit,
  VERIFICATION_ATTEMPTS,
  VERIFICATION_CODE_LENGTH,
  VERIFICATION_CODE_TTL_MINUTES,
  verificationCodeError,
  wantsPasswordChange,
} from './rules.ts';

const metIds = (password: string) => checkPassword(password).filter((c) => c.met).map((c) => c.id);

describe('constants from spec section 9', () => {
  it('match the stated limits', () => {
    expect(VERIFICATION_CODE_LENGTH).toBe(6);
    expect(VERIFICATION_CODE_TTL_MINUTES).toBe(30);
    expect(VERIFICATION_ATTEMPTS).toBe(3);
    expect(RESEND_COOLDOWN_SECONDS).toBe(60);
    expect(RESET_TOKEN_TTL_MINUTES).toBe(60);
    expect(APPROVAL_TIME_TEXT).toBe('24-48 hours');
  });
});

describe('registration password rules', () => {
  it('checks each rule on its own', () => {
    expect(metIds('')).toEqual([]);
    expect(metIds('abcdefgh')).toEqual(['length', 'lowercase']);
    expect(metIds('ABC')).toEqual(['uppercase']);
    expect(metIds('123')).toEqual(['number']);
    expect(metIds('!')).toEqual(['symbol']);
    expect(metIds('Abcdefg1!')).toEqual(['length', 'lowercase', 'uppercase', 'number', 'symbol']);
  });

  it('counts any non-word character as a symbol, but not the underscore', () => {
    expect(isStrongPassword('Abcdefg1 ')).toBe(true);
    expect(isStrongPassword('Abcdefg1-')).toBe(true);
    expect(isStrongPassword('Abcdefg1_')).toBe(false);
  });

  it('needs 8 characters', () => {
    expect(isStrongPassword('Abcde1!')).toBe(false);
    expect(isStrongPassword('Abcdef1!')).toBe(true);
  });

  it('enables the register button only when everything holds', () => {
    const ok = { first_name: 'Ann', last_name: 'Lee', email: 'a@b.co', password: 'Abcdef1!', confirm_password: 'Abcdef1!' };
    expect(canSubmitRegistration(ok)).toBe(true);
    expect(canSubmitRegistration({ ...ok, first_name: '  ' })).toBe(false);
    expect(canSubmitRegistration({ ...ok, last_name: '' })).toBe(false);
    expect(canSubmitRegistration({ ...ok, email: ' ' })).toBe(false);
    expect(canSubmitRegistration({ ...ok, password: 'abcdef1!', confirm_password: 'abcdef1!' })).toBe(false);
    expect(canSubmitRegistration({ ...ok, confirm_password: 'Abcdef1?' })).toBe(false);
  });

  it('validates a registration payload on the server', () => {
    const ok = { first_name: 'Ann', last_name: 'Lee', email: ' Ann@Example.com ', password: 'Abcdef1!' };
    expect(registrationError(ok)).toBeNull();
    expect(registrationError({ ...ok, first_name: ' ' })).toBe('First name, last name and email are required.');
    expect(registrationError({ ...ok, email: 'not-an-email' })).toBe('Please enter a valid email address.');
    expect(registrationError({ ...ok, password: 'weakpassword' })).toMatch(/^Password must be at least 8 characters/);
    expect(registrationError({ ...ok, password: `Aa1!${'x'.repeat(125)}` })).toBe('Password must be less than 128 characters');
    expect(registrationError({ ...ok, last_name: 'x'.repeat(101) })).toMatch(/at most 100 characters/);
  });
});

describe('e-mail', () => {
  it('is trimmed and lowercased', () => {
    expect(normalizeEmail('  Hunter@Example.COM ')).toBe('hunter@example.com');
  });

  it('has a loose shape check', () => {
    expect(isValidEmail('a@b.co')).toBe(true);
    expect(isValidEmail('a b@c.co')).toBe(false);
    expect(isValidEmail('a@b')).toBe(false);
    expect(isValidEmail('')).toBe(false);
  });

  it('is required to request a reset', () => {
    expect(requestResetError('  ')).toBe('Email address is required');
    expect(requestResetError('a@b.co')).toBeNull();
  });
});

describe('verification code', () => {
  it('takes the first 6 digits of a paste', () => {
    expect(codeFromPaste('12a3456789')).toBe('123456');
    expect(codeFromPaste('Your code: 987 654')).toBe('987654');
    expect(codeFromPaste('12')).toBe('12');
    expect(codeFromPaste('abc')).toBe('');
  });

  it('keeps one digit per box: the one just typed', () => {
    expect(singleDigit('7')).toBe('7');
    expect(singleDigit('37')).toBe('7');
    expect(singleDigit('x')).toBe('');
    expect(singleDigit('')).toBe('');
  });

  it('needs all 6 digits', () => {
    expect(isVerificationCode('123456')).toBe(true);
    expect(isVerificationCode('12345')).toBe(false);
    expect(isVerificationCode('1234567')).toBe(false);
    expect(isVerificationCode('12345a')).toBe(false);
    expect(verificationCodeError('123')).toBe('Please enter all 6 digits');
    expect(verificationCodeError('000000')).toBeNull();
  });
});

describe('password reset', () => {
  it('accepts 8 to 128 characters', () => {
    expect(resetPasswordError('1234567')).toBe('Password must be at least 8 characters long');
    expect(resetPasswordError('12345678')).toBeNull();
    expect(resetPasswordError('x'.repeat(128))).toBeNull();
    expect(resetPasswordError('x'.repeat(129))).toBe('Password must be less than 128 characters');
  });

  it('checks the confirmation when given', () => {
    expect(resetPasswordError('12345678', '12345679')).toBe('Passwords do not match');
    expect(resetPasswordError('12345678', '12345678')).toBeNull();
  });
});

describe('phone', () => {
  it('formats while typing', () => {
    expect(formatPhone('')).toBe('');
    expect(formatPhone('9')).toBe('(9');
    expect(formatPhone('919')).toBe('(919');
    expect(formatPhone('9195')).toBe('(919) 5');
    expect(formatPhone('919555')).toBe('(919) 555');
    expect(formatPhone('9195550')).toBe('(919) 555-0');
    expect(formatPhone('9195550123')).toBe('(919) 555-0123');
  });

  it('keeps at most 10 digits and drops a leading country code', () => {
    expect(phoneDigits('(919) 555-01234')).toBe('9195550123');
    expect(phoneDigits('+1 919 555 0123')).toBe('9195550123');
    expect(formatPhone('+1 (919) 555-0123')).toBe('(919) 555-0123');
    expect(formatPhone('abc')).toBe('');
  });

  it('lets Backspace over a formatting character remove the digit before it', () => {
    expect(editPhone('(919) 555-0123', '(919) 5550123')).toBe('(919) 550-123');
    expect(editPhone('(919) 555', '(919)555')).toBe('(915) 55');
    expect(editPhone('(919) 5', '(919) ')).toBe('(919');
    expect(editPhone('(9', '')).toBe('');
    expect(editPhone('(919', '(9191')).toBe('(919) 1');
    expect(editPhone('(919', '(919a')).toBe('(919');
  });

  it('keeps the caret beside the edited digit', () => {
    // typing "1" after "(919" with the caret right after the area code
    expect(editPhoneAt('(919) 5', '(9191) 5', 5)).toEqual({ value: '(919) 15', caret: 7 });
    // typing at the end
    expect(editPhoneAt('(919) 55', '(919) 555', 9)).toEqual({ value: '(919) 555', caret: 9 });
    // Backspace over the "-" removes the 5 before it; the caret stays where that 5 was
    expect(editPhoneAt('(919) 555-0123', '(919) 5550123', 9)).toEqual({ value: '(919) 550-123', caret: 8 });
    // deleting the first digit
    expect(editPhoneAt('(919', '(19', 1)).toEqual({ value: '(19', caret: 1 });
    expect(editPhoneAt('(9', '(', 1)).toEqual({ value: '', caret: 0 });
  });

  it('needs at least 7 digits when any are entered', () => {
    expect(phoneError('')).toBeNull();
    expect(phoneError(null)).toBeNull();
    expect(phoneError('(919) 55')).toBe('Phone number seems too short.');
    expect(phoneError('555-0123')).toBeNull();
    expect(phoneError('1234567890123456')).toBe('Phone number seems too long.');
  });

  it('is stored formatted, or null when empty', () => {
    expect(normalizePhone('9195550123')).toBe('(919) 555-0123');
    expect(normalizePhone('  ')).toBeNull();
    expect(normalizePhone(null)).toBeNull();
  });
});

describe('profile', () => {
  it('requires both names', () => {
    expect(profileError({ first_name: ' ', last_name: 'Lee' })).toBe('First name and last name are required.');
    expect(profileError({ first_name: 'Ann', last_name: '' })).toBe('First name and last name are required.');
    expect(profileError({ first_name: 'Ann', last_name: 'Lee', phone_number: null })).toBeNull();
  });

  it('checks the phone after the names', () => {
    expect(profileError({ first_name: 'Ann', last_name: 'Lee', phone_number: '(919) 5' })).toBe('Phone number seems too short.');
    expect(profileError({ first_name: 'Ann', last_name: 'Lee', phone_number: '(919) 555-0123' })).toBeNull();
  });

  it('treats the password change as optional, but all-or-nothing', () => {
    const blank = { current_password: '', new_password: '', confirm_password: '' };
    expect(wantsPasswordChange(blank)).toBe(false);
    expect(wantsPasswordChange({ ...blank, confirm_password: 'x' })).toBe(true);
    expect(passwordChangeError({ ...blank, current_password: 'old' })).toBe(
      'To change your password, please fill in all three password fields.',
    );
    expect(passwordChangeError({ current_password: 'old', new_password: 'abcdefgh', confirm_password: 'abcdefgx' })).toBe(
      'New password and confirmation do not match.',
    );
    expect(passwordChangeError({ current_password: 'old', new_password: 'abc', confirm_password: 'abc' })).toBe(
      'New password must be at least 8 characters.',
    );
    expect(passwordChangeError({ current_password: 'old', new_password: 'abcdefgh', confirm_password: 'abcdefgh' })).toBeNull();
  });

  it('gives the server the new-password rule', () => {
    expect(newPasswordError('short')).toBe('New password must be at least 8 characters.');
    expect(newPasswordError('long enough')).toBeNull();
    expect(newPasswordError('x'.repeat(129))).toBe('Password must be less than 128 characters');
  });
});
