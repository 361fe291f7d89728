import { Banner, failure } from '../form';

/** An error banner; with onRetry it offers Try Again. */
export function ErrorRetry({ message, onRetry }: { message: string; onRetry?: () => void }) {
  return <Banner message={failure(message)} action={onRetry && { label: 'Try Again', onClick: onRetry }} />;
}
