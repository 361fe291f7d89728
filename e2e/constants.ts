// Values shared by the e2e global setup (which starts the app with them) and the tests.
export const E2E_SESSION_SECRET = 'e2e-session-secret-0123456789-abcdefghijklmnopqrstuv';
