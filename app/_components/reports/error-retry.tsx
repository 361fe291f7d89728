/** An error banner; with onRetry it offers Try Again. */
export function ErrorRetry({ message, onRetry }: { message: string; onRetry?: () => void }) {
  return (
    <div className="alert alert-error row spread" role="alert">
      <span>{message}</span>
      {onRetry && (
        <button type="button" className="btn btn-secondary btn-sm" onClick={onRetry}>
          Try Again
        </button>
      )}
    </div>
  );
}
