interface Props {
  page: number;
  totalPages: number;
  onPage(page: number): void;
  label: string;
}

export function Pager({ page, totalPages, onPage, label }: Props) {
  if (totalPages <= 1) return null;
  return (
    <nav className="pager" aria-label={label}>
      <button type="button" onClick={() => onPage(page - 1)} disabled={page <= 1}>
        Previous page
      </button>
      <span aria-live="polite">
        Page {page} of {totalPages}
      </span>
      <button type="button" onClick={() => onPage(page + 1)} disabled={page >= totalPages}>
        Next page
      </button>
    </nav>
  );
}
