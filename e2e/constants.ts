// Values shared by the e2e global setup (which starts the app with them) and the tests.
export const E2E_SESSION_SECRET = 'e2e-session-secret-0123456789-abcdefghijklmnopqrstuv';
/** The server's VAPID key pair (test-only: a deployment generates its own, docs/operations.md, "Setting up VAPID keys"). */
export const E2E_VAPID = {
  publicKey: 'BJn80HidZ_hnQhFa4UwdRB-9W17C9E9ByTog707T4Kv4b_qURaK2q-TMB7KF6_nGchFjoRGWfoMbckBVsGOpya0',
  privateKey: 'd6SMj2Oy1MuqyX7tzfobHVoS03IpSpava4oYbbeE-ls',
  subject: 'mailto:ops@ncbourbon.test',
};
