import { useId, useState, type FormEvent } from 'react';
import { GUIDE_CSV_COLUMNS, GUIDE_CSV_MAX_BYTES, type GuideImportResult } from '../../../shared/bridge';
import { formatCount } from '../../../shared/format';
import { routeHref } from '../../app/routes';
import { errorMessage } from '../../lib/bridgeErrors';
import { formatBytes } from '../../lib/formatBytes';
import { guideNameProblem, serverFieldError } from './guideForm';
import { useImportGuide } from './mutations';

/** A new guide from a CSV file (columns `GUIDE_CSV_COLUMNS`), with a report of the rows that could not be used. */
export function ImportGuide() {
  const id = useId();
  const [file, setFile] = useState<File | null>(null);
  const [name, setName] = useState('');
  const [errors, setErrors] = useState<{ file?: string; name?: string; form?: string }>({});
  const [report, setReport] = useState<GuideImportResult | null>(null);
  const importGuide = useImportGuide();

  const onFile = (chosen: File | null) => {
    setFile(chosen);
    setReport(null);
    setErrors({});
    if (chosen && name.trim() === '') setName(chosen.name.replace(/\.[^.]*$/, '').slice(0, 60));
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setReport(null);
    const fileError = !file
      ? 'Choose a CSV file.'
      : file.size > GUIDE_CSV_MAX_BYTES
        ? `The file is ${formatBytes(file.size)}; a guide's CSV can be at most ${formatBytes(GUIDE_CSV_MAX_BYTES)}.`
        : null;
    const nameError = guideNameProblem(name);
    if (fileError || nameError || !file) {
      setErrors({ ...(fileError ? { file: fileError } : {}), ...(nameError ? { name: nameError } : {}) });
      return;
    }
    setErrors({});
    let csv: string;
    try {
      csv = await file.text();
    } catch (error) {
      setErrors({ file: `The file could not be read: ${errorMessage(error)}` });
      return;
    }
    importGuide.mutate(
      { name, csv },
      {
        onSuccess: setReport,
        onError: (error) =>
          setErrors({ file: serverFieldError(error, 'csv') ?? undefined, name: serverFieldError(error, 'name') ?? undefined, form: errorMessage(error) }),
      },
    );
  };

  return (
    <form className="guide-import" onSubmit={(event) => void onSubmit(event)} noValidate aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>Import a guide from CSV</h2>
      <p className="muted" id={`${id}-help`}>
        The first row names the columns: {GUIDE_CSV_COLUMNS.join(', ')}. Each row needs a sku or a upc, and a par (a whole number of cases, 0 or more).
      </p>
      <div className="field">
        <label htmlFor={`${id}-file`}>CSV file</label>
        <input
          id={`${id}-file`}
          type="file"
          accept=".csv,text/csv"
          onChange={(event) => onFile(event.target.files?.[0] ?? null)}
          aria-invalid={errors.file ? true : undefined}
          aria-describedby={errors.file ? `${id}-file-error ${id}-help` : `${id}-help`}
        />
        {errors.file ? <p id={`${id}-file-error`} className="field-error">{errors.file}</p> : null}
      </div>
      <div className="field">
        <label htmlFor={`${id}-name`}>Name of the new guide</label>
        <input
          id={`${id}-name`}
          value={name}
          onChange={(event) => setName(event.target.value)}
          aria-invalid={errors.name ? true : undefined}
          aria-describedby={errors.name ? `${id}-name-error` : undefined}
        />
        {errors.name ? <p id={`${id}-name-error`} className="field-error">{errors.name}</p> : null}
      </div>
      {errors.form && !errors.file && !errors.name ? <p className="field-error" role="alert">Not imported: {errors.form}</p> : null}
      <div className="actions">
        <button type="submit" disabled={importGuide.isPending}>
          Import
        </button>
      </div>
      <div role="status" className="import-report">
        {report ? <ImportReport report={report} /> : null}
      </div>
    </form>
  );
}

function ImportReport({ report }: { report: GuideImportResult }) {
  return (
    <>
      {report.guide ? (
        <p>
          Imported {formatCount(report.guide.lines.length, 'product', 'products')} of {formatCount(report.rows, 'row', 'rows')} into{' '}
          <a href={routeHref({ screen: 'guide', id: report.guide.id })}>{report.guide.name}</a>.
        </p>
      ) : (
        <p className="field-error">No row could be used, so nothing was saved.</p>
      )}
      {report.skipped.length > 0 ? (
        <>
          <p>{formatCount(report.skipped.length, 'row was', 'rows were')} left out:</p>
          <ul className="import-skipped">
            {report.skipped.map((problem) => (
              <li key={problem.row}>{problem.message}</li>
            ))}
          </ul>
        </>
      ) : null}
      {report.detailsIncomplete ? (
        <p>
          Product details, which carry the SKU and UPC, are not yet on this computer for every product: rows not found may match once the
          download has finished (see “Offline copy” in Settings). Import the file again then.
        </p>
      ) : null}
    </>
  );
}
