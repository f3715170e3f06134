import './Spinner.css';

/** The full-page spinner shown while the interface language loads. */
export function Spinner() {
  return (
    <div className="spinner" role="status" aria-busy="true">
      <span className="spinner__ring" />
    </div>
  );
}
