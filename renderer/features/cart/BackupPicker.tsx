import { useId } from 'react';
import { formatCases, formatCents, formatWineName } from '../../../shared/format';
import { backupConflict, backupExclusions } from './cartBackup';
import { useCartStore, type CartLine } from './cartStore';
import { useBackupSuggestions } from './queries';

const NONE = '';

/**
 * Chooses the wine the service sends instead when it cannot fill this line (issue 26): no backup,
 * or one of the similar wines of the same supplier suggested from the offline copy. Shown only
 * where the service takes backups.
 */
export function BackupPicker({ line, groupLines }: { line: CartLine; groupLines: readonly CartLine[] }) {
  const id = useId();
  const setBackup = useCartStore((state) => state.setBackup);
  const { suggestions, pending } = useBackupSuggestions(line.productId, backupExclusions(line, groupLines), true);
  const name = formatWineName(line);
  const chosen = line.backup;
  const conflict = backupConflict(line, groupLines);
  // The chosen backup stays a choice even when it is no longer suggested (sold out since, or the copy is older).
  const options = [
    ...(chosen && !suggestions.some((wine) => wine.id === chosen.productId) ? [{ id: chosen.productId, label: chosen.name, casePriceCents: chosen.casePriceCents }] : []),
    ...suggestions.map((wine) => ({
      id: wine.id,
      label: formatWineName({ name: wine.name, vintage: wine.vintage, sizeMl: wine.size_ml }),
      casePriceCents: wine.case_price_cents,
    })),
  ];
  const choose = (productId: string) => {
    const option = options.find((candidate) => candidate.id === productId);
    setBackup(line.productId, option ? { productId: option.id, name: option.label, casePriceCents: option.casePriceCents } : null);
  };
  return (
    <div className="field backup-picker">
      <label htmlFor={`${id}-backup`}>If {name} runs out, send instead</label>
      <select id={`${id}-backup`} value={chosen?.productId ?? NONE} onChange={(event) => choose(event.target.value)} aria-describedby={`${id}-backup-help`}>
        <option value={NONE}>No backup: refuse the order as it is</option>
        {options.map((option) => (
          <option key={option.id} value={option.id}>
            {option.label} · {formatCents(option.casePriceCents)} per case
          </option>
        ))}
      </select>
      <p id={`${id}-backup-help`} className="muted">
        {conflict ??
          (chosen
            ? line.quantity > line.inventoryAvailable
              ? `Only ${formatCases(line.inventoryAvailable)} of this wine in stock now: unless more comes in, ${chosen.name} is sent instead, ${formatCases(line.quantity)} at its own price.`
              : `${chosen.name}, ${formatCents(chosen.casePriceCents)} per case: the same number of cases is sent, at its own price, when this wine is short.`
            : pending
              ? 'Looking for similar wines of this supplier…'
              : suggestions.length === 0
                ? 'No similar wine of this supplier (same varietal or region, a similar price) is in stock.'
                : 'Similar wines of this supplier: same varietal or region, a similar price.')}
      </p>
    </div>
  );
}
