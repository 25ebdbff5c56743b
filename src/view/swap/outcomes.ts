// The live engine's answers in the swap form's words: a route's outcome becomes an answer or a
// failure tied to the form field at fault; a create's outcome becomes the card's last line.
import type { SwapAnswer, SwapCreateResult } from '../../store/swap.js';
import type { LiveActions } from '../model/live-actions.js';
import { fieldOfRequest } from './validate.js';

type QuoteOutcome = Awaited<ReturnType<LiveActions['quote']>>;
type ActionOutcome = Awaited<ReturnType<LiveActions['create']>>;

const FIELD_PREFIX = /^([A-Za-z]+):\s*/;

export function quoteAnswer(outcome: QuoteOutcome): SwapAnswer {
  switch (outcome.kind) {
    case 'quote':
      return { kind: 'answer', answer: outcome.answer, receivedAt: outcome.receivedAt };
    case 'unavailable':
      return { kind: 'failure', failure: { kind: 'unavailable', message: outcome.message } };
    case 'invalid': {
      // The sandbox's messages start with the request field ("fromAmount: ..."): beside the form
      // field the name is noise.
      const named = outcome.field ?? FIELD_PREFIX.exec(outcome.message)?.[1];
      const field = fieldOfRequest(named);
      const message =
        field !== undefined && named !== undefined && outcome.message.startsWith(`${named}:`)
          ? outcome.message.replace(FIELD_PREFIX, '')
          : outcome.message;
      return { kind: 'failure', failure: { kind: 'invalid', message, ...(field !== undefined ? { field } : {}) } };
    }
    case 'network':
      return { kind: 'failure', failure: { kind: 'network', message: outcome.message } };
    case 'refused':
      return {
        kind: 'failure',
        failure: { kind: 'refused', message: `${outcome.status} ${outcome.code}: ${outcome.message}` },
      };
  }
}

/** A refusal because the quote ran out (the server's words say so; it has no code of its own). */
function saysExpired(message: string): boolean {
  return /expired/i.test(message);
}

export function createResult(outcome: ActionOutcome): SwapCreateResult {
  switch (outcome.kind) {
    case 'done': {
      const t = outcome.transaction;
      return {
        kind: 'done',
        message: `created ${t.transactionType} ${t.transactionId} (${t.status})`,
        transactionId: t.transactionId,
      };
    }
    case 'refused':
      return saysExpired(outcome.message)
        ? { kind: 'expired', message: outcome.message }
        : { kind: 'refused', message: `${outcome.status} ${outcome.code}: ${outcome.message}` };
    // The live layer's sentences say what happened and what it means (live/outcome-words.ts).
    case 'network':
      return { kind: 'network', message: outcome.message };
    case 'forbidden':
      return { kind: 'forbidden', message: outcome.message };
    case 'conflict':
      return { kind: 'conflict', message: outcome.message };
    case 'duplicate':
      return { kind: 'duplicate', message: 'this create is already on its way' };
  }
}
