interface SpinnerProps {
  label?: string;
  fullScreen?: boolean;
}

export function Spinner({ label = 'Loading...', fullScreen = false }: SpinnerProps) {
  return (
    <div className={fullScreen ? 'spinner spinner--full' : 'spinner'} role="status" aria-live="polite">
      <span className="spinner__ring" aria-hidden="true" />
      <span className="spinner__label">{label}</span>
    </div>
  );
}
