// A decision's outcome with every member id in its words named by the one rule (domain/people.ts):
// a server's 409 says "already approved by member 1wiw3a8f…"; the person reads "… by member
// Alex Morgan (you)". Done where the outcome lands, so the dialog and the status line say the same.
import { namesIn, type People } from '../../domain/index.js';
import type { DialogOutcome } from '../../store/dialog.js';

export function outcomeWithNames(outcome: DialogOutcome, people: People, ascii: boolean): DialogOutcome {
  const name = (text: string) => namesIn(text, people, { ascii });
  return {
    ...outcome,
    headline: name(outcome.headline),
    ...(outcome.detail !== undefined ? { detail: name(outcome.detail) } : {}),
  };
}
