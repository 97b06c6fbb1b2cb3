import type { Substitution, SubstitutionReason, TimelineSubstitution } from '../../../shared/schemas';

const REASON_WORDS: Record<SubstitutionReason, string> = {
  out_of_stock: 'out of stock',
  not_enough_stock: 'short of the quantity ordered',
};

/** Under an order line filled with its backup (issue 26): what was asked for, and why it was not sent. */
export const substitutionNote = (substitution: Substitution): string =>
  `Backup for ${substitution.requested_product_name}, which was ${REASON_WORDS[substitution.reason]}.`;

/** The words of an `item_substituted` timeline entry: what was sent instead of what. */
export const substitutionEntry = (substitution: TimelineSubstitution): string =>
  `${substitution.product_name} sent instead of ${substitution.requested_product_name} (${REASON_WORDS[substitution.reason]}).`;
