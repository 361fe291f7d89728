import type { Metadata } from 'next';
import { RequestResetForm } from './request-reset-form';

export const metadata: Metadata = { title: 'Reset your password' };

export default function RequestPasswordResetPage() {
  return <RequestResetForm />;
}
